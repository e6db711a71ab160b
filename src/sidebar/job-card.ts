// A research job as a card: its status by the README's names, the brief, how far it is in one sentence (the bar
// agrees), the service's closing message once it ended, the error, Open sheet and Cancel. While the job runs the
// service's message is left out: it counts against the limit asked for, the card against the profiles found.
import type { JobSummary } from '../core/contract';
import { isJobFinished, JOB_STATUS_LABELS, jobProgress, rowsText, shortenBrief } from './jobs';
import { renderCard, type CardAction } from './progress-card';
import { startedText } from './summaries';

export function renderJobCard(job: JobSummary): HTMLLIElement {
  const brief = shortenBrief(job.query);
  // Buttons and the bar repeat on every card, so their names carry a short form of the brief.
  const label = shortenBrief(job.query, 40);
  const actions: CardAction[] = [
    { action: 'open', label: 'Open sheet', name: `Open sheet ${job.sheetName} (${label})`, look: 'link' },
  ];
  if (!isJobFinished(job)) {
    actions.push({ action: 'cancel', label: 'Cancel', name: `Cancel research: ${label}`, look: 'secondary' });
  }
  return renderCard({
    id: job.jobId,
    kind: 'job-card',
    status: job.status,
    statusLabel: JOB_STATUS_LABELS[job.status] ?? job.status,
    time: startedText(job.createdAt),
    title: brief,
    fullTitle: brief === job.query ? undefined : job.query,
    notes: isJobFinished(job) ? [job.message] : [],
    progress: jobProgress(job),
    progressName: `Rows written: ${label}`,
    progressText: rowsText(job),
    error: job.error,
    actions,
  });
}
