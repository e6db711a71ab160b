// Formulas over the fake spreadsheet, as Sheets runs them: each custom function call is its own execution, a 2-D
// result spills right and down from the formula's cell, a spill onto data shows #REF!, a throw shows #ERROR! with
// its message, and a formula runs again when a cell it references changes (whoever changed it: the user, a spill,
// or a script such as a research job writing its sheet).
import { columnLetters, formatA1, parseA1, type GridRect } from '../gas-fakes/a1';
import { MAX_CELL_CHARS, type CellValue } from '../gas-fakes/cell-input';
import type { FakeSheet, FakeSpreadsheet } from '../gas-fakes';
import { parseFormula, referencesOf, type ErrorCode, type Expr, type ParsedFormula } from './formula';

/** Runs one custom function as Sheets would (one execution); returns its result or throws its error. */
export type CustomFunctionCall = (name: string, args: unknown[]) => unknown;

/** What a person puts into one cell: text typed in (read as Sheets reads typing), or a value pasted as it is. */
export type CellEntry =
  { row: number; column: number; input: string } | { row: number; column: number; value: CellValue };

type Outcome = { kind: 'values'; grid: CellValue[][] } | { kind: 'error'; code: ErrorCode; message: string };

/** What the page needs to know about a cell beyond its value. */
export interface CellNotes {
  /** The message of the error the cell shows. */
  error?: { code: ErrorCode; message: string };
  /** Set on cells a formula's result spilled into: that formula's cell and text. */
  spilledFrom?: { row: number; column: number; formula: string };
}

const CIRCULAR_MESSAGE = 'Circular dependency detected. To resolve with iterative calculation, see File > Settings.';
/** Recalculation stops after this many passes that still change something: the formulas feed each other. */
const MAX_PASSES = 10;

interface Anchor {
  sheet: FakeSheet;
  row: number;
  column: number;
  formula: string;
  parsed: ParsedFormula;
  /** The values of the cells the formula references, when it last ran; it runs again when they differ. */
  inputsKey: string;
  outcome: Outcome;
  /** Cells of the area other than the formula's own, with the value written there. */
  spilled: Map<string, CellValue>;
  /** The error shown, from the outcome or from placing it (#REF!). */
  shownError: { code: ErrorCode; message: string } | null;
}

class EvaluationError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const cellKey = (row: number, column: number) => `${row}:${column}`;

export class FormulaEngine {
  /** Grows whenever the engine changes a cell, so a viewer knows to refresh. */
  revision = 0;
  private readonly anchors = new Map<FakeSheet, Map<string, Anchor>>();
  private readonly functionNames: Map<string, string>;

  constructor(
    private readonly spreadsheet: FakeSpreadsheet,
    private readonly callFunction: CustomFunctionCall,
    /** The script's top-level functions: what a formula may call (matched ignoring case, as Sheets does). */
    functionNames: string[],
  ) {
    this.functionNames = new Map(functionNames.map((name) => [name.toUpperCase(), name]));
  }

  /** Takes on the formulas already in the spreadsheet (typed before the engine existed), then calculates. */
  adoptFormulas(): void {
    this.recalculate();
  }

  /** A person typing `input` into a cell (text is read as Sheets reads typed text), then recalculation. */
  setInput(sheet: FakeSheet, row: number, column: number, input: string): void {
    this.enter(sheet, [{ row, column, input }]);
  }

  /** A person filling cells at once (a paste, a fill-down), then one recalculation. */
  enter(sheet: FakeSheet, entries: readonly CellEntry[]): void {
    // A formula whose own cell is written over goes, with its spill. A cell written over stops being part of a
    // spill: the formula that spilled there shows #REF! (or, when the cell was emptied, spills again).
    const written = new Set(entries.map((entry) => cellKey(entry.row, entry.column)));
    for (const anchor of this.anchorsOf(sheet)) {
      if (written.has(cellKey(anchor.row, anchor.column))) this.remove(anchor);
    }
    const spillers = new Set(
      this.anchorsOf(sheet).filter((anchor) => [...anchor.spilled.keys()].some((key) => written.has(key))),
    );
    for (const anchor of spillers) for (const key of written) anchor.spilled.delete(key);
    for (const entry of entries) {
      const { row, column } = entry;
      if ('input' in entry) sheet.writeValues({ row, column, numRows: 1, numColumns: 1 }, [[entry.input]]);
      else sheet.setCell(row, column, { ...sheet.cell(row, column), value: entry.value, formula: '' });
    }
    for (const anchor of spillers) this.place(anchor, anchor.outcome);
    for (const { row, column } of entries) {
      const formula = sheet.cell(row, column).formula;
      if (formula !== '') this.register(sheet, row, column, formula, true);
    }
    this.revision++;
    this.recalculate();
  }

  /**
   * Brings every formula up to date: takes on formulas a script wrote or moved (rows inserted or deleted), runs
   * those whose inputs or text changed, places results again where the room they need changed. Repeats while a
   * pass changes something, since one formula's result can feed another.
   */
  recalculate(): void {
    this.adoptNewFormulas();
    let changing: Anchor[] = [];
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      changing = this.allAnchors().filter((anchor) => this.update(anchor));
      if (changing.length === 0) return;
    }
    for (const anchor of changing) this.place(anchor, { kind: 'error', code: '#REF!', message: CIRCULAR_MESSAGE });
  }

  private adoptNewFormulas(): void {
    for (const sheet of this.spreadsheet.sheets()) {
      const area = sheet.dataRange();
      sheet.formulas(formatA1(area)).forEach((line, r) =>
        line.forEach((formula, c) => {
          if (formula !== '') this.register(sheet, area.row + r, area.column + c, formula, false);
        }),
      );
    }
  }

  notes(sheet: FakeSheet, row: number, column: number): CellNotes {
    const key = cellKey(row, column);
    const own = this.anchorsBySheet(sheet).get(key);
    if (own) return own.shownError ? { error: own.shownError } : {};
    const spiller = this.anchorsOf(sheet).find((anchor) => anchor.spilled.has(key));
    return spiller ? { spilledFrom: { row: spiller.row, column: spiller.column, formula: spiller.formula } } : {};
  }

  /** Watches the formula of a cell; `entered` when a person entered it, which runs it again if already watched. */
  private register(sheet: FakeSheet, row: number, column: number, formula: string, entered: boolean): void {
    const anchors = this.anchorsBySheet(sheet);
    const existing = anchors.get(cellKey(row, column));
    if (existing) {
      // Entering a formula again runs it again, as in Sheets (say, after the key was fixed).
      if (entered) existing.formula = '';
      return;
    }
    anchors.set(cellKey(row, column), {
      sheet,
      row,
      column,
      formula: '',
      parsed: parseFormula(formula),
      inputsKey: '',
      outcome: { kind: 'values', grid: [['']] },
      spilled: new Map(),
      shownError: null,
    });
  }

  /** One formula in one pass; true when it changed the sheet. */
  private update(anchor: Anchor): boolean {
    const { sheet, row, column } = anchor;
    const formula = this.spreadsheet.sheets().includes(sheet) ? sheet.cell(row, column).formula : '';
    if (formula === '') {
      // A script that replaced the formula with the values it showed (Convert formulas to values) keeps them all;
      // a formula deleted otherwise takes its spill with it.
      if (this.convertedToValues(anchor)) this.anchorsBySheet(sheet).delete(cellKey(row, column));
      else this.remove(anchor);
      return true;
    }
    const inputsKey = this.inputsKeyOf(anchor, formula);
    if (formula !== anchor.formula || inputsKey !== anchor.inputsKey) {
      if (formula !== anchor.formula) anchor.parsed = parseFormula(formula);
      anchor.formula = formula;
      anchor.inputsKey = inputsKey;
      this.place(anchor, this.evaluate(anchor));
      return true;
    }
    if (this.placementHolds(anchor)) return false;
    this.place(anchor, anchor.outcome);
    return true;
  }

  private convertedToValues(anchor: Anchor): boolean {
    const { sheet, row, column, outcome } = anchor;
    return (
      outcome.kind === 'values' &&
      anchor.shownError === null &&
      keyOfValue(sheet.cell(row, column).value) === keyOfValue(outcome.grid[0][0])
    );
  }

  private remove(anchor: Anchor): void {
    this.clearSpill(anchor);
    this.anchorsBySheet(anchor.sheet).delete(cellKey(anchor.row, anchor.column));
    this.revision++;
  }

  private evaluate(anchor: Anchor): Outcome {
    if (!anchor.parsed.ok) return { kind: 'error', code: anchor.parsed.code, message: anchor.parsed.message };
    const { expr } = anchor.parsed;
    try {
      if (this.feedsItself(anchor)) throw new EvaluationError('#REF!', CIRCULAR_MESSAGE);
      return { kind: 'values', grid: toGrid(this.evaluateExpr(expr, anchor.sheet), expr) };
    } catch (error) {
      if (error instanceof EvaluationError) return { kind: 'error', code: error.code, message: error.message };
      return { kind: 'error', code: '#ERROR!', message: messageOf(error) };
    }
  }

  private evaluateExpr(expr: Expr, home: FakeSheet): unknown {
    if (expr.kind === 'literal') return expr.value;
    if (expr.kind === 'reference') {
      const { sheet, rect } = this.resolve(expr, home);
      this.throwIfShowsError(sheet, rect);
      const grid = sheet.values(formatA1(rect));
      return rect.numRows === 1 && rect.numColumns === 1 ? grid[0][0] : grid;
    }
    const name = this.functionNames.get(expr.name.toUpperCase());
    if (name === undefined) throw new EvaluationError('#NAME?', `Unknown function: '${expr.name}'.`);
    // An omitted argument in the middle (f(A1,,TRUE)) is passed as not given.
    const args = expr.args.map((arg) => (arg === null ? undefined : this.evaluateExpr(arg, home)));
    const result = this.callFunction(name, args);
    return Array.isArray(result) ? toGrid(result, expr) : result;
  }

  /** Whether the formula reads, directly or through other formulas, its own cell or what it spilled. */
  private feedsItself(start: Anchor): boolean {
    const seen = new Set<Anchor>();
    const toVisit = this.precedents(start);
    for (let next = toVisit.pop(); next; next = toVisit.pop()) {
      if (next === start) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      toVisit.push(...this.precedents(next));
    }
    return false;
  }

  /** The formulas whose cell or spilled cells the anchor references. */
  private precedents(anchor: Anchor): Anchor[] {
    if (!anchor.parsed.ok) return [];
    return referencesOf(anchor.parsed.expr).flatMap((ref) => {
      let target: { sheet: FakeSheet; rect: GridRect };
      try {
        target = this.resolve(ref, anchor.sheet);
      } catch {
        return [];
      }
      const { sheet, rect } = target;
      return this.anchorsOf(sheet).filter(
        (other) =>
          contains(rect, other.row, other.column) ||
          [...other.spilled.keys()].some((key) => {
            const [row, column] = key.split(':').map(Number);
            return contains(rect, row, column);
          }),
      );
    });
  }

  /** A formula reading a cell that shows an error shows that error, as in Sheets. */
  private throwIfShowsError(sheet: FakeSheet, rect: GridRect): void {
    for (const anchor of this.anchorsOf(sheet)) {
      if (anchor.shownError && contains(rect, anchor.row, anchor.column)) {
        throw new EvaluationError(anchor.shownError.code, anchor.shownError.message);
      }
    }
  }

  private resolve(ref: Extract<Expr, { kind: 'reference' }>, home: FakeSheet): { sheet: FakeSheet; rect: GridRect } {
    const sheet = ref.sheetName === null ? home : this.spreadsheet.findSheet(ref.sheetName);
    if (!sheet) throw new EvaluationError('#REF!', `Unresolved sheet name '${ref.sheetName}'.`);
    const rect = parseA1(ref.cells, sheet.maxRows, sheet.maxColumns);
    if (!rect || rect.row + rect.numRows - 1 > sheet.maxRows || rect.column + rect.numColumns - 1 > sheet.maxColumns) {
      throw new EvaluationError('#REF!', `Range ${ref.cells} is outside the sheet.`);
    }
    return { sheet, rect };
  }

  private referencedRects(anchor: Anchor): GridRect[] {
    if (!anchor.parsed.ok) return [];
    return referencesOf(anchor.parsed.expr).flatMap((ref) => {
      try {
        const { sheet, rect } = this.resolve(ref, anchor.sheet);
        return sheet === anchor.sheet ? [rect] : [];
      } catch {
        return [];
      }
    });
  }

  /** The referenced values, and which referenced cells show errors: what a run of the formula depends on. */
  private inputsKeyOf(anchor: Anchor, formula: string): string {
    const parsed = formula === anchor.formula ? anchor.parsed : parseFormula(formula);
    if (!parsed.ok) return '';
    return JSON.stringify(
      referencesOf(parsed.expr).map((ref) => {
        try {
          const { sheet, rect } = this.resolve(ref, anchor.sheet);
          const errors = this.anchorsOf(sheet)
            .filter((other) => other.shownError && contains(rect, other.row, other.column))
            .map((other) => [other.row, other.column, other.shownError]);
          return [sheet.sheetId, sheet.values(formatA1(rect)).map((line) => line.map(keyOfValue)), errors];
        } catch (error) {
          return messageOf(error);
        }
      }),
    );
  }

  /** Writes the outcome into the sheet: the values spilling from the formula's cell, or an error in that cell. */
  private place(anchor: Anchor, outcome: Outcome): void {
    anchor.outcome = outcome;
    this.clearSpill(anchor);
    if (outcome.kind === 'error') return this.showError(anchor, outcome);
    const problem = this.spillProblem(anchor, outcome.grid);
    if (problem) return this.showError(anchor, problem);
    const { sheet, row, column } = anchor;
    const { grid } = outcome;
    anchor.shownError = null;
    grid.forEach((line, r) =>
      line.forEach((value, c) => {
        sheet.setCell(row + r, column + c, { ...sheet.cell(row + r, column + c), value });
        if (r > 0 || c > 0) anchor.spilled.set(cellKey(row + r, column + c), value);
      }),
    );
  }

  private showError(anchor: Anchor, error: { code: ErrorCode; message: string }): void {
    const { sheet, row, column } = anchor;
    anchor.shownError = { code: error.code, message: error.message };
    sheet.setCell(row, column, { ...sheet.cell(row, column), value: error.code });
  }

  /** Why the grid cannot spill from the anchor: past the sheet's edge, onto data, or onto its own inputs. */
  private spillProblem(anchor: Anchor, grid: CellValue[][]): { code: ErrorCode; message: string } | null {
    const { sheet, row, column } = anchor;
    const area = { row, column, numRows: grid.length, numColumns: grid[0].length };
    const missingRows = area.row + area.numRows - 1 - sheet.maxRows;
    if (missingRows > 0) {
      return {
        code: '#REF!',
        message: `Result was not automatically expanded, please insert more rows (${missingRows}).`,
      };
    }
    const missingColumns = area.column + area.numColumns - 1 - sheet.maxColumns;
    if (missingColumns > 0) {
      return {
        code: '#REF!',
        message: `Result was not automatically expanded, please insert more columns (${missingColumns}).`,
      };
    }
    if (this.referencedRects(anchor).some((rect) => overlaps(rect, area))) {
      return { code: '#REF!', message: CIRCULAR_MESSAGE };
    }
    for (let r = 0; r < area.numRows; r++) {
      for (let c = 0; c < area.numColumns; c++) {
        if (r === 0 && c === 0) continue;
        const cell = sheet.cell(row + r, column + c);
        if (cell.value !== '' || cell.formula !== '') {
          const where = `${columnLetters(column + c)}${row + r}`;
          return {
            code: '#REF!',
            message: `Array result was not expanded because it would overwrite data in ${where}.`,
          };
        }
      }
    }
    return null;
  }

  /** Whether the anchor still shows its outcome: every spilled cell untouched, and a blocked spill still blocked. */
  private placementHolds(anchor: Anchor): boolean {
    for (const [key, value] of anchor.spilled) {
      const [row, column] = key.split(':').map(Number);
      const cell = anchor.sheet.cell(row, column);
      if (cell.formula !== '' || keyOfValue(cell.value) !== keyOfValue(value)) return false;
    }
    if (anchor.outcome.kind === 'error' || anchor.shownError === null) return true;
    const problem = this.spillProblem(anchor, anchor.outcome.grid);
    return problem !== null && problem.message === anchor.shownError.message;
  }

  /** Empties the cells the anchor spilled into that still hold what it wrote (not what someone typed since). */
  private clearSpill(anchor: Anchor): void {
    for (const [key, value] of anchor.spilled) {
      const [row, column] = key.split(':').map(Number);
      const cell = anchor.sheet.cell(row, column);
      if (cell.formula === '' && keyOfValue(cell.value) === keyOfValue(value)) {
        anchor.sheet.setCell(row, column, { ...cell, value: '' });
      }
    }
    anchor.spilled.clear();
    this.revision++;
  }

  private anchorsBySheet(sheet: FakeSheet): Map<string, Anchor> {
    let anchors = this.anchors.get(sheet);
    if (!anchors) this.anchors.set(sheet, (anchors = new Map()));
    return anchors;
  }

  private anchorsOf(sheet: FakeSheet): Anchor[] {
    return [...this.anchorsBySheet(sheet).values()];
  }

  /** In reading order, sheet by sheet, so a pass calculates top-down like a person would expect. */
  private allAnchors(): Anchor[] {
    return [...this.anchors.values()].flatMap((anchors) =>
      [...anchors.values()].sort((a, b) => a.row - b.row || a.column - b.column),
    );
  }
}

/**
 * A result as rows of cells, as Sheets shows it: a 2-D array as is (short rows padded), a 1-D array as a column,
 * anything else as one cell. Text longer than a cell may hold is an error.
 */
function toGrid(result: unknown, expr: Expr): CellValue[][] {
  const rows = Array.isArray(result) ? result.map((item) => (Array.isArray(item) ? item : [item])) : [[result]];
  if (rows.length === 0) return [['']];
  const width = Math.max(1, ...rows.map((line) => line.length));
  return rows.map((line) => Array.from({ length: width }, (_, c) => toCellValue(line[c], expr)));
}

function toCellValue(value: unknown, expr: Expr): CellValue {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    if (value.length > MAX_CELL_CHARS) {
      const name = expr.kind === 'call' ? expr.name.toUpperCase() : 'the formula';
      throw new EvaluationError(
        '#VALUE!',
        `Text result of ${name} is longer than the limit of ${MAX_CELL_CHARS} characters.`,
      );
    }
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Object.prototype.toString.call(value) === '[object Date]') return new Date((value as Date).getTime());
  throw new EvaluationError(
    '#VALUE!',
    'The function returned a value that is not text, a number, a boolean or a date.',
  );
}

function keyOfValue(value: CellValue): string {
  return Object.prototype.toString.call(value) === '[object Date]'
    ? `date:${(value as Date).getTime()}`
    : `${typeof value}:${String(value)}`;
}

/** Errors thrown inside the script belong to another realm: read their message without instanceof. */
export function messageOf(error: unknown): string {
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return String(error);
}

function contains(rect: GridRect, row: number, column: number): boolean {
  return (
    row >= rect.row && row < rect.row + rect.numRows && column >= rect.column && column < rect.column + rect.numColumns
  );
}

function overlaps(a: GridRect, b: GridRect): boolean {
  return (
    a.row < b.row + b.numRows &&
    b.row < a.row + a.numRows &&
    a.column < b.column + b.numColumns &&
    b.column < a.column + a.numColumns
  );
}
