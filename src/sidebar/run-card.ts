// An enrichment run as a card: its status, where it writes and what it asks, rows done of the total (the bar
// agrees), credits spent of the estimate, the time left, the sentence that paused or ended it, and the actions its
// status allows.
import { ENRICH_OPERATIONS, type RunSummary } from '../core/contract';
import { renderCard, type CardAction } from './progress-card';
import { isRunFinished, RUN_STATUS_LABELS, runOutcomeText, runProgress, runProgressText } from './runs';
import { startedText } from './summaries';

export type RunAction = 'pause' | 'resume' | 'cancel' | 'retry';

export function runTitle(run: RunSummary): string {
  return `${ENRICH_OPERATIONS[run.operation]?.label ?? run.operation} · ${run.sheetName}!${run.inputA1}`;
}

export function renderRunCard(run: RunSummary): HTMLLIElement {
  const title = runTitle(run);
  return renderCard({
    id: run.runId,
    kind: 'run-card',
    status: run.status,
    statusLabel: RUN_STATUS_LABELS[run.status] ?? run.status,
    time: startedText(run.createdAt),
    title,
    notes: [run.message, runOutcomeText(run)],
    progress: runProgress(run),
    progressName: `Rows done: ${title}`,
    progressText: runProgressText(run),
    error: run.error,
    actions: runActions(run, title),
  });
}

function runActions(run: RunSummary, title: string): CardAction[] {
  const actions: CardAction[] = [];
  const add = (action: RunAction, label: string, look: CardAction['look'] = 'secondary') =>
    actions.push({ action, label, name: `${label}: ${title}`, look });
  if (run.status === 'running') add('pause', 'Pause');
  if (run.status === 'paused') add('resume', 'Resume');
  if (run.failed > 0 && run.status !== 'running') add('retry', 'Retry failed rows');
  if (!isRunFinished(run)) add('cancel', 'Cancel', 'danger');
  return actions;
}
