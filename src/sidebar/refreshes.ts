// Pure rules about refreshing a run as its card shows them: when it can be refreshed, what the latest refresh found,
// what a refresh preview costs, and the run's schedule in one line.
import {
  CHANGE_KINDS,
  ENRICH_OPERATIONS,
  type EnrichmentPreview,
  type RunSummary,
  type ScheduleView,
} from '../core/contract';
import { durationText } from './runs';
import { count } from './summaries';

/** A finished run that fetched something can be fetched again; a cancelled one only when it got some rows done. */
export function canRefresh(run: RunSummary): boolean {
  if (run.mine === false) return false;
  if (run.status === 'completed' || run.status === 'error') return true;
  return run.status === 'cancelled' && run.done > 0;
}

/** "812 rows refreshed · 41 changed: 17 new employer, 9 new title"; empty before any refresh. */
export function refreshOutcomeText(run: RunSummary): string {
  if (!(run.refreshed > 0)) return '';
  const refreshed = `${count(run.refreshed, 'row')} refreshed`;
  if (!(run.changes > 0)) return `${refreshed} · no changes`;
  const kinds = CHANGE_KINDS.filter((kind) => (run.changesByKind[kind] ?? 0) > 0).map(
    (kind) => `${(run.changesByKind[kind] ?? 0).toLocaleString('en-US')} ${kind}`,
  );
  return `${refreshed} · ${run.changes.toLocaleString('en-US')} changed${kinds.length > 0 ? `: ${kinds.join(', ')}` : ''}`;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mon 30 Nov, 09:00" in the user's time zone; empty when the time cannot be read. */
export function whenText(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const clock = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return `${WEEKDAYS[at.getDay()]} ${at.getDate()} ${MONTHS[at.getMonth()]}, ${clock}`;
}

/** "Refreshes every week · rows older than 7 days · at most 500 credits · next Mon 30 Nov, 09:00". */
export function scheduleText(schedule: ScheduleView): string {
  const next = whenText(schedule.nextAt);
  return [
    `Refreshes every ${schedule.every}`,
    schedule.olderThanDays === 0 ? 'all rows' : `rows older than ${count(schedule.olderThanDays, 'day')}`,
    `at most ${count(schedule.maxCredits, 'credit')}`,
    next === '' ? '' : `next ${next}`,
  ]
    .filter((part) => part !== '')
    .join(' · ');
}

/** What a refresh preview says, as lines: the rows, the price (both for economy), the time, what economy may miss. */
export interface RefreshCost {
  rows: number;
  /** Exactly what a full refresh of those rows costs. */
  fullCredits: number;
  /** Economy: [no row changed, every row changed]. */
  economy: [number, number] | null;
  /** The most the refresh may spend: what the confirm step names. */
  maxCredits: number;
  seconds: number;
}

/** With economy the preview prices the economy way, so the full price is each due row's own operation. */
export function refreshCost(preview: EnrichmentPreview, run: RunSummary): RefreshCost {
  const rows = preview.refresh?.rows ?? preview.toFetch;
  const economy = preview.refresh?.economyCredits ?? null;
  const fullCredits =
    economy === null
      ? (preview.refresh?.credits ?? preview.credits)
      : rows * ENRICH_OPERATIONS[run.operation].creditsEach;
  return {
    rows,
    fullCredits,
    economy,
    maxCredits: economy === null ? fullCredits : economy[1],
    seconds: preview.estimatedSeconds,
  };
}

export function creditRangeText([low, high]: [number, number]): string {
  return low === high ? count(high, 'credit') : `${low.toLocaleString('en-US')}–${count(high, 'credit')}`;
}

export const ECONOMY_CAVEAT =
  'Economy may miss changes the profile record has not seen yet: such rows keep their old values until a full refresh.';

export function refreshCostLines(cost: RefreshCost): string[] {
  if (cost.rows === 0) return ['No rows are due: every row was checked more recently.'];
  const time = durationText(cost.seconds);
  const lines = [
    `${count(cost.rows, 'row')} to refresh · ${time}`,
    `Full refresh: ${count(cost.fullCredits, 'credit')}`,
  ];
  if (cost.economy !== null) lines.push(`Economy: ${creditRangeText(cost.economy)}`, ECONOMY_CAVEAT);
  return lines;
}
