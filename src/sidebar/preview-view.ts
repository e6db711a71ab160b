// What a run would do and cost, as the preview answered it: each input row counted once, the exact credits, the
// time it should take, the columns it writes, and the first invalid inputs with why. Sheet text is set as text.
import type { EnrichmentPreview } from '../core/contract';
import { el } from './dom';
import { durationText } from './runs';
import { count } from './summaries';

/** The counts in the order the preview's precedence gives them. */
export function previewCounts(preview: EnrichmentPreview): Array<[string, number]> {
  return [
    ['Rows', preview.rows],
    ['Blank', preview.blank],
    ['Invalid', preview.invalid],
    ['Already done', preview.alreadyDone],
    ['Duplicates', preview.duplicates],
    ['Cached', preview.cached],
    ['To fetch', preview.toFetch],
  ];
}

export function costText(preview: EnrichmentPreview): string {
  const time = preview.toFetch === 0 ? 'nothing to fetch' : durationText(preview.estimatedSeconds);
  return `${count(preview.credits, 'credit')} · ${time}`;
}

/** A run would fetch and write nothing: no row to fetch and no cached answer to write. */
export function nothingToDo(preview: EnrichmentPreview): boolean {
  return preview.toFetch === 0 && preview.cached === 0;
}

/** Why there is nothing to do, when rows are done already: Start stays off, and this says what would help. */
export function nothingToDoText(preview: EnrichmentPreview): string | null {
  if (!nothingToDo(preview)) return null;
  if (preview.alreadyDone === 0) return 'Nothing to fetch: the selection holds no input this operation can use.';
  return (
    `Nothing to fetch: ${count(preview.alreadyDone, 'row')} ${preview.alreadyDone === 1 ? 'is' : 'are'} already ` +
    'done by this operation. Tick “Overwrite existing values” to fetch again, or use Refresh… on its run.'
  );
}

export function renderPreview(preview: EnrichmentPreview): HTMLElement {
  const nothing = nothingToDoText(preview);
  return el(
    'div',
    { class: 'preview-card' },
    el(
      'dl',
      { class: 'preview-counts' },
      ...previewCounts(preview).flatMap(([label, n]) => [
        el('dt', {}, label),
        el('dd', { 'data-count': label }, n.toLocaleString('en-US')),
      ]),
    ),
    el('p', { class: 'preview-cost' }, `Cost: ${costText(preview)}`),
    el('p', { class: 'preview-columns' }, `Columns: ${preview.columns.join(', ')}`),
    el('p', { class: 'preview-where' }, `Writes to ${preview.outputA1} (header row to last input row)`),
    nothing !== null && el('p', { class: 'preview-nothing' }, nothing),
    preview.dailyQuota !== undefined && el('p', { class: 'preview-quota' }, preview.dailyQuota),
    renderInvalid(preview),
  );
}

/**
 * The first invalid inputs, so the user can fix them before spending anything. Each reason quotes its value when the
 * value is text ("x" is not a profile URL), and says what it is otherwise (not text but a number), so the value is
 * not repeated beside it.
 */
const INVALID_SHOWN = 5;

function renderInvalid(preview: EnrichmentPreview): HTMLElement | null {
  const shown = preview.invalidSamples.slice(0, INVALID_SHOWN);
  if (shown.length === 0) return null;
  const more = preview.invalid - shown.length;
  return el(
    'ul',
    { class: 'preview-invalid', 'aria-label': 'Invalid inputs' },
    ...shown.map((sample) => el('li', {}, `Row ${sample.row}: ${sample.reason}`)),
    more > 0 && el('li', { class: 'hint' }, `and ${count(more, 'more invalid row')}`),
  );
}
