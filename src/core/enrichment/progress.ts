// A run's progress, read from its column: the status cells are the per-row state, so the counts always describe
// the column's current rows (rows added, removed or sorted during the run included).
import type { RunSummary } from '../contract';
import { isBlank } from '../text';
import type { OperationSpec } from './operations';
import { inputState } from './rows';
import { statusKind } from './status';

/** The counts of a run's rows, as the sidebar shows them. */
export type RunCounts = Pick<RunSummary, 'total' | 'done' | 'ok' | 'notFound' | 'failed' | 'invalid'>;

export const NO_COUNTS: RunCounts = { total: 0, done: 0, ok: 0, notFound: 0, failed: 0, invalid: 0 };

export function countRows(inputs: readonly unknown[], statuses: readonly unknown[]): RunCounts {
  const counts = { ...NO_COUNTS };
  inputs.forEach((input, index) => {
    if (isBlank(input)) return;
    counts.total++;
    const kind = statusKind(statuses[index]);
    if (kind === 'none') return;
    counts.done++;
    if (kind === 'ok') counts.ok++;
    else if (kind === 'notFound' || kind === 'private') counts.notFound++;
    else if (kind === 'error' || kind === 'other') counts.failed++;
    else counts.invalid++;
  });
  return counts;
}

/** What is left: the distinct valid inputs of rows without a status, in row order, and whether any row is left. */
export function remainingInputs(
  spec: OperationSpec,
  inputs: readonly unknown[],
  statuses: readonly unknown[],
): { inputs: string[]; rows: number } {
  const pending = new Set<string>();
  let rows = 0;
  inputs.forEach((input, index) => {
    if (isBlank(input) || statusKind(statuses[index]) !== 'none') return;
    rows++;
    const state = inputState(spec, input);
    if (state.kind === 'valid') pending.add(state.normalized);
  });
  return { inputs: [...pending], rows };
}
