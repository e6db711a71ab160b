// Pure rules about enrichment runs as the Enrich panel shows them: which runs the open sidebar keeps going, and what a
// run's card says.
import { FINISHED_RUN_STATUSES, type RunStatus, type RunSummary } from '../core/contract';
import type { Tone } from './status-line';
import { count, mergeNewest, progressOf, type Progress } from './summaries';

export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  running: 'Running',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
  error: 'Error',
};

export function isRunFinished(run: RunSummary): boolean {
  return FINISHED_RUN_STATUSES.includes(run.status);
}

/** Running and started by this user: the runs the open sidebar continues. */
export function isOwnRunning(run: RunSummary): boolean {
  return run.status === 'running' && run.mine !== false;
}

export function mergeRuns(current: readonly RunSummary[], incoming: readonly RunSummary[]): RunSummary[] {
  return mergeNewest(current, incoming, (run) => run.runId);
}

/** The run the next continue call works on: the user's own running runs in turn; null when there is none. */
export function runToContinue(runs: readonly RunSummary[], turn: number): string | null {
  const own = runs.filter(isOwnRunning);
  return own.length === 0 ? null : own[turn % own.length].runId;
}

/** The bar: rows done of the total; full once completed. */
export function runProgress(run: RunSummary): Progress {
  const state = run.status === 'completed' ? 'completed' : isRunFinished(run) ? 'ended' : 'running';
  return progressOf(run.done, run.total, state);
}

/** "120 of 500 rows done · 240 of 960 credits · about 6 minutes left": the line beside the bar. */
export function runProgressText(run: RunSummary): string {
  const parts = [
    `${run.done.toLocaleString('en-US')} of ${count(run.total, 'row')} done`,
    `${run.creditsSpent.toLocaleString('en-US')} of ${count(run.creditsEstimated, 'credit')}`,
  ];
  if (run.status === 'running' && run.etaSeconds !== null && run.done < run.total) {
    parts.push(`${durationText(run.etaSeconds)} left`);
  }
  return parts.join(' · ');
}

/** "118 OK · 2 not found · 1 failed · 3 invalid", leaving out the zeros. */
export function runOutcomeText(run: RunSummary): string {
  const parts = [
    [run.ok, 'OK'],
    [run.notFound, 'not found'],
    [run.failed, 'failed'],
    [run.invalid, 'invalid'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, label]) => `${n.toLocaleString('en-US')} ${label}`)
    .join(' · ');
}

/** "under a minute", "about 3 minutes", "about 1 hour 20 minutes". */
export function durationText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${count(minutes, 'minute')}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${count(hours, 'hour')}${rest === 0 ? '' : ` ${count(rest, 'minute')}`}`;
}

/** What the answer to a pause, resume or retry says happened. */
export function actionOutcome(action: 'pause' | 'resume' | 'retry', run: RunSummary): [string, Tone] {
  if (action === 'pause') return run.status === 'paused' ? ['Run paused.', 'success'] : [notYet(run, 'pause'), 'error'];
  if (run.status !== 'running') return [notYet(run, action === 'retry' ? 'retry' : 'resume'), 'error'];
  return [action === 'retry' ? 'Retrying the failed rows.' : 'Run resumed.', 'success'];
}

function notYet(run: RunSummary, what: string): string {
  return `The ${what} is not confirmed yet: the run still shows as ${RUN_STATUS_LABELS[run.status]}.`;
}

/** Only a run that now shows as cancelled reads "cancelled". */
export function runCancelOutcome(run: RunSummary): [string, Tone] {
  if (run.status === 'cancelled') return ['Run cancelled.', 'success'];
  if (run.status === 'completed' || run.status === 'error') {
    return [`The run had already ended (${RUN_STATUS_LABELS[run.status]}); nothing was cancelled.`, 'info'];
  }
  return [`${notYet(run, 'cancel')} Try again in a moment.`, 'error'];
}
