// The spreadsheet's data, with the grid rules of Sheets. Tests read it directly (no permissions, not counted);
// the script reaches it only through spreadsheet-app.ts.
import { randomUUID } from 'node:crypto';
import { CLOSED, formatA1, openEndsOf, parseA1, splitSheetName, type GridRect, type OpenEnds } from './a1';
import {
  DATE_TIME_FORMAT,
  GENERAL_FORMAT,
  MAX_CELL_CHARS,
  displayValue,
  readTypedText,
  type CellValue,
} from './cell-input';
import { adjustFormula, adjustRect, moveFormula, type GridChange } from './formula-references';
import { isDate, type Runtime } from './runtime';
import { DEFAULT_UNCERTAIN_ANSWERS, type UncertainAnswers } from './uncertain';

export const MAX_SPREADSHEET_CELLS = 10_000_000;
export const NEW_SHEET_ROWS = 1000;
export const NEW_SHEET_COLUMNS = 26;

export interface Cell {
  value: CellValue;
  /** '' when the cell holds no formula. */
  formula: string;
  format: string;
  /** The cell's note; absent: none. It moves with the cell (sorts, inserted rows) and is kept by value writes. */
  note?: string;
  /** The cell's background colour as Sheets reports it ('#rrggbb'); absent: white. */
  background?: string;
}

export const DEFAULT_BACKGROUND = '#ffffff';

/** Calls that cost the script a round trip to Sheets. */
export interface SpreadsheetStats {
  getValuesCalls: number;
  setValuesCalls: number;
  getValueCalls: number;
  setValueCalls: number;
  /** Every call reading cell contents (values, display values, formulas, formats). */
  readCalls: number;
  setRichTextValuesCalls: number;
  /** Every call changing cells (values, rich text, formats, appendRow, clear, sort, row inserts and deletes…). */
  writeCalls: number;
}

/** One key of a sort: a sheet column (1-based) and its direction. */
export interface SortKey {
  column: number;
  ascending: boolean;
}

/** A named range as Sheets keeps it: it follows its cells; `rect` is null once all of them were deleted. */
export interface NamedRangeEntry {
  name: string;
  sheet: FakeSheet;
  rect: GridRect | null;
}

/** The cells a user selected in one sheet, and the current cell (where typing would go). */
export interface SheetSelection {
  rect: GridRect;
  ends: OpenEnds;
  current: { row: number; column: number };
}

const emptyCell = (): Cell => ({ value: '', formula: '', format: GENERAL_FORMAT });

export class FakeSheet {
  maxRows = NEW_SHEET_ROWS;
  maxColumns = NEW_SHEET_COLUMNS;
  frozenRows = 0;
  hidden = false;
  /** row -> column -> cell; absent cells are empty with the default format. */
  private rows = new Map<number, Map<number, Cell>>();

  constructor(
    private readonly spreadsheet: FakeSpreadsheet,
    public name: string,
    readonly sheetId: number,
  ) {}

  cell(row: number, column: number): Cell {
    return { ...(this.rows.get(row)?.get(column) ?? emptyCell()) };
  }

  setCell(row: number, column: number, cell: Cell): void {
    let cells = this.rows.get(row);
    if (!cells) this.rows.set(row, (cells = new Map()));
    cells.set(column, { ...cell });
  }

  /** The last row holding a value or formula (0 for an empty sheet), as Sheet.getLastRow. */
  lastRow(): number {
    let last = 0;
    for (const [row, cells] of this.rows) {
      if (row > last && [...cells.values()].some(hasContent)) last = row;
    }
    return last;
  }

  lastColumn(): number {
    let last = 0;
    for (const cells of this.rows.values()) {
      for (const [column, cell] of cells) if (column > last && hasContent(cell)) last = column;
    }
    return last;
  }

  /** The data range: A1 to the last row and column with content (at least A1). */
  dataRange(): GridRect {
    return { row: 1, column: 1, numRows: Math.max(1, this.lastRow()), numColumns: Math.max(1, this.lastColumn()) };
  }

  /** Resolves an A1 reference against this sheet; throws like Sheet.getRange for bad or out-of-grid ranges. */
  rect(a1: string): GridRect {
    const rect = parseA1(splitSheetName(a1).cells, this.maxRows, this.maxColumns);
    if (!rect) throw this.spreadsheet.runtime.exception('Range not found');
    this.checkInGrid(rect);
    return rect;
  }

  checkInGrid(rect: GridRect): void {
    if (rect.row + rect.numRows - 1 > this.maxRows || rect.column + rect.numColumns - 1 > this.maxColumns) {
      throw this.spreadsheet.runtime.exception('The coordinates of the range are outside the dimensions of the sheet.');
    }
  }

  map<T>(rect: GridRect, read: (cell: Cell) => T): T[][] {
    const grid: T[][] = [];
    for (let r = 0; r < rect.numRows; r++) {
      const cells = this.rows.get(rect.row + r);
      const line: T[] = [];
      for (let c = 0; c < rect.numColumns; c++) line.push(read(cells?.get(rect.column + c) ?? emptyCell()));
      grid.push(line);
    }
    return grid;
  }

  /** Values of an A1 range (default: the data range); Dates are copies. For test assertions. */
  values(a1?: string): CellValue[][] {
    return this.map(this.rectOrData(a1), (cell) => (isDate(cell.value) ? new Date(cell.value.getTime()) : cell.value));
  }

  displayValues(a1?: string): string[][] {
    return this.map(this.rectOrData(a1), (cell) => displayValue(cell.value, cell.format));
  }

  formulas(a1?: string): string[][] {
    return this.map(this.rectOrData(a1), (cell) => cell.formula);
  }

  numberFormats(a1?: string): string[][] {
    return this.map(this.rectOrData(a1), (cell) => cell.format);
  }

  /** Notes of an A1 range ('' where none); for test assertions. */
  notes(a1?: string): string[][] {
    return this.map(this.rectOrData(a1), (cell) => cell.note ?? '');
  }

  /** Background colours of an A1 range; for test assertions. */
  backgrounds(a1?: string): string[][] {
    return this.map(this.rectOrData(a1), (cell) => cell.background ?? DEFAULT_BACKGROUND);
  }

  private rectOrData(a1: string | undefined): GridRect {
    return a1 === undefined ? this.dataRange() : this.rect(a1);
  }

  /** Types values into the sheet starting at `a1`, parsed as a person typing them (for test setup). */
  write(a1: string, values: unknown[][]): void {
    const start = this.rect(a1);
    const rect = { row: start.row, column: start.column, numRows: values.length, numColumns: values[0]?.length ?? 0 };
    this.checkInGrid(rect);
    this.writeValues(rect, values);
  }

  /**
   * Stores a grid of values as setValues does: strings are parsed as typed, other values kept. All cells are
   * checked before any is written, so a refused call changes nothing.
   */
  writeValues(rect: GridRect, values: unknown[][]): void {
    values.forEach((line, r) => line.forEach((value, c) => this.checkStorable(value, rect.row + r, rect.column + c)));
    values.forEach((line, r) => line.forEach((value, c) => this.store(rect.row + r, rect.column + c, value)));
  }

  private checkStorable(value: unknown, row: number, column: number): void {
    const runtime = this.spreadsheet.runtime;
    if (typeof value === 'string' && value.length > MAX_CELL_CHARS) {
      throw runtime.exception(
        `Your input contains more than the maximum of ${MAX_CELL_CHARS} characters in a single cell.`,
      );
    }
    const storable =
      value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value) || isDate(value);
    if (!storable) {
      const cell = formatA1({ row, column, numRows: 1, numColumns: 1 });
      const kind = Array.isArray(value) ? 'an array' : `a ${typeof value}`;
      throw runtime.exception(`Cannot store ${kind} in cell ${cell}: write strings, numbers, booleans or Dates.`);
    }
  }

  private store(row: number, column: number, value: unknown): void {
    const cell = this.cell(row, column);
    if (typeof value === 'string') {
      const spreadsheet = this.spreadsheet;
      const typed = readTypedText(
        value,
        cell.format,
        spreadsheet.runtime.clock.now(),
        spreadsheet.uncertain.plainTextStopsParsing,
      );
      const format = typed.impliedFormat && cell.format === GENERAL_FORMAT ? typed.impliedFormat : cell.format;
      this.setCell(row, column, { ...cell, value: typed.value, formula: typed.formula, format });
    } else if (isDate(value)) {
      const format = cell.format === GENERAL_FORMAT ? DATE_TIME_FORMAT : cell.format;
      this.setCell(row, column, { ...cell, value: new Date(value.getTime()), formula: '', format });
    } else {
      this.setCell(row, column, { ...cell, value: (value ?? '') as CellValue, formula: '' });
    }
  }

  /**
   * Stores rich-text values (Range.setRichTextValues): each cell holds exactly its text, never parsed, and keeps
   * its number format. All cells are checked before any is written.
   */
  writeTexts(rect: GridRect, texts: string[][]): void {
    texts.forEach((line, r) => line.forEach((text, c) => this.checkStorable(text, rect.row + r, rect.column + c)));
    texts.forEach((line, r) =>
      line.forEach((text, c) => {
        const cell = this.cell(rect.row + r, rect.column + c);
        this.setCell(rect.row + r, rect.column + c, { ...cell, value: text, formula: '' });
      }),
    );
  }

  /**
   * For tests: a formula at `a1` with the result Sheets computed for it (the fakes never evaluate formulas). A 2-D
   * result spills right and down as Sheets reports it: the formula's cell holds the formula and the first value,
   * the other cells only their values (getFormulas gives '' there).
   */
  setFormulaResult(a1: string, formula: string, result: CellValue | CellValue[][]): void {
    if (!formula.startsWith('=')) throw new Error(`A formula starts with "=": ${JSON.stringify(formula)}`);
    const grid = Array.isArray(result) ? result : [[result]];
    const start = this.rect(a1);
    const area = { row: start.row, column: start.column, numRows: grid.length, numColumns: grid[0]?.length ?? 0 };
    this.checkInGrid(area);
    grid.forEach((line, r) =>
      line.forEach((value, c) => {
        const cell = this.cell(area.row + r, area.column + c);
        const anchor = r === 0 && c === 0;
        this.setCell(area.row + r, area.column + c, { ...cell, value, formula: anchor ? formula : '' });
      }),
    );
  }

  clear(rect: GridRect, keepFormats: boolean): void {
    for (let r = rect.row; r < rect.row + rect.numRows; r++) {
      const cells = this.rows.get(r);
      if (!cells) continue;
      for (let c = rect.column; c < rect.column + rect.numColumns; c++) {
        const cell = cells.get(c);
        if (!cell) continue;
        if (keepFormats) cells.set(c, { ...cell, value: '', formula: '' });
        else cells.delete(c);
      }
    }
  }

  /** Inserts blank rows after `afterRow`, moving the rows below down (Sheet.insertRowsAfter). */
  insertRows(afterRow: number, count: number): void {
    this.changeLines({ axis: 'row', at: afterRow + 1, count });
  }

  insertColumns(afterColumn: number, count: number): void {
    this.changeLines({ axis: 'column', at: afterColumn + 1, count });
  }

  /** Deletes `count` rows from `firstRow` on, moving the rows below up (Sheet.deleteRows). */
  deleteRows(firstRow: number, count: number): void {
    this.changeLines({ axis: 'row', at: firstRow, count: -count });
  }

  /**
   * Inserts (count > 0) or deletes (count < 0) whole rows or columns from line `at`: the cells beyond move, and
   * every formula and named range of the spreadsheet that refers to them follows, as in Sheets.
   */
  changeLines(change: GridChange): void {
    const rows = change.axis === 'row';
    if (change.count > 0) this.spreadsheet.checkGrowth(change.count * (rows ? this.maxColumns : this.maxRows));
    const moved = new Map<number, Map<number, Cell>>();
    for (const [row, cells] of this.rows) {
      if (rows) {
        const to = newLine(row, change);
        if (to !== null) moved.set(to, cells);
        continue;
      }
      const line = new Map<number, Cell>();
      for (const [column, cell] of cells) {
        const to = newLine(column, change);
        if (to !== null) line.set(to, cell);
      }
      moved.set(row, line);
    }
    this.rows = moved;
    if (rows) this.maxRows += change.count;
    else this.maxColumns += change.count;
    this.spreadsheet.linesChanged(this, change);
  }

  /**
   * Sorts the rows of `rect` by `keys` (Range.sort): only the rect's columns move. Ascending puts numbers and dates
   * first, then text (ignoring case), then booleans; blank cells go last either way; ties keep their order.
   * A moved formula's relative row references move with it.
   */
  sortRows(rect: GridRect, keys: readonly SortKey[]): void {
    const lines = Array.from({ length: rect.numRows }, (_, r) => {
      const cells = this.rows.get(rect.row + r);
      return Array.from({ length: rect.numColumns }, (_, c) => cells?.get(rect.column + c));
    });
    const order = lines.map((_, index) => index);
    order.sort((a, b) => {
      for (const key of keys) {
        const offset = key.column - rect.column;
        const result = compareForSort(lines[a][offset]?.value ?? '', lines[b][offset]?.value ?? '', key.ascending);
        if (result !== 0) return result;
      }
      return a - b;
    });
    order.forEach((from, to) => {
      const row = rect.row + to;
      lines[from].forEach((cell, c) => {
        const moved = cell && { ...cell, formula: moveFormula(cell.formula, to - from) };
        if (moved) this.setCell(row, rect.column + c, moved);
        else this.rows.get(row)?.delete(rect.column + c);
      });
    });
  }

  /** Replaces every formula of this sheet with `rewrite(formula)`. */
  rewriteFormulas(rewrite: (formula: string) => string): void {
    for (const cells of this.rows.values()) {
      for (const [column, cell] of cells) {
        if (cell.formula !== '') cells.set(column, { ...cell, formula: rewrite(cell.formula) });
      }
    }
  }

  cellCount(): number {
    return this.maxRows * this.maxColumns;
  }
}

function hasContent(cell: Cell): boolean {
  return cell.value !== '' || cell.formula !== '';
}

/** Where a row or column of the changed axis moves; null when it was deleted. */
function newLine(line: number, change: GridChange): number | null {
  if (line < change.at) return line;
  if (change.count > 0) return line + change.count;
  return line < change.at - change.count ? null : line + change.count;
}

const SORT_RANK = { number: 0, string: 1, boolean: 2 } as const;

/** Sheets' sort order of two values (blanks last whatever the direction). */
function compareForSort(a: CellValue, b: CellValue, ascending: boolean): number {
  if (a === '' || b === '') return (a === '' ? 1 : 0) - (b === '' ? 1 : 0);
  const rank = (value: CellValue) => (isDate(value) ? SORT_RANK.number : SORT_RANK[typeof value as 'number']);
  let result = rank(a) - rank(b);
  if (result === 0) {
    if (typeof a === 'string') result = a.localeCompare(b as string, 'en', { sensitivity: 'base' });
    else result = Number(a) - Number(b);
  }
  return ascending ? result : -result;
}

/** What Sheets accepts as a range name: letters, digits and underscores, not led by a digit or "true"/"false",
 * 1 to 250 characters, and nothing that reads as a cell in A1 or R1C1 notation. */
export function isValidRangeName(name: string): boolean {
  return (
    /^[\p{L}_][\p{L}\p{N}_]{0,249}$/u.test(name) &&
    !/^(true|false)/i.test(name) &&
    !/^[A-Za-z]{1,3}\d+$/.test(name) &&
    !/^(R\d*C\d*|R\d*|C\d*)$/i.test(name)
  );
}

export class FakeSpreadsheet {
  readonly id = randomUUID().replace(/-/g, '');
  name = 'Untitled spreadsheet';
  readonly stats: SpreadsheetStats = {
    getValuesCalls: 0,
    setValuesCalls: 0,
    getValueCalls: 0,
    setValueCalls: 0,
    setRichTextValuesCalls: 0,
    readCalls: 0,
    writeCalls: 0,
  };
  /** How the fakes answer what Google does not document (the environment's live env.uncertain). */
  uncertain: Pick<UncertainAnswers, 'plainTextStopsParsing'> = { ...DEFAULT_UNCERTAIN_ANSWERS };
  private readonly sheetList: FakeSheet[] = [];
  private readonly named: NamedRangeEntry[] = [];
  private readonly selections = new Map<FakeSheet, SheetSelection>();
  private active: FakeSheet;
  private nextSheetId = 1;

  constructor(
    readonly runtime: Runtime,
    readonly owner: string,
  ) {
    this.active = new FakeSheet(this, 'Sheet1', 0);
    this.sheetList.push(this.active);
  }

  sheets(): FakeSheet[] {
    return [...this.sheetList];
  }

  findSheet(name: string): FakeSheet | undefined {
    return this.sheetList.find((sheet) => sheet.name === name);
  }

  /** The sheet called `name`; throws when there is none (for tests). */
  sheet(name: string): FakeSheet {
    const sheet = this.findSheet(name);
    if (!sheet) throw new Error(`No sheet named "${name}"; sheets: ${this.sheetList.map((s) => s.name).join(', ')}`);
    return sheet;
  }

  activeSheet(): FakeSheet {
    return this.active;
  }

  activate(sheet: FakeSheet): void {
    this.active = sheet;
  }

  /** Adds a sheet (default name "SheetN") and makes it active, as Spreadsheet.insertSheet does. */
  insertSheet(name?: string, index?: number): FakeSheet {
    const sheetName = name ?? this.unusedSheetName();
    this.checkNameFree(sheetName);
    this.checkGrowth(NEW_SHEET_ROWS * NEW_SHEET_COLUMNS);
    const sheet = new FakeSheet(this, sheetName, this.nextSheetId++ * 100_003);
    this.sheetList.splice(index ?? this.sheetList.length, 0, sheet);
    this.active = sheet;
    return sheet;
  }

  deleteSheet(sheet: FakeSheet): void {
    if (this.sheetList.length === 1) throw this.runtime.exception("You can't remove all the sheets in a document.");
    this.sheetList.splice(this.sheetList.indexOf(sheet), 1);
    if (this.active === sheet) this.active = this.sheetList[0];
    this.selections.delete(sheet);
    // Its named ranges stay, broken (#REF! in Sheets), out of reach of the script.
    for (const entry of this.named) if (entry.sheet === sheet) entry.rect = null;
  }

  /** After rows or columns of `sheet` were inserted or deleted: named ranges and formulas follow their cells. */
  linesChanged(sheet: FakeSheet, change: GridChange): void {
    for (const entry of this.named) {
      if (entry.sheet === sheet && entry.rect) entry.rect = adjustRect(entry.rect, change);
    }
    for (const each of this.sheetList) {
      each.rewriteFormulas((formula) => adjustFormula(formula, each.name, sheet.name, change));
    }
  }

  /** The named ranges the script can reach (not those whose cells were all deleted), in the order they were set. */
  namedRanges(): NamedRangeEntry[] {
    return this.named.filter((entry) => entry.rect !== null);
  }

  /** The reachable named range called `name` (names ignore case, as in Sheets). */
  namedRange(name: string): NamedRangeEntry | undefined {
    return this.namedRanges().find((entry) => sameName(entry.name, name));
  }

  /** Names a range; a name already in use (even by a broken range) is pointed at the new range. */
  setNamedRange(name: string, sheet: FakeSheet, rect: GridRect): void {
    this.checkRangeName(name);
    const existing = this.named.find((entry) => sameName(entry.name, name));
    if (existing) Object.assign(existing, { name, sheet, rect: { ...rect } });
    else this.named.push({ name, sheet, rect: { ...rect } });
  }

  renameNamedRange(entry: NamedRangeEntry, name: string): void {
    this.checkRangeName(name);
    const clash = this.named.find((other) => other !== entry && sameName(other.name, name));
    if (clash) throw this.runtime.exception(`A named range with the name "${name}" already exists.`);
    entry.name = name;
  }

  removeNamedRange(name: string): void {
    const entry = this.namedRange(name);
    if (!entry) throw this.runtime.exception(`No named range called "${name}" exists.`);
    this.named.splice(this.named.indexOf(entry), 1);
  }

  private checkRangeName(name: string): void {
    if (!isValidRangeName(name)) throw this.runtime.exception('Invalid argument: name');
  }

  /** The selection of a sheet: what the user last selected there, A1 until then. */
  selectionOf(sheet: FakeSheet): SheetSelection {
    const selection = this.selections.get(sheet);
    if (selection) return { ...selection, rect: { ...selection.rect } };
    return { rect: { row: 1, column: 1, numRows: 1, numColumns: 1 }, ends: CLOSED, current: { row: 1, column: 1 } };
  }

  /** Selects a range of `sheet` and makes that sheet active; its top-left cell becomes the current cell. */
  setSelection(sheet: FakeSheet, rect: GridRect, ends: OpenEnds = CLOSED): void {
    this.active = sheet;
    this.selections.set(sheet, { rect: { ...rect }, ends, current: { row: rect.row, column: rect.column } });
  }

  /** For tests and the playground: the user selects `a1` (e.g. "B2:B20" or "B:B") in the sheet called `sheetName`. */
  select(sheetName: string, a1: string): void {
    const sheet = this.sheet(sheetName);
    this.setSelection(sheet, sheet.rect(a1), openEndsOf(splitSheetName(a1).cells));
  }

  rename(sheet: FakeSheet, name: string): void {
    if (name !== sheet.name) this.checkNameFree(name);
    sheet.name = name;
  }

  /** Throws when adding `cells` would pass the 10-million-cell limit of a spreadsheet. */
  checkGrowth(cells: number): void {
    const total = this.sheetList.reduce((sum, sheet) => sum + sheet.cellCount(), 0);
    if (total + cells > MAX_SPREADSHEET_CELLS) {
      throw this.runtime.exception(
        `This action would increase the number of cells in the workbook above the limit of ${MAX_SPREADSHEET_CELLS} cells.`,
      );
    }
  }

  private checkNameFree(name: string): void {
    if (this.findSheet(name)) {
      throw this.runtime.exception(`A sheet with the name "${name}" already exists. Please enter another name.`);
    }
  }

  private unusedSheetName(): string {
    let n = this.sheetList.length + 1;
    while (this.findSheet(`Sheet${n}`)) n++;
    return `Sheet${n}`;
  }
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
