// SpreadsheetApp as the script sees it: every call is checked against the execution's permissions and counted.
import { CLOSED, formatA1, openEndsOf, splitSheetName, type GridRect, type OpenEnds } from './a1';
import { displayValue } from './cell-input';
import type { GasShape } from './gas-shape';
import { FakeRichTextValue, FakeRichTextValueBuilder } from './rich-text';
import type { Access, Runtime } from './runtime';
import { FakeUser, SCRIPT_TIME_ZONE } from './session';
import {
  DEFAULT_BACKGROUND,
  type Cell,
  type FakeSheet,
  type FakeSpreadsheet,
  type NamedRangeEntry,
  type SortKey,
} from './spreadsheet-model';
import { FakeUi, type UiLog } from './ui';

/** What the spreadsheet facades share. */
interface Services {
  runtime: Runtime;
  model: FakeSpreadsheet;
  uiLog: UiLog;
}

export class FakeSpreadsheetApp implements GasShape<
  GoogleAppsScript.Spreadsheet.SpreadsheetApp,
  | 'getActiveSpreadsheet'
  | 'getActive'
  | 'getActiveSheet'
  | 'getActiveRange'
  | 'setActiveRange'
  | 'getCurrentCell'
  | 'getSelection'
  | 'newRichTextValue'
  | 'getUi'
  | 'openById'
  | 'flush'
> {
  constructor(private readonly services: Services) {}

  getActiveSpreadsheet(): FakeSpreadsheetFacade {
    this.services.runtime.use('sheetRead', 'SpreadsheetApp.getActiveSpreadsheet');
    return new FakeSpreadsheetFacade(this.services);
  }

  getActive(): FakeSpreadsheetFacade {
    this.services.runtime.use('sheetRead', 'SpreadsheetApp.getActive');
    return new FakeSpreadsheetFacade(this.services);
  }

  getActiveSheet(): FakeSheetFacade {
    this.services.runtime.use('sheetRead', 'SpreadsheetApp.getActiveSheet');
    return new FakeSheetFacade(this.services, this.services.model.activeSheet());
  }

  /** The user's selection in the active sheet (A1 until they select something). */
  getActiveRange(): FakeRange {
    this.services.runtime.use('sheetRead', 'SpreadsheetApp.getActiveRange');
    return activeRange(this.services);
  }

  setActiveRange(range: unknown): FakeRange {
    this.services.runtime.use('sheetWrite', 'SpreadsheetApp.setActiveRange');
    return rangeOf(this.services.runtime, range, 'setActiveRange').select();
  }

  getCurrentCell(): FakeRange {
    this.services.runtime.use('sheetRead', 'SpreadsheetApp.getCurrentCell');
    return currentCell(this.services);
  }

  getSelection(): FakeSelection {
    this.services.runtime.use('sheetRead', 'SpreadsheetApp.getSelection');
    return new FakeSelection(this.services);
  }

  /** A builder of a rich-text value (no round trip to Sheets: built in the script). */
  newRichTextValue(): FakeRichTextValueBuilder {
    this.services.runtime.use('sheetRead', 'SpreadsheetApp.newRichTextValue');
    return new FakeRichTextValueBuilder(this.services.runtime);
  }

  getUi(): FakeUi {
    this.services.runtime.use('menu', 'SpreadsheetApp.getUi');
    return new FakeUi(this.services.runtime, this.services.uiLog);
  }

  /** The add-on's manifest only grants spreadsheets.currentonly, so opening any file by id is refused. */
  openById(): never {
    this.services.runtime.use('sheetRead', 'SpreadsheetApp.openById');
    throw this.services.runtime.exception(
      'You do not have permission to call SpreadsheetApp.openById. Required permissions: https://www.googleapis.com/auth/spreadsheets',
    );
  }

  flush(): void {
    this.services.runtime.use('sheetRead', 'SpreadsheetApp.flush');
  }
}

// insertSheet is left out: its overloads take an options object this fake does not support.
type SpreadsheetMembers =
  | 'getId'
  | 'getName'
  | 'getUrl'
  | 'getSheets'
  | 'getSheetByName'
  | 'getSheetById'
  | 'deleteSheet'
  | 'getActiveSheet'
  | 'setActiveSheet'
  | 'getActiveRange'
  | 'setActiveRange'
  | 'getActiveCell'
  | 'getCurrentCell'
  | 'getSelection'
  | 'getRange'
  | 'setNamedRange'
  | 'getRangeByName'
  | 'removeNamedRange'
  | 'getNamedRanges'
  | 'toast'
  | 'getOwner'
  | 'getSpreadsheetTimeZone';

export class FakeSpreadsheetFacade implements GasShape<GoogleAppsScript.Spreadsheet.Spreadsheet, SpreadsheetMembers> {
  constructor(private readonly services: Services) {}

  private use(access: Access, method: string): FakeSpreadsheet {
    this.services.runtime.use(access, `Spreadsheet.${method}`);
    return this.services.model;
  }

  getId(): string {
    return this.use('sheetRead', 'getId').id;
  }

  getName(): string {
    return this.use('sheetRead', 'getName').name;
  }

  getUrl(): string {
    return `https://docs.google.com/spreadsheets/d/${this.use('sheetRead', 'getUrl').id}/edit`;
  }

  getSheets(): FakeSheetFacade[] {
    const sheets = this.use('sheetRead', 'getSheets').sheets();
    return this.services.runtime.toScript(sheets.map((sheet) => new FakeSheetFacade(this.services, sheet)));
  }

  getSheetByName(name: string): FakeSheetFacade | null {
    const sheet = this.use('sheetRead', 'getSheetByName').findSheet(String(name));
    return sheet ? new FakeSheetFacade(this.services, sheet) : null;
  }

  getSheetById(id: number): FakeSheetFacade | null {
    const sheet = this.use('sheetRead', 'getSheetById')
      .sheets()
      .find((s) => s.sheetId === id);
    return sheet ? new FakeSheetFacade(this.services, sheet) : null;
  }

  /** insertSheet(), insertSheet(name), insertSheet(index) or insertSheet(name, index). */
  insertSheet(nameOrIndex?: string | number, index?: number): FakeSheetFacade {
    const model = this.use('sheetWrite', 'insertSheet');
    const sheet =
      typeof nameOrIndex === 'number'
        ? model.insertSheet(undefined, nameOrIndex)
        : model.insertSheet(nameOrIndex, index);
    return new FakeSheetFacade(this.services, sheet);
  }

  deleteSheet(sheet: unknown): void {
    const model = this.use('sheetWrite', 'deleteSheet');
    model.deleteSheet(sheetOf(this.services.runtime, sheet, 'Spreadsheet.deleteSheet'));
  }

  getActiveSheet(): FakeSheetFacade {
    return new FakeSheetFacade(this.services, this.use('sheetRead', 'getActiveSheet').activeSheet());
  }

  setActiveSheet(sheet: unknown): FakeSheetFacade {
    const model = this.use('sheetWrite', 'setActiveSheet');
    const target = sheetOf(this.services.runtime, sheet, 'Spreadsheet.setActiveSheet');
    model.activate(target);
    return new FakeSheetFacade(this.services, target);
  }

  getActiveRange(): FakeRange {
    this.use('sheetRead', 'getActiveRange');
    return activeRange(this.services);
  }

  /** Selects the range, in its own sheet (which becomes the active one). */
  setActiveRange(range: unknown): FakeRange {
    this.use('sheetWrite', 'setActiveRange');
    return rangeOf(this.services.runtime, range, 'setActiveRange').select();
  }

  getActiveCell(): FakeRange {
    this.use('sheetRead', 'getActiveCell');
    return currentCell(this.services);
  }

  getCurrentCell(): FakeRange {
    this.use('sheetRead', 'getCurrentCell');
    return currentCell(this.services);
  }

  getSelection(): FakeSelection {
    this.use('sheetRead', 'getSelection');
    return new FakeSelection(this.services);
  }

  /** getRange("Sheet1!A1:B2"), or a range of the active sheet when the notation names no sheet. */
  getRange(a1Notation: string): FakeRange {
    const model = this.use('sheetRead', 'getRange');
    const { sheetName } = splitSheetName(String(a1Notation));
    const sheet = sheetName === null ? model.activeSheet() : model.findSheet(sheetName);
    if (!sheet) throw this.services.runtime.exception('Range not found');
    return rangeAt(this.services, sheet, String(a1Notation));
  }

  /** Names a range; a name in use is moved to the new range. Invalid names throw. */
  setNamedRange(name: string, range: unknown): void {
    const model = this.use('sheetWrite', 'setNamedRange');
    const target = rangeOf(this.services.runtime, range, 'setNamedRange');
    model.setNamedRange(String(name), target.sheetModel, target.area);
  }

  /** The range a name stands for now (named ranges follow inserted and deleted rows), or null. */
  getRangeByName(name: string): FakeRange | null {
    const entry = this.use('sheetRead', 'getRangeByName').namedRange(String(name));
    return entry ? namedRangeArea(this.services, entry) : null;
  }

  removeNamedRange(name: string): void {
    this.use('sheetWrite', 'removeNamedRange').removeNamedRange(String(name));
  }

  getNamedRanges(): FakeNamedRange[] {
    const entries = this.use('sheetRead', 'getNamedRanges').namedRanges();
    return this.services.runtime.toScript(entries.map((entry) => new FakeNamedRange(this.services, entry)));
  }

  toast(msg: string, title: string = '', _timeoutSeconds?: number | null): void {
    this.use('toast', 'toast');
    this.services.uiLog.toasts.push({ message: String(msg), title: String(title) });
  }

  getOwner(): FakeUser {
    return new FakeUser(this.use('sheetRead', 'getOwner').owner);
  }

  getSpreadsheetTimeZone(): string {
    this.use('sheetRead', 'getSpreadsheetTimeZone');
    return SCRIPT_TIME_ZONE;
  }
}

function sheetOf(runtime: Runtime, value: unknown, method: string): FakeSheet {
  if (value instanceof FakeSheetFacade) return value.model;
  throw runtime.exception(
    `The parameters (${typeof value}) don't match the method signature for SpreadsheetApp.${method}.`,
  );
}

function rangeOf(runtime: Runtime, value: unknown, method: string): FakeRange {
  if (value instanceof FakeRange) return value;
  throw runtime.exception(
    `The parameters (${value === null ? 'null' : typeof value}) don't match the method signature for SpreadsheetApp.Spreadsheet.${method}.`,
  );
}

function rangeAt(services: Services, sheet: FakeSheet, a1: string): FakeRange {
  const facade = new FakeSheetFacade(services, sheet);
  return new FakeRange(services, facade, sheet.rect(a1), openEndsOf(splitSheetName(a1).cells));
}

function activeRange(services: Services): FakeRange {
  const sheet = services.model.activeSheet();
  const selection = services.model.selectionOf(sheet);
  return new FakeRange(services, new FakeSheetFacade(services, sheet), selection.rect, selection.ends);
}

function currentCell(services: Services): FakeRange {
  const sheet = services.model.activeSheet();
  const { row, column } = services.model.selectionOf(sheet).current;
  return new FakeRange(services, new FakeSheetFacade(services, sheet), { row, column, numRows: 1, numColumns: 1 });
}

function namedRangeArea(services: Services, entry: NamedRangeEntry): FakeRange {
  return new FakeRange(services, new FakeSheetFacade(services, entry.sheet), entry.rect!);
}

/** What the user selected (Spreadsheet.getSelection). */
export class FakeSelection implements GasShape<
  GoogleAppsScript.Spreadsheet.Selection,
  'getActiveRange' | 'getActiveSheet' | 'getCurrentCell'
> {
  constructor(private readonly services: Services) {}

  getActiveRange(): FakeRange {
    this.services.runtime.use('sheetRead', 'Selection.getActiveRange');
    return activeRange(this.services);
  }

  getActiveSheet(): FakeSheetFacade {
    this.services.runtime.use('sheetRead', 'Selection.getActiveSheet');
    return new FakeSheetFacade(this.services, this.services.model.activeSheet());
  }

  getCurrentCell(): FakeRange {
    this.services.runtime.use('sheetRead', 'Selection.getCurrentCell');
    return currentCell(this.services);
  }
}

/** A named range (Spreadsheet.getNamedRanges): it always reads the range the name stands for now. */
export class FakeNamedRange implements GasShape<
  GoogleAppsScript.Spreadsheet.NamedRange,
  'getName' | 'setName' | 'getRange' | 'setRange' | 'remove'
> {
  constructor(
    private readonly services: Services,
    private readonly entry: NamedRangeEntry,
  ) {}

  private use(access: Access, method: string): NamedRangeEntry {
    this.services.runtime.use(access, `NamedRange.${method}`);
    if (!this.services.model.namedRanges().includes(this.entry)) {
      throw this.services.runtime.exception('This named range no longer exists.');
    }
    return this.entry;
  }

  getName(): string {
    return this.use('sheetRead', 'getName').name;
  }

  setName(name: string): this {
    this.services.model.renameNamedRange(this.use('sheetWrite', 'setName'), String(name));
    return this;
  }

  getRange(): FakeRange {
    return namedRangeArea(this.services, this.use('sheetRead', 'getRange'));
  }

  setRange(range: unknown): this {
    const entry = this.use('sheetWrite', 'setRange');
    const target = rangeOf(this.services.runtime, range, 'setRange');
    this.services.model.setNamedRange(entry.name, target.sheetModel, target.area);
    return this;
  }

  remove(): void {
    this.services.model.removeNamedRange(this.use('sheetWrite', 'remove').name);
  }
}

type SheetMembers =
  | 'getName'
  | 'setName'
  | 'getSheetId'
  | 'getIndex'
  | 'getParent'
  | 'getRange'
  | 'getDataRange'
  | 'getLastRow'
  | 'getLastColumn'
  | 'getMaxRows'
  | 'getMaxColumns'
  | 'insertRowsAfter'
  | 'insertRowsBefore'
  | 'insertRowAfter'
  | 'insertRowBefore'
  | 'insertRows'
  | 'deleteRow'
  | 'deleteRows'
  | 'sort'
  | 'getActiveRange'
  | 'setActiveRange'
  | 'getActiveCell'
  | 'insertColumnsAfter'
  | 'appendRow'
  | 'setFrozenRows'
  | 'getFrozenRows'
  | 'hideSheet'
  | 'isSheetHidden'
  | 'clear'
  | 'activate'
  | 'autoResizeColumns';

export class FakeSheetFacade implements GasShape<GoogleAppsScript.Spreadsheet.Sheet, SheetMembers> {
  constructor(
    private readonly services: Services,
    readonly model: FakeSheet,
  ) {}

  private use(access: Access, method: string): FakeSheet {
    this.services.runtime.use(access, `Sheet.${method}`);
    return this.model;
  }

  getName(): string {
    return this.use('sheetRead', 'getName').name;
  }

  setName(name: string): this {
    this.services.model.rename(this.use('sheetWrite', 'setName'), String(name));
    return this;
  }

  getSheetId(): number {
    return this.use('sheetRead', 'getSheetId').sheetId;
  }

  /** 1-based position among the sheets. */
  getIndex(): number {
    return this.services.model.sheets().indexOf(this.use('sheetRead', 'getIndex')) + 1;
  }

  getParent(): FakeSpreadsheetFacade {
    this.use('sheetRead', 'getParent');
    return new FakeSpreadsheetFacade(this.services);
  }

  /** getRange(a1) or getRange(row, column, numRows = 1, numColumns = 1). */
  getRange(rowOrA1: number | string, column?: number, numRows: number = 1, numColumns: number = 1): FakeRange {
    const sheet = this.use('sheetRead', 'getRange');
    if (typeof rowOrA1 === 'string') {
      return new FakeRange(this.services, this, sheet.rect(rowOrA1), openEndsOf(splitSheetName(rowOrA1).cells));
    }
    const runtime = this.services.runtime;
    if (typeof column !== 'number' || ![rowOrA1, column, numRows, numColumns].every(Number.isInteger)) {
      throw runtime.exception("The parameters don't match the method signature for SpreadsheetApp.Sheet.getRange.");
    }
    if (rowOrA1 < 1) throw runtime.exception('The starting row of the range is too small.');
    if (column < 1) throw runtime.exception('The starting column of the range is too small.');
    if (numRows < 1) throw runtime.exception('The number of rows in the range must be at least 1.');
    if (numColumns < 1) throw runtime.exception('The number of columns in the range must be at least 1.');
    const rect = { row: rowOrA1, column, numRows, numColumns };
    sheet.checkInGrid(rect);
    return new FakeRange(this.services, this, rect);
  }

  getDataRange(): FakeRange {
    return new FakeRange(this.services, this, this.use('sheetRead', 'getDataRange').dataRange());
  }

  getLastRow(): number {
    return this.use('sheetRead', 'getLastRow').lastRow();
  }

  getLastColumn(): number {
    return this.use('sheetRead', 'getLastColumn').lastColumn();
  }

  getMaxRows(): number {
    return this.use('sheetRead', 'getMaxRows').maxRows;
  }

  getMaxColumns(): number {
    return this.use('sheetRead', 'getMaxColumns').maxColumns;
  }

  insertRowsAfter(afterPosition: number, howMany: number): this {
    const sheet = this.structureChange('insertRowsAfter');
    this.checkPosition(afterPosition, howMany, sheet.maxRows);
    sheet.insertRows(afterPosition, howMany);
    return this;
  }

  insertRowsBefore(beforePosition: number, howMany: number): this {
    const sheet = this.structureChange('insertRowsBefore');
    this.checkPosition(beforePosition, howMany, sheet.maxRows);
    sheet.insertRows(beforePosition - 1, howMany);
    return this;
  }

  insertRowAfter(afterPosition: number): this {
    const sheet = this.structureChange('insertRowAfter');
    this.checkPosition(afterPosition, 1, sheet.maxRows);
    sheet.insertRows(afterPosition, 1);
    return this;
  }

  insertRowBefore(beforePosition: number): this {
    const sheet = this.structureChange('insertRowBefore');
    this.checkPosition(beforePosition, 1, sheet.maxRows);
    sheet.insertRows(beforePosition - 1, 1);
    return this;
  }

  /** Inserts `numRows` blank rows before `rowIndex`. */
  insertRows(rowIndex: number, numRows: number = 1): void {
    const sheet = this.structureChange('insertRows');
    this.checkPosition(rowIndex, numRows, sheet.maxRows);
    sheet.insertRows(rowIndex - 1, numRows);
  }

  deleteRow(rowPosition: number): this {
    this.removeRows(this.structureChange('deleteRow'), rowPosition, 1);
    return this;
  }

  deleteRows(rowPosition: number, howMany: number): void {
    this.removeRows(this.structureChange('deleteRows'), rowPosition, howMany);
  }

  /** Sorts the rows below the frozen ones by one column. */
  sort(columnPosition: number, ascending: boolean = true): this {
    const sheet = this.structureChange('sort');
    if (!Number.isInteger(columnPosition) || columnPosition < 1 || columnPosition > sheet.maxColumns) {
      throw this.services.runtime.exception('Those columns are out of bounds.');
    }
    const first = sheet.frozenRows + 1;
    const last = sheet.lastRow();
    const width = Math.max(sheet.lastColumn(), columnPosition);
    if (last >= first) {
      const rect = { row: first, column: 1, numRows: last - first + 1, numColumns: width };
      sheet.sortRows(rect, [{ column: columnPosition, ascending: ascending !== false }]);
    }
    return this;
  }

  /** The user's selection in the active sheet, whichever sheet this is. */
  getActiveRange(): FakeRange {
    this.use('sheetRead', 'getActiveRange');
    return activeRange(this.services);
  }

  setActiveRange(range: unknown): FakeRange {
    this.use('sheetWrite', 'setActiveRange');
    return rangeOf(this.services.runtime, range, 'setActiveRange').select();
  }

  getActiveCell(): FakeRange {
    this.use('sheetRead', 'getActiveCell');
    return currentCell(this.services);
  }

  /** A call that changes the sheet's grid: a round trip that writes. */
  private structureChange(method: string): FakeSheet {
    const sheet = this.use('sheetWrite', method);
    this.services.model.stats.writeCalls++;
    return sheet;
  }

  private removeRows(sheet: FakeSheet, rowPosition: number, howMany: number): void {
    this.checkPosition(rowPosition, howMany, sheet.maxRows);
    const lastDeleted = rowPosition + howMany - 1;
    if (lastDeleted > sheet.maxRows) throw this.services.runtime.exception('Those rows are out of bounds.');
    const frozenKept = sheet.frozenRows - Math.max(0, Math.min(sheet.frozenRows, lastDeleted) - rowPosition + 1);
    if (sheet.maxRows - howMany - frozenKept <= 0) {
      throw this.services.runtime.exception('Sorry, it is not possible to delete all non-frozen rows.');
    }
    sheet.frozenRows = frozenKept;
    sheet.deleteRows(rowPosition, howMany);
  }

  insertColumnsAfter(afterPosition: number, howMany: number): this {
    const sheet = this.use('sheetWrite', 'insertColumnsAfter');
    this.checkPosition(afterPosition, howMany, sheet.maxColumns);
    sheet.insertColumns(afterPosition, howMany);
    return this;
  }

  /** Writes after the last row with content, growing the sheet when needed; strings are parsed as typed. */
  appendRow(rowContents: unknown[]): this {
    const sheet = this.use('sheetWrite', 'appendRow');
    if (!Array.isArray(rowContents)) {
      throw this.services.runtime.exception(
        "The parameters don't match the method signature for SpreadsheetApp.Sheet.appendRow.",
      );
    }
    this.services.model.stats.writeCalls++;
    const row = sheet.lastRow() + 1;
    if (row > sheet.maxRows) sheet.insertRows(sheet.maxRows, row - sheet.maxRows);
    if (rowContents.length > sheet.maxColumns)
      sheet.insertColumns(sheet.maxColumns, rowContents.length - sheet.maxColumns);
    sheet.writeValues({ row, column: 1, numRows: 1, numColumns: rowContents.length }, [rowContents]);
    return this;
  }

  setFrozenRows(rows: number): void {
    const sheet = this.use('sheetWrite', 'setFrozenRows');
    if (!Number.isInteger(rows) || rows < 0 || rows >= sheet.maxRows) {
      throw this.services.runtime.exception('Invalid argument: rows');
    }
    sheet.frozenRows = rows;
  }

  getFrozenRows(): number {
    return this.use('sheetRead', 'getFrozenRows').frozenRows;
  }

  /** Hides the sheet from the tabs; its cells stay readable and writable. */
  hideSheet(): this {
    this.use('sheetWrite', 'hideSheet').hidden = true;
    return this;
  }

  isSheetHidden(): boolean {
    return this.use('sheetRead', 'isSheetHidden').hidden;
  }

  /** Clears contents and formats of the whole sheet. */
  clear(): this {
    const sheet = this.use('sheetWrite', 'clear');
    this.services.model.stats.writeCalls++;
    sheet.clear({ row: 1, column: 1, numRows: sheet.maxRows, numColumns: sheet.maxColumns }, false);
    return this;
  }

  activate(): this {
    this.services.model.activate(this.use('sheetWrite', 'activate'));
    return this;
  }

  autoResizeColumns(_startColumn: number, _numColumns: number): this {
    this.use('sheetWrite', 'autoResizeColumns');
    return this;
  }

  private checkPosition(afterPosition: number, howMany: number, max: number): void {
    if (!Number.isInteger(afterPosition) || afterPosition < 1 || afterPosition > max) {
      throw this.services.runtime.exception('Those rows are out of bounds.');
    }
    if (!Number.isInteger(howMany) || howMany < 1) throw this.services.runtime.exception('Invalid argument: howMany');
  }
}

type RangeMembers =
  | 'getValues'
  | 'setValues'
  | 'getValue'
  | 'setValue'
  | 'getDisplayValues'
  | 'getDisplayValue'
  | 'getFormulas'
  | 'getFormula'
  | 'getNumberFormats'
  | 'getNumberFormat'
  | 'setNumberFormat'
  | 'setNumberFormats'
  | 'getRow'
  | 'getColumn'
  | 'getNumRows'
  | 'getNumColumns'
  | 'getLastRow'
  | 'getLastColumn'
  | 'getA1Notation'
  | 'getSheet'
  | 'clearContent'
  | 'clear'
  | 'setFontWeight'
  | 'offset'
  | 'activate'
  | 'sort'
  | 'setRichTextValues'
  | 'setRichTextValue'
  | 'getRichTextValues'
  | 'getRichTextValue'
  | 'getNotes'
  | 'getNote'
  | 'setNotes'
  | 'setNote'
  | 'getBackgrounds'
  | 'getBackground'
  | 'setBackgrounds'
  | 'setBackground';

export class FakeRange implements GasShape<GoogleAppsScript.Spreadsheet.Range, RangeMembers> {
  constructor(
    private readonly services: Services,
    private readonly sheet: FakeSheetFacade,
    private readonly rect: GridRect,
    private readonly ends: OpenEnds = CLOSED,
  ) {}

  /** For the other facades: the sheet and cells this range covers. */
  get sheetModel(): FakeSheet {
    return this.sheet.model;
  }

  get area(): GridRect {
    return { ...this.rect };
  }

  /** Makes this the user's selection (its sheet becomes active); no permission check (callers make it). */
  select(): this {
    this.services.model.setSelection(this.sheet.model, this.rect, this.ends);
    return this;
  }

  private read(method: string): FakeSheet {
    this.services.runtime.use('sheetRead', `Range.${method}`);
    this.services.model.stats.readCalls++;
    return this.sheet.model;
  }

  private write(method: string): FakeSheet {
    this.services.runtime.use('sheetWrite', `Range.${method}`);
    this.services.model.stats.writeCalls++;
    return this.sheet.model;
  }

  getValues(): unknown[][] {
    const sheet = this.read('getValues');
    this.services.model.stats.getValuesCalls++;
    return this.services.runtime.toScript(sheet.map(this.rect, (cell) => cell.value));
  }

  getValue(): unknown {
    const sheet = this.read('getValue');
    this.services.model.stats.getValueCalls++;
    return this.services.runtime.toScript(sheet.cell(this.rect.row, this.rect.column).value);
  }

  getDisplayValues(): string[][] {
    const sheet = this.read('getDisplayValues');
    return this.services.runtime.toScript(sheet.map(this.rect, (cell) => displayValue(cell.value, cell.format)));
  }

  getDisplayValue(): string {
    const cell = this.read('getDisplayValue').cell(this.rect.row, this.rect.column);
    return displayValue(cell.value, cell.format);
  }

  getFormulas(): string[][] {
    return this.services.runtime.toScript(this.read('getFormulas').map(this.rect, (cell) => cell.formula));
  }

  getFormula(): string {
    return this.read('getFormula').cell(this.rect.row, this.rect.column).formula;
  }

  getNumberFormats(): string[][] {
    return this.services.runtime.toScript(this.read('getNumberFormats').map(this.rect, (cell) => cell.format));
  }

  getNumberFormat(): string {
    return this.read('getNumberFormat').cell(this.rect.row, this.rect.column).format;
  }

  getNotes(): string[][] {
    return this.services.runtime.toScript(this.read('getNotes').map(this.rect, (cell) => cell.note ?? ''));
  }

  getNote(): string {
    return this.read('getNote').cell(this.rect.row, this.rect.column).note ?? '';
  }

  /** A null or '' note removes the cell's note, as in Sheets. */
  setNotes(notes: (string | null)[][]): this {
    const sheet = this.write('setNotes');
    this.checkShape(notes, 'setNotes');
    this.forEachCell((row, column, r, c) => sheet.setCell(row, column, withNote(sheet.cell(row, column), notes[r][c])));
    return this;
  }

  setNote(note: string | null): this {
    const sheet = this.write('setNote');
    this.forEachCell((row, column) => sheet.setCell(row, column, withNote(sheet.cell(row, column), note)));
    return this;
  }

  getBackgrounds(): string[][] {
    const sheet = this.read('getBackgrounds');
    return this.services.runtime.toScript(sheet.map(this.rect, (cell) => cell.background ?? DEFAULT_BACKGROUND));
  }

  getBackground(): string {
    return this.read('getBackground').cell(this.rect.row, this.rect.column).background ?? DEFAULT_BACKGROUND;
  }

  /** A null colour resets the cell to white, as in Sheets. */
  setBackgrounds(colors: (string | null)[][]): this {
    const sheet = this.write('setBackgrounds');
    this.checkShape(colors, 'setBackgrounds');
    this.forEachCell((row, column, r, c) =>
      sheet.setCell(row, column, withBackground(sheet.cell(row, column), colors[r][c])),
    );
    return this;
  }

  setBackground(color: string | null): this {
    const sheet = this.write('setBackground');
    this.forEachCell((row, column) => sheet.setCell(row, column, withBackground(sheet.cell(row, column), color)));
    return this;
  }

  setValues(values: unknown[][]): this {
    const sheet = this.write('setValues');
    this.services.model.stats.setValuesCalls++;
    this.checkShape(values, 'setValues');
    sheet.writeValues(this.rect, values);
    return this;
  }

  /** Sets every cell of the range to `value`. */
  setValue(value: unknown): this {
    const sheet = this.write('setValue');
    this.services.model.stats.setValueCalls++;
    sheet.writeValues(this.rect, this.filled(value));
    return this;
  }

  setNumberFormat(numberFormat: string): this {
    const sheet = this.write('setNumberFormat');
    this.forEachCell((row, column) =>
      sheet.setCell(row, column, { ...sheet.cell(row, column), format: String(numberFormat) }),
    );
    return this;
  }

  setNumberFormats(numberFormats: string[][]): this {
    const sheet = this.write('setNumberFormats');
    this.checkShape(numberFormats, 'setNumberFormats');
    this.forEachCell((row, column, r, c) =>
      sheet.setCell(row, column, { ...sheet.cell(row, column), format: String(numberFormats[r][c]) }),
    );
    return this;
  }

  getRow(): number {
    this.services.runtime.use('sheetRead', 'Range.getRow');
    return this.rect.row;
  }

  getColumn(): number {
    this.services.runtime.use('sheetRead', 'Range.getColumn');
    return this.rect.column;
  }

  getNumRows(): number {
    this.services.runtime.use('sheetRead', 'Range.getNumRows');
    return this.rect.numRows;
  }

  getNumColumns(): number {
    this.services.runtime.use('sheetRead', 'Range.getNumColumns');
    return this.rect.numColumns;
  }

  getLastRow(): number {
    this.services.runtime.use('sheetRead', 'Range.getLastRow');
    return this.rect.row + this.rect.numRows - 1;
  }

  getLastColumn(): number {
    this.services.runtime.use('sheetRead', 'Range.getLastColumn');
    return this.rect.column + this.rect.numColumns - 1;
  }

  getA1Notation(): string {
    this.services.runtime.use('sheetRead', 'Range.getA1Notation');
    return formatA1(this.rect, this.ends);
  }

  getSheet(): FakeSheetFacade {
    this.services.runtime.use('sheetRead', 'Range.getSheet');
    return this.sheet;
  }

  /** Clears values and formulas, keeping formats. */
  clearContent(): this {
    this.write('clearContent').clear(this.rect, true);
    return this;
  }

  /** Clears values, formulas and formats. */
  clear(): this {
    this.write('clear').clear(this.rect, false);
    return this;
  }

  setFontWeight(_fontWeight: string | null): this {
    this.services.runtime.use('sheetWrite', 'Range.setFontWeight');
    return this;
  }

  /** Selects this range, with its top-left cell as the current cell; its sheet becomes the active one. */
  activate(): this {
    this.services.runtime.use('sheetWrite', 'Range.activate');
    return this.select();
  }

  /**
   * sort(column), sort({column, ascending}) or sort([...]): columns are sheet columns (1-based) inside the range.
   * Only the range's cells move.
   */
  sort(sortSpecObj: unknown): this {
    const sheet = this.write('sort');
    sheet.sortRows(this.rect, this.sortKeys(sortSpecObj));
    return this;
  }

  /** Each cell holds exactly the value's text, never parsed; number formats stay. */
  setRichTextValues(values: unknown[][]): this {
    const sheet = this.write('setRichTextValues');
    this.services.model.stats.setRichTextValuesCalls++;
    this.checkShape(values, 'setRichTextValues');
    sheet.writeTexts(this.rect, this.richTexts(values, 'setRichTextValues'));
    return this;
  }

  /** Sets every cell of the range to the value's text. */
  setRichTextValue(value: unknown): this {
    const sheet = this.write('setRichTextValue');
    this.services.model.stats.setRichTextValuesCalls++;
    sheet.writeTexts(this.rect, this.richTexts(this.filled(value), 'setRichTextValue'));
    return this;
  }

  /** A rich-text value for each cell holding text (or nothing); null for numbers, booleans and dates. */
  getRichTextValues(): Array<Array<FakeRichTextValue | null>> {
    const sheet = this.read('getRichTextValues');
    return this.services.runtime.toScript(sheet.map(this.rect, (cell) => richTextOf(cell.value)));
  }

  getRichTextValue(): FakeRichTextValue | null {
    return richTextOf(this.read('getRichTextValue').cell(this.rect.row, this.rect.column).value);
  }

  offset(rowOffset: number, columnOffset: number, numRows?: number, numColumns?: number): FakeRange {
    return this.sheet.getRange(
      this.rect.row + rowOffset,
      this.rect.column + columnOffset,
      numRows ?? this.rect.numRows,
      numColumns ?? this.rect.numColumns,
    );
  }

  private checkShape(grid: unknown, method: string): void {
    const runtime = this.services.runtime;
    if (!Array.isArray(grid) || !grid.every((row) => Array.isArray(row))) {
      throw runtime.exception(
        `The parameters (${typeof grid}) don't match the method signature for SpreadsheetApp.Range.${method}.`,
      );
    }
    if (grid.length !== this.rect.numRows) {
      throw runtime.exception(
        `The number of rows in the data does not match the number of rows in the range. The data has ${grid.length} but the range has ${this.rect.numRows}.`,
      );
    }
    for (const row of grid as unknown[][]) {
      if (row.length !== this.rect.numColumns) {
        throw runtime.exception(
          `The number of columns in the data does not match the number of columns in the range. The data has ${row.length} but the range has ${this.rect.numColumns}.`,
        );
      }
    }
  }

  private richTexts(values: unknown[][], method: string): string[][] {
    const texts = values.map((line) =>
      line.map((value) => (value instanceof FakeRichTextValue ? value.getText() : null)),
    );
    if (texts.some((line) => line.includes(null))) {
      throw this.services.runtime.exception(
        `The parameters (${describeGrid(values)}) don't match the method signature for SpreadsheetApp.Range.${method}.`,
      );
    }
    return texts as string[][];
  }

  private sortKeys(spec: unknown): SortKey[] {
    const items = Array.isArray(spec) ? (spec as unknown[]) : [spec];
    const keys = items.map((item): SortKey | null => {
      if (typeof item === 'number') return { column: item, ascending: true };
      if (typeof item !== 'object' || item === null) return null;
      const { column, ascending } = item as { column?: unknown; ascending?: unknown };
      return typeof column === 'number' ? { column, ascending: ascending !== false } : null;
    });
    if (items.length === 0 || keys.includes(null)) {
      throw this.services.runtime.exception(
        "The parameters don't match the method signature for SpreadsheetApp.Range.sort.",
      );
    }
    const last = this.rect.column + this.rect.numColumns - 1;
    for (const key of keys as SortKey[]) {
      if (!Number.isInteger(key.column) || key.column < this.rect.column || key.column > last) {
        throw this.services.runtime.exception(`Sort column ${key.column} is outside the range ${formatA1(this.rect)}.`);
      }
    }
    return keys as SortKey[];
  }

  private filled(value: unknown): unknown[][] {
    return Array.from({ length: this.rect.numRows }, () => new Array<unknown>(this.rect.numColumns).fill(value));
  }

  private forEachCell(visit: (row: number, column: number, r: number, c: number) => void): void {
    for (let r = 0; r < this.rect.numRows; r++) {
      for (let c = 0; c < this.rect.numColumns; c++) visit(this.rect.row + r, this.rect.column + c, r, c);
    }
  }
}

function richTextOf(value: unknown): FakeRichTextValue | null {
  return typeof value === 'string' ? new FakeRichTextValue(value) : null;
}

/** How Apps Script names an argument's type in its errors, e.g. "String[][]". */
function describeGrid(values: unknown[][]): string {
  const first = values.flat().find((value) => !(value instanceof FakeRichTextValue));
  const kind = first === null || first === undefined ? 'null' : typeof first;
  return `${kind === 'string' ? 'String' : kind === 'number' ? 'number' : kind}[][]`;
}

function withNote(cell: Cell, note: string | null): Cell {
  const { note: _old, ...rest } = cell;
  return note === null || note === '' ? rest : { ...rest, note: String(note) };
}

function withBackground(cell: Cell, color: string | null): Cell {
  const { background: _old, ...rest } = cell;
  return color === null ? rest : { ...rest, background: String(color).toLowerCase() };
}
