// One research job as a card. Pure: data in, DOM out; clicks are handled by the list (data-action on buttons).
import type { JobSummary } from '../core/contract';
import { el } from './dom';
import { isFinished, rowsText, shortenBrief, startedText, STATUS_LABELS } from './jobs';

export type JobAction = 'open' | 'cancel';

export function renderJobCard(job: JobSummary): HTMLLIElement {
  const brief = shortenBrief(job.query);
  // Buttons and the bar repeat on every card, so their names carry a short form of the brief.
  const label = shortenBrief(job.query, 40);
  return el(
    'li',
    { class: 'job-card', 'data-job-id': job.jobId, 'data-status': job.status },
    el(
      'div',
      { class: 'job-card-head' },
      el('span', { class: 'badge', 'data-status': job.status }, STATUS_LABELS[job.status] ?? job.status),
      el('span', { class: 'job-card-time' }, startedText(job.createdAt)),
    ),
    el('p', { class: 'job-card-query', title: brief === job.query ? null : job.query }, brief),
    job.message !== '' && el('p', { class: 'job-card-message' }, job.message),
    renderProgress(job, label),
    el('p', { class: 'job-card-rows' }, rowsText(job)),
    job.error !== null && el('p', { class: 'job-card-error' }, job.error),
    el(
      'div',
      { class: 'job-card-actions' },
      el(
        'button',
        {
          type: 'button',
          class: 'link-button',
          'data-action': 'open',
          'aria-label': `Open sheet ${job.sheetName} (${label})`,
        },
        'Open sheet',
      ),
      !isFinished(job) &&
        el(
          'button',
          {
            type: 'button',
            class: 'button button-secondary',
            'data-action': 'cancel',
            'aria-label': `Cancel research: ${label}`,
          },
          'Cancel',
        ),
    ),
  );
}

/** Chunks processed of the total: indeterminate while a running job has no total yet, absent if it ended without. */
function renderProgress(job: JobSummary, label: string): HTMLProgressElement | null {
  const totalKnown = job.totalChunks > 0;
  if (!totalKnown && isFinished(job)) return null;
  return el('progress', {
    class: 'job-card-progress',
    max: totalKnown ? job.totalChunks : 1,
    value: totalKnown ? Math.min(job.chunksProcessed, job.totalChunks) : null,
    'aria-label': `Progress: ${label}`,
  });
}
