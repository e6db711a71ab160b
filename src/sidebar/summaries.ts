// Pure rules shared by research jobs and enrichment runs as the sidebar holds them: how a fresh answer updates the
// list, whether anything moved, and how far a bar goes.

export interface Timed {
  createdAt: string;
  updatedAt: string;
}

/**
 * Folds newer summaries into the list, newest first. A summary missing from `incoming` stays, and one older than the
 * one held is ignored: a poll that started before a cancel may answer after it.
 */
export function mergeNewest<T extends Timed>(
  current: readonly T[],
  incoming: readonly T[],
  idOf: (item: T) => string,
): T[] {
  const byId = new Map(current.map((item) => [idOf(item), item]));
  for (const item of incoming) {
    const held = byId.get(idOf(item));
    if (held === undefined || time(item.updatedAt) >= time(held.updatedAt)) byId.set(idOf(item), item);
  }
  return [...byId.values()].sort((a, b) => time(b.createdAt) - time(a.createdAt));
}

function time(iso: string): number {
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? 0 : millis;
}

/**
 * Whether what the user sees changed between two lists. `updatedAt` is left out: a check that changed nothing may
 * still stamp it, and that must not count as movement (it would keep the sidebar checking at its fastest pace).
 */
export function listChanged<T extends Timed>(before: readonly T[], after: readonly T[]): boolean {
  const fingerprint = (items: readonly T[]) => JSON.stringify(items.map(({ updatedAt: _ignored, ...rest }) => rest));
  return fingerprint(before) !== fingerprint(after);
}

/** How far a progress bar goes: a value of a maximum, or 'indeterminate' while there is no total yet. */
export type Progress = { value: number; max: number } | 'indeterminate';

/** `done` of `total` as a bar: full when the work completed, what was reached when it ended otherwise. */
export function progressOf(done: number, total: number, state: 'running' | 'completed' | 'ended'): Progress {
  const max = Math.max(total, done, 0);
  if (state === 'completed') return { value: Math.max(max, 1), max: Math.max(max, 1) };
  if (max === 0) return state === 'running' ? 'indeterminate' : { value: 0, max: 1 };
  return { value: Math.min(done, max), max };
}

/** "1 row", "12 rows". */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
}

/** "14:05" for today, "3 Mar, 14:05" before; empty when the time cannot be read. */
export function startedText(iso: string, now: Date = new Date()): string {
  const started = new Date(iso);
  if (Number.isNaN(started.getTime())) return '';
  const clock = started.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (started.toDateString() === now.toDateString()) return `Started ${clock}`;
  return `Started ${started.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${clock}`;
}
