// Reading a column of inputs: where its header is, what each cell is, and what kind of inputs the column holds.
import type { InputKind } from '../contract';
import { classifyLookup } from '../input';
import type { OperationSpec } from './operations';

export function isBlankCell(cell: unknown): boolean {
  return cell === '' || cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

/**
 * A cell that names its column: text that is not a valid input of any kind (profile URL, email or phone). Judged
 * without the operation, so the header row of a column does not depend on what is asked of it.
 */
export function isHeaderCell(cell: unknown): boolean {
  return typeof cell === 'string' && !isBlankCell(cell) && !classifyLookup(cell).ok;
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
  if (isBlankCell(cell)) return { kind: 'blank' };
  const normalized = spec.normalize(cell);
  return normalized.ok
    ? { kind: 'valid', normalized: normalized.value }
    : { kind: 'invalid', reason: normalized.message };
}

const KIND_OF_LOOKUP: Record<string, InputKind> = { network_url: 'profile_url', email: 'email', phone: 'phone' };

/** One kind when every valid input is of it; mixed for several; unknown when no cell is a valid input. */
export function inputKind(cells: readonly unknown[]): InputKind {
  const kinds = new Set<InputKind>();
  for (const cell of cells) {
    if (isBlankCell(cell)) continue;
    const lookup = classifyLookup(cell);
    if (lookup.ok) kinds.add(KIND_OF_LOOKUP[Object.keys(lookup.value)[0]]);
  }
  if (kinds.size === 0) return 'unknown';
  return kinds.size === 1 ? [...kinds][0] : 'mixed';
}

/** A cell as the sidebar shows it: text, numbers and booleans as Sheets shows them, dates as ISO text. */
export function cellText(cell: unknown): string {
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return cell === null || cell === undefined ? '' : String(cell);
}
