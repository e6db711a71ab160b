// An enrichment run as a card: its status, where it writes and what it asks, rows done of the total (the bar
// agrees), credits spent of the estimate, the time left, the sentence that paused or ended it, and the actions its
// status allows.
import { ENRICH_OPERATIONS, type RunSummary } from '../core/contract';
import { renderCard, type CardAction } from './progress-card';
import { canRefresh, refreshOutcomeText, scheduleText } from './refreshes';
import { isRunFinished, RUN_STATUS_LABELS, runOutcomeText, runProgress, runProgressText } from './runs';
import { startedText } from './summaries';

export type RunAction = 'pause' | 'resume' | 'cancel' | 'retry' | RunPanel | 'unschedule';

/** The actions that open a panel in the card: the refresh form, the changes list, the schedule form. */
export type RunPanel = 'refresh' | 'changes' | 'schedule';

export function isRunPanel(action: string): action is RunPanel {
  return action === 'refresh' || action === 'changes' || action === 'schedule';
}

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
    notes: [run.message, runOutcomeText(run), ...refreshNotes(run)],
    progress: runProgress(run),
    progressName: `Rows done: ${title}`,
    progressText: runProgressText(run),
    error: run.error,
    actions: runActions(run, title),
  });
}

/** The latest refresh's outcome, the schedule, and what the last scheduled refresh did. */
function refreshNotes(run: RunSummary): string[] {
  const { schedule } = run;
  if (!schedule) return [refreshOutcomeText(run)];
  const last = schedule.lastOutcome ? `Last scheduled refresh: ${schedule.lastOutcome}` : '';
  return [refreshOutcomeText(run), scheduleText(schedule), last];
}

function runActions(run: RunSummary, title: string): CardAction[] {
  const actions: CardAction[] = [];
  const add = (action: RunAction, label: string, look: CardAction['look'] = 'secondary', name = label) =>
    actions.push({ action, label, name: `${name}: ${title}`, look, opensPanel: isRunPanel(action) });
  if (run.status === 'running') add('pause', 'Pause');
  if (run.status === 'paused') add('resume', 'Resume');
  if (run.failed > 0 && run.status !== 'running') add('retry', 'Retry failed rows');
  if (!isRunFinished(run)) add('cancel', 'Cancel', 'danger');
  if (canRefresh(run)) add('refresh', 'Refresh…');
  if (run.changes > 0) add('changes', 'What changed');
  if (canRefresh(run)) add('schedule', run.schedule ? 'Change schedule…' : 'Keep fresh…');
  if (run.schedule) add('unschedule', 'Stop', 'danger', 'Stop scheduled refreshes');
  return actions;
}
