// What a refresh writes in one row it fetched again: only the cells that change, the status when it changes, and
// the checked time always. A profile gone (OK, now NOT FOUND or PRIVATE) keeps its values.
import type { CellValue } from '../cells';
import type { RowOutcome } from '../enrichment/status';
import { checkedCell } from './checked';
import { compareRow, type ComparedField, type FieldChange } from './changes';

/** The row as read before the refresh writes it. */
export interface RowBefore {
  /** One cell per field, in the run's field order. */
  values: readonly unknown[];
  status: unknown;
}

export interface RowRefresh {
  /** The field cells to write (index into the run's fields), each a change; every other field cell is kept. */
  writes: Array<{ field: number; value: CellValue }>;
  /** The new status, or null when the status cell already says it. */
  status: string | null;
  /** The checked cell: the answer's fetch time. */
  checked: string;
  /** What changed, the status included when the profile is gone: each cell here gets a note and a highlight. */
  changes: FieldChange[];
}

export function planRowRefresh(
  fields: readonly ComparedField[],
  before: RowBefore,
  outcome: RowOutcome,
  statusHeader: string,
  fetchedAt: number,
): RowRefresh {
  const changes = compareRow(fields, before.values, outcome.values, before.status, outcome.status, statusHeader);
  const indexOf = new Map(fields.map((field, index) => [field.name, index]));
  const writes = changes
    .filter((change) => change.field !== statusHeader)
    .map((change) => ({ field: indexOf.get(change.field)!, value: change.new }));
  const oldStatus = typeof before.status === 'string' ? before.status.trim() : before.status;
  return {
    writes,
    status: oldStatus === outcome.status ? null : outcome.status,
    checked: checkedCell(outcome.status, fetchedAt),
    changes,
  };
}
