// Where a run's values go: one column per field, found by its header name in the header row, then the operation's
// status column and its checked column beside it (runs of different operations never share a status). The columns
// the header row lacks are added together, in order, where the placement says: a column the request names, or just
// after the last column holding anything in the run's own rows, so a list's results land beside it.
import type { EnrichOperation } from '../contract';
import { isBlank } from '../text';
import { checkedHeaderOf, statusHeaderOf } from '../refresh/checked';

export interface OutputColumns {
  /** 1-based, one per field in the request's order. */
  fields: number[];
  /** 1-based. */
  status: number;
  /** 1-based: when each row was fetched. */
  checked: number;
  /** Headers to write: the missing names, in order, in consecutive new columns. */
  added: { column: number; names: string[] } | null;
}

/** The run's field headers, then its operation's status and checked headers: the order columns are added in. */
export function outputNames(operation: EnrichOperation, fieldNames: readonly string[]): string[] {
  return [...fieldNames, statusHeaderOf(operation), checkedHeaderOf(operation)];
}

/**
 * `header` is the header row from column 1 on; `placeAt(count)` answers the first of `count` new columns, asked only
 * when some are missing. The input column is never an output column, even when its header is a field name.
 */
export function outputColumns(
  header: readonly unknown[],
  inputColumn: number,
  names: readonly string[],
  placeAt: (count: number) => number,
): OutputColumns {
  const columnOf = new Map<string, number>();
  header.forEach((cell, index) => {
    const name = typeof cell === 'string' ? cell.trim() : '';
    if (name !== '' && index + 1 !== inputColumn && !columnOf.has(name)) columnOf.set(name, index + 1);
  });
  const missing = names.filter((name) => !columnOf.has(name));
  const firstNew = missing.length === 0 ? 0 : placeAt(missing.length);
  missing.forEach((name, index) => columnOf.set(name, firstNew + index));
  const [status, checked] = names.slice(-2).map((name) => columnOf.get(name)!);
  return {
    fields: names.slice(0, -2).map((name) => columnOf.get(name)!),
    status,
    checked,
    added: missing.length === 0 ? null : { column: firstNew, names: missing },
  };
}

/** The last column (1-based) where any of the rows holds a value or a formula; 0 when none does. */
export function lastColumnWithContent(
  values: readonly (readonly unknown[])[],
  formulas: readonly (readonly string[])[],
) {
  let last = 0;
  values.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (!isBlank(cell) || (formulas[r]?.[c] ?? '') !== '') last = Math.max(last, c + 1);
    }),
  );
  return last;
}
