// The small interfaces the pure core talks to, all of them here. src/adapters/ implements them over Apps Script
// services; tests implement them in memory.
import type { Cadence, DocumentService } from './background';
import type { CellValue } from './cells';
import type { Permission } from './scopes';

export type HttpMethod = 'get' | 'post';

export interface HttpRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  /** JSON text for POST requests. */
  body?: string;
}

export interface HttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** A request that never got an HTTP answer (DNS, refused or dropped connection, timeout). */
export interface HttpNetworkError {
  networkError: string;
  /** Nothing was sent: the platform's daily quota of requests is used up (see docs/platform.md). */
  dailyQuota?: boolean;
  /** Nothing was sent: the user (for formulas, the spreadsheet's owner) did not allow connecting to a service. */
  notAllowed?: boolean;
}

export type HttpOutcome = HttpResponse | HttpNetworkError;

export interface Http {
  /** Sends the requests in parallel and answers in request order; never throws. */
  fetchAll(requests: HttpRequest[]): HttpOutcome[];
}

export function isNetworkError(outcome: HttpOutcome): outcome is HttpNetworkError {
  return (outcome as HttpNetworkError).networkError !== undefined;
}

/** A string store such as user or document properties. */
export interface KeyValue {
  get(key: string): string | null;
  set(key: string, value: string): void;
  delete(key: string): void;
  /** Every entry in one read (each read of a property store is a service call). */
  getAll(): Record<string, string>;
}

/** An expiring string store such as the document cache. */
export interface Cache {
  getAll(keys: string[]): Record<string, string>;
  putAll(values: Record<string, string>, ttlSeconds: number): void;
  remove(key: string): void;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Blocks; Apps Script has no timers. */
  sleep(ms: number): void;
}

export interface Lock {
  /** Waits at most timeoutMs; false when the lock is held elsewhere. */
  tryLock(timeoutMs: number): boolean;
  release(): void;
}

/** Hex SHA-256 of UTF-8 text. */
export type Hash = (text: string) => string;

/** A fresh unique id. */
export type NewId = () => string;

/**
 * Where an enrichment run's rows are now: the header row, then the inputs below it down to lastRow, in one column.
 * `S` is the sheet as the adapter holds it.
 */
export interface RunRows<S = unknown> {
  sheet: S;
  headerRow: number;
  lastRow: number;
  inputColumn: number;
}

/**
 * The sheets enrichment runs read and write (src/core/enrichment/run-area.ts), and the named range that follows a
 * run's rows wherever inserted rows move them.
 */
export interface RunSheet<S = unknown> {
  /** The sheet of that name; throws missingSheetError when there is none. */
  sheetNamed(name: string): S;
  /** Its name now (it may have been renamed since a run started). */
  sheetName(sheet: S): string;
  sameSheet(a: S, b: S): boolean;
  /** The last row and column with content. */
  lastRow(sheet: S): number;
  lastColumn(sheet: S): number;
  /** A rectangle's values, and its formulas when asked: one read each. */
  read(sheet: S, rect: GridRect, withFormulas: boolean): { values: unknown[][]; formulas: string[][] };
  /** The rows behind the named range; null when they were deleted (with their sheet or the range). */
  findRows(rangeName: string): RunRows<S> | null;
  /** Names the rows (header included), so they can be found again wherever inserted rows move them. */
  nameRows(rangeName: string, rows: RunRows<S>): void;
  removeRows(rangeName: string): void;
  /** Through the one text-safe writer, one format per column. */
  writeBlock(sheet: S, row: number, column: number, values: CellValue[][], formats: string[]): void;
  /** The notes ('' where none) and background colours of a rectangle: one read each. */
  readMarks(sheet: S, rect: GridRect): CellMarks;
  /** Sets every note and background of a rectangle: one write each. */
  writeMarks(sheet: S, rect: GridRect, marks: CellMarks): void;
  /** The sheet of that name, added at the end when there is none (`added` then). */
  sheetAdded(name: string): { sheet: S; added: boolean };
  /** The sheet of that name; null when there is none. */
  findSheet(name: string): S | null;
  /** Makes the cell the user's current cell (its sheet active), so they see it. */
  activate(sheet: S, row: number, column: number): void;
}

/** A rectangle's notes and background colours, row by row. */
export interface CellMarks {
  notes: string[][];
  backgrounds: string[][];
}

/**
 * The current user's time-driven triggers of the background's one handler. Whether Google lists an add-on's clock
 * triggers by document is not documented (docs/platform.md), so a trigger is found by the unique id kept for it.
 */
export interface ClockTriggers {
  /** An installed add-on may not run a trigger more than hourly; a script of one's own may. */
  installedAsAddOn(): boolean;
  /** Creates one and answers its unique id; throws Google's refusal as it comes. */
  create(cadence: Cadence): string;
  /** The unique id of the first of this document's triggers of the handler, where Google lists them; else null. */
  firstListedInDocument(): string | null;
  /** Deletes the trigger with this id (found among the user's triggers of the project); false when none is listed. */
  deleteWithId(uid: string): boolean;
  /** Deletes every trigger of the handler that Google lists for this document. */
  deleteListedInDocument(): void;
}

/** What a trigger run got of its document: the spreadsheet's id (null: no spreadsheet) and the services missing. */
export interface DocumentAccess {
  documentId: string | null;
  missing: DocumentService[];
}

/** The active spreadsheet's sheets by name, as tables addressed by header. */
export interface Book {
  hasSheet(name: string): boolean;
  /** The sheet of that name, created (header row frozen) if missing, without moving the user from their sheet. */
  table(name: string): SheetTable;
}

/** A rectangle of cells, 1-based. */
export interface GridRect {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** The spreadsheet's formulas and what they show, for converting formulas to values; `S` is a sheet. */
export interface FormulaSheets<S = unknown> {
  /** The active selection: its sheet, top-left cell and formulas; null when nothing is selected. */
  selection(): { sheet: S; row: number; column: number; formulas: string[][] } | null;
  /** The sheet of that name in the same spreadsheet as `home`; null when there is none. */
  sheetBeside(home: S, name: string): S | null;
  /** The last row and column with content, and the grid's size. */
  lastRow(sheet: S): number;
  lastColumn(sheet: S): number;
  maxRows(sheet: S): number;
  maxColumns(sheet: S): number;
  values(sheet: S, rect: GridRect): unknown[][];
  /** Both in one read of the rectangle. */
  valuesAndFormulas(sheet: S, rect: GridRect): { values: unknown[][]; formulas: string[][] };
  numberFormats(sheet: S, rect: GridRect): string[][];
  /** Through the one text-safe writer, one format per column. */
  writeBlock(sheet: S, row: number, column: number, values: CellValue[][], formats: string[]): void;
}

/** A sheet addressed by header name (src/core/sheet-table.ts); src/adapters/sheet-table.ts implements it. */
export interface SheetTable {
  /** Row 1, as text; '' for empty cells. */
  headers(): string[];
  /** Writes header names (as text) into row 1 starting at a 1-based column. */
  writeHeaders(startColumn: number, names: string[]): void;
  /** The values below the header in one 1-based column, down to its last non-blank cell. */
  columnValues(column: number): CellValue[];
  /**
   * Writes one rectangle from a 1-based row and column, as wide as `numberFormats` (one format per column): the
   * formats first, then the values, text exactly as given and never parsed (planLiteralText in cells.ts). Cells
   * outside it are neither read nor written. `keyOffset` (0-based) names the block's key column, written last, so
   * an execution cut midway never leaves a row that a later attempt would write again elsewhere.
   */
  writeBlock(
    startRow: number,
    startColumn: number,
    rows: CellValue[][],
    numberFormats: string[],
    keyOffset?: number,
  ): void;
}

/**
 * What the running user granted of the manifest's scopes (granular consent, src/core/scopes.ts). Each method is one
 * question to Google.
 */
export interface Consent {
  /** Of these permissions, those the user has not granted. */
  missing(permissions: readonly Permission[]): Permission[];
  /**
   * Returns when every one is granted; else Google shows its consent prompt (menu and sidebar executions), which ends
   * the execution, or (elsewhere) throws.
   */
  require(permissions: readonly Permission[]): void;
}

/**
 * What the diagnostics (src/core/diagnostics.ts) try on the platform: the behaviours Google does not document
 * (docs/platform.md, "Uncertain behaviours") that one execution can settle.
 */
export interface PlatformProbe {
  /**
   * Writes `texts` with a plain setValues into plain-text (@) cells of a hidden scratch sheet, reads back what the
   * cells hold, and removes the sheet, also when something failed.
   */
  plainTextRoundTrip(texts: readonly string[]): { values: unknown[]; formulas: string[] };
  /** The unique ids of the user's triggers of `handler`: those getUserTriggers lists for this spreadsheet, and the project's. */
  listedTriggers(handler: string): { inDocument: string[]; inProject: string[] };
  /** Where the script was installed from (a Marketplace add-on, or none), by the platform's name for it. */
  installationSource(): string;
}
