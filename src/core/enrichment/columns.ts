// Where a run's values go: one column per field, found by its header name in the header row, and the status
// column. A column the header row lacks is added after the last used column, so no cell of the user's is taken.
import { STATUS_HEADER } from './status';

export interface OutputColumns {
  /** 1-based, one per field in the request's order. */
  fields: number[];
  /** 1-based. */
  status: number;
  /** Headers to write: the missing names, in order, in consecutive new columns. */
  added: { column: number; names: string[] } | null;
}

/**
 * `header` is the header row from column 1 on; `lastUsedColumn` the sheet's last column with content. The input
 * column is never an output column, even when its header is a field name.
 */
export function outputColumns(
  header: readonly unknown[],
  lastUsedColumn: number,
  inputColumn: number,
  fieldNames: readonly string[],
): OutputColumns {
  const columnOf = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = typeof cell === 'string' ? cell.trim() : '';
    if (name !== '' && index + 1 !== inputColumn && !columnOf.has(name)) columnOf.set(name, index + 1);
  });
  const names = [...fieldNames, STATUS_HEADER];
  const missing = names.filter((name) => !columnOf.has(name));
  const firstNew = Math.max(lastUsedColumn, header.length, inputColumn) + 1;
  missing.forEach((name, index) => columnOf.set(name, firstNew + index));
  return {
    fields: fieldNames.map((name) => columnOf.get(name)!),
    status: columnOf.get(STATUS_HEADER)!,
    added: missing.length === 0 ? null : { column: firstNew, names: missing },
  };
}
