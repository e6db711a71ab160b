// Fill down, as Ctrl+D and the fill handle do in Sheets: every cell below the top row of a range gets the top cell
// of its column, a formula with its relative row references moved along (=F(A2) filled into row 5 is =F(A5)),
// anything else as it is. Cells a formula's result spilled into hold nothing of their own, so they fill as empty.
import type { GridRect } from '../gas-fakes/a1';
import type { CellValue } from '../gas-fakes/cell-input';
import { moveFormula } from '../gas-fakes/formula-references';

export interface SourceCell {
  formula: string;
  value: CellValue;
  /** True when the value is part of another cell's spilled result. */
  spilled: boolean;
}

/** What one cell becomes: a formula typed in, or a value stored as it is ('' empties the cell). */
export type CellEntry =
  { row: number; column: number; formula: string } | { row: number; column: number; value: CellValue };

/** The entries filling `rect` below its top row from `top`, the top row's cells (one per column of `rect`). */
export function fillDownEntries(rect: GridRect, top: readonly SourceCell[]): CellEntry[] {
  const entries: CellEntry[] = [];
  for (let r = 1; r < rect.numRows; r++) {
    top.forEach((source, c) => {
      const position = { row: rect.row + r, column: rect.column + c };
      if (source.formula !== '') entries.push({ ...position, formula: moveFormula(source.formula, r) });
      else entries.push({ ...position, value: source.spilled ? '' : source.value });
    });
  }
  return entries;
}

/**
 * The range a fill-down of `selection` covers: the selection itself, or for a single row (Ctrl+D on one cell), that
 * row and the one above it, so the cell above is copied down. Null when there is nothing above to copy.
 */
export function fillRange(selection: GridRect): GridRect | null {
  if (selection.numRows > 1) return selection;
  if (selection.row === 1) return null;
  return { ...selection, row: selection.row - 1, numRows: 2 };
}
