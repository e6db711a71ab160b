// Reading a column of inputs: where its header is, what each cell is, and what kind of inputs the column holds.
import type { InputKind, LookupKind, SelectionInfo } from '../contract';
import { classifyLookup } from '../input';
import { isBlank } from '../text';
import type { OperationSpec } from './operations';

/**
 * A cell that names its column: text that is not a valid input of any kind (profile URL, email or phone). Judged
 * without the operation, so the header row of a column does not depend on what is asked of it.
 */
export function isHeaderCell(cell: unknown): boolean {
  return typeof cell === 'string' && !isBlank(cell) && !classifyLookup(cell).ok;
}

/** Where a selection's header and inputs are. */
export interface ColumnLayout {
  /** 1-based; null when the selection starts on row 1 without a header. */
  headerRow: number | null;
  /** Whether the header is the selection's own first cell (else it is the row above, or there is none). */
  headerInSelection: boolean;
  /** 1-based sheet row of the first input. */
  firstInputRow: number;
}

/** The first cell is the header when it is one; else the row just above holds it (none above row 1). */
export function columnLayout(firstRow: number, firstCell: unknown): ColumnLayout {
  if (isHeaderCell(firstCell)) return { headerRow: firstRow, headerInSelection: true, firstInputRow: firstRow + 1 };
  return { headerRow: firstRow > 1 ? firstRow - 1 : null, headerInSelection: false, firstInputRow: firstRow };
}

export type InputState =
  { kind: 'blank' } | { kind: 'invalid'; reason: string } | { kind: 'valid'; normalized: string };

export function inputState(spec: OperationSpec, cell: unknown): InputState {
  if (isBlank(cell)) return { kind: 'blank' };
  const normalized = spec.normalize(cell);
  return normalized.ok
    ? { kind: 'valid', normalized: normalized.value }
    : { kind: 'invalid', reason: normalized.error.message };
}

const KIND_OF_LOOKUP: Record<string, LookupKind> = { network_url: 'profile_url', email: 'email', phone: 'phone' };
const LOOKUP_KINDS: readonly LookupKind[] = ['profile_url', 'email', 'phone'];

/** Every kind of valid input among the cells, in the order of LookupKind. */
export function inputKinds(cells: readonly unknown[]): LookupKind[] {
  const kinds = new Set<LookupKind>();
  for (const cell of cells) {
    if (isBlank(cell)) continue;
    const lookup = classifyLookup(cell);
    if (lookup.ok) kinds.add(KIND_OF_LOOKUP[Object.keys(lookup.value)[0]]);
  }
  return LOOKUP_KINDS.filter((kind) => kinds.has(kind));
}

/** One kind when every valid input is of it; mixed for several; unknown when no cell is a valid input. */
export function inputKind(cells: readonly unknown[]): InputKind {
  return kindOf(inputKinds(cells));
}

function kindOf(kinds: readonly LookupKind[]): InputKind {
  if (kinds.length === 0) return 'unknown';
  return kinds.length === 1 ? kinds[0] : 'mixed';
}

/** A cell as the sidebar shows it: text, numbers and booleans as Sheets shows them, dates as ISO text. */
export function cellText(cell: unknown): string {
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return cell === null || cell === undefined ? '' : String(cell);
}

/** Up to this many input values are shown as a sample. */
const SAMPLE_SIZE = 3;

/**
 * The selection as the Enrich panel shows it. `cells`: its first column from the row above it (when there is one)
 * down to its last row with content; `top`: the sheet row of cells[0].
 */
export function selectionInfo(
  where: { sheetName: string; inputA1: string; firstRow: number },
  column: { top: number; cells: readonly unknown[] },
): SelectionInfo {
  const selected = column.cells.slice(where.firstRow - column.top);
  const layout = columnLayout(where.firstRow, selected[0]);
  // The row above names the column only when its cell reads as a header (not an input of its own).
  const headerCell = layout.headerRow === null ? undefined : column.cells[layout.headerRow - column.top];
  const inputs = selected.slice(layout.headerInSelection ? 1 : 0);
  const kinds = inputKinds(inputs);
  return {
    sheetName: where.sheetName,
    inputA1: where.inputA1,
    rows: inputs.length,
    headerRow: layout.headerRow,
    header: isHeaderCell(headerCell) ? String(headerCell).trim() : null,
    kind: kindOf(kinds),
    kinds,
    sample: inputs
      .filter((cell) => !isBlank(cell))
      .slice(0, SAMPLE_SIZE)
      .map(cellText),
  };
}
