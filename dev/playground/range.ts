// Ranges of cells as the grid handles them (no Node or browser API here: the page and its tests use it).
import type { GridRect } from '../gas-fakes/a1';

export interface Position {
  row: number;
  column: number;
}

/** The rectangle two corners span, in whichever order they were given (a drag may go up or left). */
export function rectBetween(a: Position, b: Position): GridRect {
  return {
    row: Math.min(a.row, b.row),
    column: Math.min(a.column, b.column),
    numRows: Math.abs(a.row - b.row) + 1,
    numColumns: Math.abs(a.column - b.column) + 1,
  };
}

export function rectContains(rect: GridRect, { row, column }: Position): boolean {
  return (
    row >= rect.row && row < rect.row + rect.numRows && column >= rect.column && column < rect.column + rect.numColumns
  );
}

/** The part of `rect` inside a grid of `rows` × `columns` (a whole-column selection is longer than the drawn grid). */
export function clampRect(rect: GridRect, rows: number, columns: number): GridRect {
  const row = Math.min(rect.row, rows);
  const column = Math.min(rect.column, columns);
  return {
    row,
    column,
    numRows: Math.max(1, Math.min(rect.row + rect.numRows - 1, rows) - row + 1),
    numColumns: Math.max(1, Math.min(rect.column + rect.numColumns - 1, columns) - column + 1),
  };
}

/** The fill handle dragged to `row`: the range grown down to that row, or null when the drag did not go below it. */
export function extendDown(rect: GridRect, row: number): GridRect | null {
  const bottom = rect.row + rect.numRows - 1;
  return row > bottom ? { ...rect, numRows: row - rect.row + 1 } : null;
}
