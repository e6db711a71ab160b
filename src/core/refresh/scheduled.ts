// Scheduled refreshes: when a run's schedule is due, the background (its owner's trigger) previews the refresh and
// starts it, held to the schedule's cap of credits (the oldest rows that fit), with the owner's key; what it did, or
// why it could not start, is kept on the schedule for the run's card.
import { noKeyError } from '../api/errors';
import { withLock } from '../lock';
import type { Settings } from '../settings';
import { errorMessage } from '../text';
import { previewRun, startRun } from '../enrichment/actions';
import { OPERATIONS } from '../enrichment/operations';
import { isUnfinished, RunRegistry, type RunRecord, type StoredSchedule } from '../enrichment/registry';
import type { RunPorts } from '../enrichment/work';
import { fitToCap, isDue } from './schedule';

const OUTCOME_LOCK_WAIT_MS = 20_000;

/** The runs whose schedule `userId` set: while there is one, their trigger stays to start its refreshes. */
export function scheduledRunsOf(runs: readonly RunRecord[], userId: string): RunRecord[] {
  return runs.filter((run) => run.schedule?.owner === userId);
}

/** Starts every refresh of `userId`'s schedules that is due now (a run still running waits for the next trigger). */
export function startDueRefreshes<S>(ports: RunPorts<S>, userId: string, settings: () => Settings): void {
  const registry = new RunRegistry(ports.store);
  const now = ports.clock.now();
  const due = scheduledRunsOf(registry.all(), userId).filter(
    (run) => !isUnfinished(run.status) && isDue(run.schedule!, run.schedule!.lastAt, now),
  );
  if (due.length === 0) return;
  const owned = settings();
  for (const run of due) saveOutcome(ports, run.runId, startScheduled(ports, run, run.schedule!, owned, userId), now);
}

/** Starts the run's refresh within the cap; answers what it did, or why it could not. */
function startScheduled<S>(
  ports: RunPorts<S>,
  run: RunRecord,
  schedule: StoredSchedule,
  settings: Settings,
  userId: string,
): string {
  if (settings.apiKey === null) return `No scheduled refresh: ${noKeyError().message}`;
  const { sheetName, inputA1, operation, fields } = run;
  const request = { sheetName, inputA1, operation, fields, refresh: { olderThanDays: schedule.olderThanDays } };
  try {
    const preview = previewRun(ports, request, settings);
    const price = OPERATIONS[operation].fetch.creditsPerFetch;
    const plain = preview.credits - (preview.refresh?.credits ?? 0);
    const dueRows = Array.from({ length: preview.refresh?.rows ?? 0 }, (_, i) => i);
    const cap = fitToCap(dueRows, price, Math.max(0, schedule.maxCredits - plain));
    startRun(ports, request, settings, () => userId, cap.rows.length);
    return cap.message ?? `Refreshing the ${dueRows.length} rows due, for ${preview.credits} credits at most.`;
  } catch (error) {
    return `No scheduled refresh: ${errorMessage(error)}`;
  }
}

/** Under the lock: the schedule's last refresh is now, with what it did; a schedule stopped meanwhile stays stopped. */
function saveOutcome<S>(ports: RunPorts<S>, runId: string, lastOutcome: string, now: number): void {
  withLock(ports.lock, OUTCOME_LOCK_WAIT_MS, null, () => {
    const registry = new RunRegistry(ports.store);
    const run = registry.get(runId);
    if (run?.schedule == null) return null;
    return registry.save({ ...run, schedule: { ...run.schedule, lastAt: now, lastOutcome } }, run, run.updatedAt);
  });
}
