// The spreadsheet's data, with the grid rules of Sheets. Tests read it directly (no permissions, not counted);
// the script reaches it only through spreadsheet-app.ts.
import { randomUUID } from 'node:crypto';
import { formatA1, parseA1, splitSheetName, type GridRect } from './a1';
import {
  DATE_TIME_FORMAT,
  GENERAL_FORMAT,
  MAX_CELL_CHARS,
  displayValue,
  readTypedText,
  type CellValue,
} from './cell-input';
import { isDate, type Runtime } from './runtime';

export const MAX_SPREADSHEET_CELLS = 10_000_000;
export const NEW_SHEET_ROWS = 1000;
export const NEW_SHEET_COLUMNS = 26;

export interface Cell {
  value: CellValue;
  /** '' when the cell holds no formula. */
  formula: string;
  format: string;
}

/** Calls that cost the script a round trip to Sheets. */
export interface SpreadsheetStats {
  getValuesCalls: number;
  setValuesCalls: number;
  getValueCalls: number;
  setValueCalls: number;
  /** Every call reading cell contents (values, display values, formulas, formats). */
  readCalls: number;
  /** Every call changing cells (values, formats, appendRow, clear…). */
  writeCalls: number;
}

const emptyCell = (): Cell => ({ value: '', formula: '', format: GENERAL_FORMAT });

export class FakeSheet {
  maxRows = NEW_SHEET_ROWS;
  maxColumns = NEW_SHEET_COLUMNS;
  frozenRows = 0;
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
      const typed = readTypedText(value, cell.format, this.spreadsheet.runtime.clock.now());
      const format = typed.impliedFormat && cell.format === GENERAL_FORMAT ? typed.impliedFormat : cell.format;
      this.setCell(row, column, { value: typed.value, formula: typed.formula, format });
    } else if (isDate(value)) {
      const format = cell.format === GENERAL_FORMAT ? DATE_TIME_FORMAT : cell.format;
      this.setCell(row, column, { value: new Date(value.getTime()), formula: '', format });
    } else {
      this.setCell(row, column, { ...cell, value: (value ?? '') as CellValue, formula: '' });
    }
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
    this.spreadsheet.checkGrowth(count * this.maxColumns);
    const moved = new Map<number, Map<number, Cell>>();
    for (const [row, cells] of this.rows) moved.set(row > afterRow ? row + count : row, cells);
    this.rows = moved;
    this.maxRows += count;
  }

  insertColumns(afterColumn: number, count: number): void {
    this.spreadsheet.checkGrowth(count * this.maxRows);
    for (const [row, cells] of this.rows) {
      const moved = new Map<number, Cell>();
      for (const [column, cell] of cells) moved.set(column > afterColumn ? column + count : column, cell);
      this.rows.set(row, moved);
    }
    this.maxColumns += count;
  }

  cellCount(): number {
    return this.maxRows * this.maxColumns;
  }
}

function hasContent(cell: Cell): boolean {
  return cell.value !== '' || cell.formula !== '';
}

export class FakeSpreadsheet {
  readonly id = randomUUID().replace(/-/g, '');
  name = 'Untitled spreadsheet';
  readonly stats: SpreadsheetStats = {
    getValuesCalls: 0,
    setValuesCalls: 0,
    getValueCalls: 0,
    setValueCalls: 0,
    readCalls: 0,
    writeCalls: 0,
  };
  private readonly sheetList: FakeSheet[] = [];
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
