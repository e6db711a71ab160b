// Which cells one of the add-on's formulas fills, for turning it into plain values. Apps Script does not tell a
// formula's spill range, so it is worked out in two ways:
// - from the formula's own arguments, when they are plain references and literals: a per-row lookup gives one row
//   per input cell (plus its header row) and one column per field, blank rows included, which a look at the cells
//   could not tell from the end of the output;
// - otherwise, and for the searches (whose row count depends on the answer), from the cells: the block right and
//   down from the formula while cells hold values and no formula, within what the arguments allow (a search's
//   limit, its fields).
// A spill never holds another formula, and the add-on's formulas never return dates: either ends the block.
import { DEFAULT_SEARCH_LIMIT } from '../api/limits';
import type { CellValue } from '../cells';
import type { RecordType } from '../fields/catalog';
import { DEFAULT_COLUMNS } from '../fields/defaults';
import { headerFor, parseFieldList, type FieldPath } from '../fields/flatten';
import { isBlank } from '../text';
import { parseA1, type OpenRect } from '../enrichment/a1';

interface FormulaShape {
  recordType: RecordType;
  /** One output row per input cell (the lookups), or one per result (the searches). */
  perRow: boolean;
  /** Argument positions (0-based); limit only for the searches. */
  limit?: number;
  fields: number;
  headers: number;
  /** The default columns, when they do not depend on the answer. */
  defaults: (() => readonly FieldPath[]) | null;
}

const FORMULA_SHAPES: Record<string, FormulaShape> = {
  SCRAPE_PROFILE: {
    recordType: 'scrapedProfile',
    perRow: true,
    fields: 1,
    headers: 2,
    defaults: () => DEFAULT_COLUMNS.SCRAPE_PROFILE,
  },
  FIND_CONTACTS: {
    recordType: 'contact',
    perRow: true,
    fields: 1,
    headers: 2,
    defaults: () => DEFAULT_COLUMNS.FIND_CONTACTS,
  },
  ENRICH_PROFILE: {
    recordType: 'profileRecord',
    perRow: true,
    fields: 1,
    headers: 2,
    defaults: () => DEFAULT_COLUMNS.ENRICH_PROFILE,
  },
  // Its default columns add one per criterion of the answer.
  SEARCH_COMPANIES: { recordType: 'company', perRow: false, limit: 1, fields: 3, headers: 4, defaults: null },
  SEARCH_PEOPLE: {
    recordType: 'profileRecord',
    perRow: false,
    limit: 1,
    fields: 2,
    headers: 3,
    defaults: () => DEFAULT_COLUMNS.SEARCH_PEOPLE,
  },
};

const ADDON_FUNCTIONS = Object.keys(FORMULA_SHAPES);

const CALL = new RegExp(`(?:^|[^A-Za-z0-9_.])(?:${ADDON_FUNCTIONS.join('|')})\\s*\\(`, 'i');
const STRING_LITERAL = /"(?:[^"]|"")*"/g;

/** Whether a formula calls one of the add-on's functions anywhere (outside text literals). */
export function callsAddonFunction(formula: string): boolean {
  return formula.startsWith('=') && CALL.test(formula.replace(STRING_LITERAL, '""'));
}

export type Argument =
  | { kind: 'omitted' }
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'reference'; sheetName: string | null; rect: OpenRect }
  /** Anything computed: a nested call, an operator, an array literal. */
  | { kind: 'other' };

export interface AddonCall {
  name: string;
  args: Argument[];
}

/** The call when the whole formula is one call of an add-on function (`=SCRAPE_PROFILE(A2:A, "name")`). */
export function addonCall(formula: string): AddonCall | null {
  const head = /^=\s*([A-Za-z_]+)\s*\(/.exec(formula);
  const name = head?.[1].toUpperCase();
  if (head === null || name === undefined || !(name in FORMULA_SHAPES)) return null;
  const texts = splitArguments(formula.slice(head[0].length));
  return texts === null ? null : { name, args: texts.map(argumentOf) };
}

/** The top-level arguments up to the closing parenthesis, which must end the formula; null if it does not. */
function splitArguments(rest: string): string[] | null {
  const args: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < rest.length; i++) {
    const char = rest[i];
    if (char === '"' || char === "'") {
      const end = closingQuote(rest, i);
      if (end < 0) return null;
      current += rest.slice(i, end + 1);
      i = end;
    } else if (char === '(' || char === '{') {
      depth++;
      current += char;
    } else if ((char === ')' || char === '}') && depth > 0) {
      depth--;
      current += char;
    } else if (char === ')') {
      args.push(current);
      return rest.slice(i + 1).trim() === '' ? (args.length === 1 && args[0].trim() === '' ? [] : args) : null;
    } else if (char === ',' && depth === 0) {
      args.push(current);
      current = '';
    } else current += char;
  }
  return null;
}

/** The index of the quote closing the one at `start` (a doubled quote is part of the text). */
function closingQuote(text: string, start: number): number {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] !== quote) continue;
    if (text[i + 1] === quote) i++;
    else return i;
  }
  return -1;
}

function argumentOf(text: string): Argument {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'omitted' };
  if (/^"(?:[^"]|"")*"$/.test(trimmed)) return { kind: 'text', value: trimmed.slice(1, -1).replace(/""/g, '"') };
  if (/^(TRUE|FALSE)$/i.test(trimmed)) return { kind: 'boolean', value: trimmed.toUpperCase() === 'TRUE' };
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return { kind: 'number', value: Number(trimmed) };
  const reference = /^(?:'(?:[^']|'')*'!|[A-Za-z0-9_]+!)?\$?[A-Za-z]*\$?\d*(?::\$?[A-Za-z]*\$?\d*)?$/.test(trimmed)
    ? parseA1(trimmed)
    : null;
  return reference?.ok
    ? { kind: 'reference', sheetName: reference.sheetName, rect: reference.rect }
    : { kind: 'other' };
}

/** What the server reads for references in arguments. */
export interface ReferenceReader {
  /** Cells a reference covers (an open end runs to the sheet's edge); null when it cannot be resolved. */
  cellCount(reference: Extract<Argument, { kind: 'reference' }>): number | null;
  values(reference: Extract<Argument, { kind: 'reference' }>): unknown[][] | null;
}

/** What the arguments tell of the output; null where they do not. */
export interface SpillBounds {
  /** Exact row count (the lookups), without a header row. */
  rows: number | null;
  /** Most rows (the searches' limit), without a header row. */
  maxRows: number | null;
  columns: number | null;
  /** The header row, when the arguments say whether there is one. */
  headers: boolean | null;
  /** The first column's header, to tell a header row from the cells when the arguments do not say. */
  firstHeader: string | null;
}

export function spillBounds(call: AddonCall, reader: ReferenceReader): SpillBounds {
  const shape = FORMULA_SHAPES[call.name];
  const arg = (index: number | undefined): Argument =>
    (index === undefined ? undefined : call.args[index]) ?? { kind: 'omitted' };
  const fields = fieldsOf(shape, arg(shape.fields), reader);
  const headersArg = arg(shape.headers);
  const input = arg(0);
  const limit = arg(shape.limit);
  return {
    rows: !shape.perRow
      ? null
      : input.kind === 'reference'
        ? reader.cellCount(input)
        : input.kind === 'omitted' || input.kind === 'other'
          ? null
          : 1,
    maxRows: shape.perRow
      ? null
      : limit.kind === 'number'
        ? limit.value
        : limit.kind === 'omitted'
          ? DEFAULT_SEARCH_LIMIT
          : null,
    columns: fields === null ? null : fields.length,
    headers:
      headersArg.kind === 'boolean' ? headersArg.value : headersArg.kind === 'number' ? headersArg.value !== 0 : null,
    firstHeader: fields === null || fields.length === 0 ? null : headerFor(fields[0]),
  };
}

function fieldsOf(shape: FormulaShape, fields: Argument, reader: ReferenceReader): readonly FieldPath[] | null {
  if (fields.kind === 'omitted') return shape.defaults === null ? null : shape.defaults();
  const input = fields.kind === 'text' ? fields.value : fields.kind === 'reference' ? reader.values(fields) : null;
  if (input === null) return null;
  const parsed = parseFieldList(input, shape.recordType);
  return parsed.ok ? parsed.fields : null;
}

/** The cells from the formula's cell right and down, as read (values, formulas); [0][0] is the formula's cell. */
export interface AnchorGrid {
  values: readonly (readonly unknown[])[];
  formulas: readonly (readonly string[])[];
}

/** Rows and columns of the spill, starting at the formula's cell, trailing blank rows left out. */
export function spillExtent(bounds: SpillBounds, grid: AnchorGrid): { rows: number; columns: number } {
  const plain = (r: number, c: number) =>
    (r === 0 && c === 0) || (grid.formulas[r]?.[c] === '' && !(grid.values[r]?.[c] instanceof Date));
  const filled = (r: number, c: number) => plain(r, c) && !isBlank(grid.values[r]?.[c]);
  let columns = bounds.columns ?? 0;
  if (bounds.columns === null) while (columns < (grid.values[0]?.length ?? 0) && filled(0, columns)) columns++;
  columns = Math.max(1, Math.min(columns, grid.values[0]?.length ?? 1));
  const headers = bounds.headers ?? (bounds.firstHeader !== null && grid.values[0]?.[0] === bounds.firstHeader);
  const headerRows = headers ? 1 : 0;
  const exact = bounds.rows === null ? null : bounds.rows + headerRows;
  const most = Math.min(
    grid.values.length,
    exact ?? (bounds.maxRows === null ? Infinity : bounds.maxRows + headerRows),
  );
  const spanned = Array.from({ length: columns }, (_, c) => c);
  let rows = 0;
  while (rows < most && spanned.every((c) => plain(rows, c))) {
    if (exact === null && !spanned.some((c) => filled(rows, c))) break;
    rows++;
  }
  while (rows > 1 && spanned.every((c) => isBlank(grid.values[rows - 1][c]))) rows--;
  return { rows: Math.max(1, rows), columns };
}

/** A rectangle of plain values to write, every row with the same number format per column. */
export interface ValueBlock {
  /** 0-based offsets from the formula's cell. */
  rowOffset: number;
  formats: string[];
  values: CellValue[][];
}

/**
 * The spill's values as shown, in blocks of rows sharing their formats: text as text (plain-text format, so it is
 * never read as a number, date or formula), numbers and booleans with the number format they have.
 */
export function valueBlocks(
  values: readonly (readonly unknown[])[],
  formats: readonly (readonly string[])[],
  textFormat: string,
): ValueBlock[] {
  const blocks: ValueBlock[] = [];
  values.forEach((row, r) => {
    const cells = row.map((cell): CellValue =>
      typeof cell === 'number' || typeof cell === 'boolean'
        ? cell
        : cell === null || cell === undefined
          ? ''
          : String(cell),
    );
    const rowFormats = cells.map((cell, c) => (typeof cell === 'string' && cell !== '' ? textFormat : formats[r][c]));
    const last = blocks[blocks.length - 1];
    if (last && last.rowOffset + last.values.length === r && last.formats.join('\n') === rowFormats.join('\n')) {
      last.values.push(cells);
    } else blocks.push({ rowOffset: r, formats: rowFormats, values: [cells] });
  });
  return blocks;
}
