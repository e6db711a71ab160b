// One piece of work (a research job, an enrichment run) as a card: status badge, title, messages, a progress bar
// with the line it agrees with, the last error, and action buttons. Pure: data in, DOM out; the list handles clicks
// (data-action on the buttons). Every string is set as text.
import { el } from './dom';
import type { Progress } from './summaries';

export interface CardAction {
  action: string;
  label: string;
  /** The button's accessible name: cards repeat, so it names the work too. */
  name: string;
  look: 'link' | 'secondary' | 'danger';
  /** It opens a panel in the card: aria-expanded says whether it is open (the list sets it when it is). */
  opensPanel?: boolean;
}

export interface CardContent {
  id: string;
  /** The card's kind, as a class: 'job-card' or 'run-card'. */
  kind: string;
  status: string;
  statusLabel: string;
  time: string;
  title: string;
  /** The whole title as a tooltip, when `title` was shortened. */
  fullTitle?: string;
  /** Muted lines under the title, such as the service's message; empty ones are left out. */
  notes: string[];
  progress: Progress | null;
  /** Names the bar for screen readers. */
  progressName: string;
  /** The line beside the bar; the bar says the same to screen readers. */
  progressText: string;
  error: string | null;
  actions: CardAction[];
}

export function renderCard(content: CardContent): HTMLLIElement {
  return el(
    'li',
    { class: `card ${content.kind}`, 'data-id': content.id, 'data-status': content.status },
    el(
      'div',
      { class: 'card-head' },
      el('span', { class: 'badge', 'data-status': content.status }, content.statusLabel),
      el('span', { class: 'card-time' }, content.time),
    ),
    el('p', { class: 'card-title', title: content.fullTitle ?? null }, content.title),
    ...content.notes.filter((note) => note !== '').map((note) => el('p', { class: 'card-note' }, note)),
    renderBar(content),
    el('p', { class: 'card-progress-text' }, content.progressText),
    content.error !== null && el('p', { class: 'card-error' }, content.error),
    content.actions.length > 0 && el('div', { class: 'card-actions' }, ...content.actions.map(renderAction)),
  );
}

function renderBar(content: CardContent): HTMLProgressElement | null {
  const { progress } = content;
  if (progress === null) return null;
  const determinate = progress !== 'indeterminate';
  return el('progress', {
    class: 'card-progress',
    'data-status': content.status,
    max: determinate ? progress.max : null,
    value: determinate ? progress.value : null,
    'aria-label': content.progressName,
    'aria-valuetext': content.progressText,
  });
}

const LOOKS: Record<CardAction['look'], string> = {
  link: 'link-button',
  secondary: 'button button-secondary',
  danger: 'button button-secondary danger',
};

function renderAction(action: CardAction): HTMLButtonElement {
  return el(
    'button',
    {
      type: 'button',
      class: LOOKS[action.look],
      'data-action': action.action,
      'aria-label': action.name,
      'aria-expanded': action.opensPanel ? 'false' : null,
    },
    action.label,
  );
}
