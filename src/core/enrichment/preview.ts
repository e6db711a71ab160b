// What a run over a column would do and cost, from the column, its status cells and the cache alone: no request.
// The run itself treats every row the same way, so without faults it spends exactly the preview's credits less what
// the service does not bill (private and unknown profiles).
import { SCRAPES_PER_MINUTE, type Tier } from '../api/types';
import type { EnrichmentPreview, InvalidSample } from '../contract';
import { cachedInputs, type FetchContext } from '../fetch/engine';
import { dailyQuotaSentence } from './daily-quota';
import type { OperationSpec } from './operations';
import { cellText, inputState } from './rows';
import { staleRows } from '../refresh/checked';
import { refreshPreview, type RefreshRequest } from '../refresh/request';
import { invalidStatus, isFinal, statusKind } from './status';

/** How a new run sees a row of its column. */
export type StartRow =
  | { kind: 'blank' }
  | { kind: 'invalid'; reason: string }
  /** Its status is final (OK, NOT FOUND, PRIVATE) and the run does not overwrite. */
  | { kind: 'done' }
  | { kind: 'pending'; normalized: string }
  /** Done, and due again for the refresh: fetched again, never answered from the cache; its status stays meanwhile. */
  | { kind: 'refresh'; normalized: string };

/** `due`: the indexes of done rows a refresh fetches again (staleRows); empty for a plain run. */
export function startRows(
  spec: OperationSpec,
  inputs: readonly unknown[],
  statuses: readonly unknown[],
  overwrite: boolean,
  due: ReadonlySet<number> = new Set(),
): StartRow[] {
  return inputs.map((cell, index): StartRow => {
    const state = inputState(spec, cell);
    if (state.kind !== 'valid') return state;
    if (!overwrite && isFinal(statusKind(statuses[index]))) {
      return due.has(index) ? { kind: 'refresh', normalized: state.normalized } : { kind: 'done' };
    }
    return { kind: 'pending', normalized: state.normalized };
  });
}

/** The distinct inputs a run would have to answer (refreshed ones included), in row order. */
export function pendingInputs(rows: readonly StartRow[]): string[] {
  const inputs = new Set<string>();
  for (const row of rows) if (row.kind === 'pending' || row.kind === 'refresh') inputs.add(row.normalized);
  return [...inputs];
}

/** The distinct inputs of the rows a refresh fetches again. */
export function refreshInputs(rows: readonly StartRow[]): Set<string> {
  return new Set(rows.flatMap((row) => (row.kind === 'refresh' ? [row.normalized] : [])));
}

/**
 * The status column as a run starts: invalid rows say why, rows to fetch (including earlier errors, and every row
 * when overwriting) are cleared, final statuses stay, blank inputs have none.
 */
export function startStatuses(rows: readonly StartRow[], statuses: readonly unknown[]): unknown[] {
  return rows.map((row, index) => {
    if (row.kind === 'invalid') return invalidStatus(row.reason);
    return row.kind === 'done' || row.kind === 'refresh' ? statuses[index] : '';
  });
}

/** Fetches a minute for operations the tier does not pace: 50 parallel requests, a few seconds a batch. */
const UNPACED_FETCHES_PER_MINUTE = 600;
const MAX_INVALID_SAMPLES = 10;

export function fetchesPerMinute(paced: boolean, tier: Tier): number {
  return paced ? SCRAPES_PER_MINUTE[tier] : UNPACED_FETCHES_PER_MINUTE;
}

/** Seconds to fetch `count` inputs at `perMinute`, whole seconds rounded up. */
export function secondsToFetch(count: number, perMinute: number): number {
  return Math.ceil((count * 60) / perMinute);
}

export interface PreviewInput {
  rows: readonly StartRow[];
  /** The sheet row of rows[0]. */
  firstInputRow: number;
  inputs: readonly unknown[];
  /** Normalized inputs whose answer is in the cache. */
  cached: ReadonlySet<string>;
  creditsPerFetch: number;
  perMinute: number;
  /** The field headers in order, then the status column's, then the checked column's. */
  columns: string[];
  outputA1: string;
  /** With a refresh request: its options (economy). */
  refresh?: RefreshRequest | null;
}

/** Each row counted once, by precedence: blank, invalid, alreadyDone, duplicate, cached, toFetch. */
export function previewOf(input: PreviewInput): EnrichmentPreview {
  const preview: EnrichmentPreview = {
    rows: input.rows.length,
    blank: 0,
    invalid: 0,
    duplicates: 0,
    cached: 0,
    alreadyDone: 0,
    toFetch: 0,
    credits: 0,
    estimatedSeconds: 0,
    columns: input.columns,
    outputA1: input.outputA1,
    invalidSamples: [],
  };
  const counted = new Set<string>();
  // An input a refresh fetches again is fetched, whichever of its rows counts it.
  const refreshed = refreshInputs(input.rows);
  input.rows.forEach((row, index) => {
    if (row.kind === 'blank') preview.blank++;
    else if (row.kind === 'invalid') {
      preview.invalid++;
      if (preview.invalidSamples.length < MAX_INVALID_SAMPLES) preview.invalidSamples.push(sample(input, index, row));
    } else if (row.kind === 'done') preview.alreadyDone++;
    else if (counted.has(row.normalized)) preview.duplicates++;
    else {
      counted.add(row.normalized);
      if (input.cached.has(row.normalized) && !refreshed.has(row.normalized)) preview.cached++;
      else preview.toFetch++;
    }
  });
  preview.credits = preview.toFetch * input.creditsPerFetch;
  if (input.refresh) {
    const plainFetches = new Set(input.rows.flatMap((row) => (row.kind === 'pending' ? [row.normalized] : [])));
    const extra = [...refreshed].filter((normalized) => !plainFetches.has(normalized) || input.cached.has(normalized));
    preview.refresh = refreshPreview(input.refresh, extra.length, input.creditsPerFetch);
    // Economy: a record for every due row, and a scrape for those it shows changed: the estimate covers the most.
    const most = preview.refresh.economyCredits?.[1];
    if (most !== undefined) preview.credits += most - preview.refresh.credits;
  }
  preview.estimatedSeconds = secondsToFetch(preview.toFetch, input.perMinute);
  // An economy refresh asks a record before each scrape: at most two requests for each row it refreshes.
  const requests = preview.toFetch + (preview.refresh?.economyCredits ? preview.refresh.rows : 0);
  const quota = dailyQuotaSentence(requests);
  if (quota !== null) preview.dailyQuota = quota;
  return preview;
}

function sample(input: PreviewInput, index: number, row: { reason: string }): InvalidSample {
  return { row: input.firstInputRow + index, value: cellText(input.inputs[index]), reason: row.reason };
}

/** A column as a new run over it would see it. */
export interface ColumnToPreview {
  /** One per input row (no header). */
  inputs: readonly unknown[];
  statuses: readonly unknown[];
  overwrite: boolean;
  /** The sheet row of inputs[0]. */
  firstInputRow: number;
  /** The field headers in order, then the status column's, then the checked column's. */
  columns: string[];
  outputA1: string;
  checked: readonly unknown[];
  refresh: RefreshRequest | null;
  /** Epoch ms: the refresh's start, from which due rows are measured. */
  now: number;
}

/**
 * The preview of a column, and its rows as a new run sees them. What is cached comes from the cache's index (and the
 * answers single formulas stored under keys of their own): never the packs of answers themselves (megabytes).
 */
export function previewColumn(
  spec: OperationSpec,
  context: FetchContext,
  column: ColumnToPreview,
): { rows: StartRow[]; preview: EnrichmentPreview } {
  const { refresh } = column;
  const due = refresh === null ? [] : staleRows(column.statuses, column.checked, column.now, refresh.olderThanDays);
  const rows = startRows(spec, column.inputs, column.statuses, column.overwrite, new Set(due));
  const plain = rows.flatMap((row) => (row.kind === 'pending' ? [row.normalized] : []));
  const preview = previewOf({
    rows,
    inputs: column.inputs,
    firstInputRow: column.firstInputRow,
    cached: cachedInputs(spec.fetch, context, plain),
    creditsPerFetch: spec.fetch.creditsPerFetch,
    perMinute: fetchesPerMinute(spec.fetch.paced, context.settings.tier),
    columns: column.columns,
    outputA1: column.outputA1,
    refresh,
  });
  return { rows, preview };
}
