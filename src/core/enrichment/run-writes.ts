// The cells a run's rows get outside the chunks of answers: the headers of output columns the header row lacks, and
// the status column (a new run's starting statuses, failed rows cleared for a retry), each as one text block.
import { TEXT_FORMAT } from '../cells';
import type { RunArea } from './run-area';
import type { WriteBlock } from './write-plan';

/** The headers of the output columns the header row lacks, where the area's columns say they land; null: none. */
export function missingHeadersBlock(area: RunArea): WriteBlock | null {
  const added = area.columns.added;
  if (added === null) return null;
  return {
    row: area.headerRow,
    column: added.column,
    values: [added.names],
    formats: added.names.map(() => TEXT_FORMAT),
  };
}

/** The status cells that change, as text, from the first to the last one that does (one block); null: none does. */
export function statusesBlock(area: RunArea, statuses: readonly unknown[]): WriteBlock | null {
  const changed = statuses.flatMap((status, i) => (status === area.statuses[i] ? [] : [i]));
  if (changed.length === 0) return null;
  const [first, last] = [changed[0], changed[changed.length - 1]];
  const values = statuses.slice(first, last + 1).map((status) => [status === null ? '' : String(status)]);
  return { row: area.headerRow + 1 + first, column: area.columns.status, values, formats: [TEXT_FORMAT] };
}
