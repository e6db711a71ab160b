// SCRAPE_PROFILE, FIND_CONTACTS and ENRICH_PROFILE: one output row per input cell. Each distinct entity (after
// normalizing) is fetched at most once per call and then served from the document cache for 6 hours, whoever
// recalculates and whichever columns they ask for. Misses go out in parallel batches paced to the key's tier; each
// batch's answers are cached as soon as it answers, and whatever cannot be fetched inside the formula's 30 seconds
// comes back as a row saying so.
import type { ApiClient } from '../api/client';
import type { ApiResult } from '../api/errors';
import {
  prepareContactLookup,
  prepareProfileRecord,
  prepareScrape,
  type ApiEndpoint,
  type Prepared,
} from '../api/operations';
import { SCRAPES_PER_MINUTE, type ContactLookup, type ContactLookupResponse } from '../api/types';
import type { CellValue } from '../cells';
import type { RecordType, RecordTypes } from '../fields/catalog';
import { contactLookupError } from '../fields/contacts';
import { DEFAULT_COLUMNS } from '../fields/defaults';
import { flattenRecord, headerFor, type FieldPath } from '../fields/flatten';
import { classifyLookup, normalizeProfileUrl, type InputResult } from '../input';
import { RateWindow } from '../rate-window';
import { ResponseCache } from '../response-cache';
import { booleanArg, cellsOf, fieldsArg, FormulaError, isBlank } from './args';
import { clientFor, deadlineOf, type FormulaContext } from './context';

/** How one per-row function turns a cell into a request and an answer into a row. */
interface LookupSpec<R extends RecordType> {
  recordType: R;
  /** Names the operation in cache keys. */
  operation: string;
  /** A function, so the column set is built only when a call needs it (see fields/defaults). */
  defaults(): readonly FieldPath<R>[];
  /** The normalized input: the same entity always gives the same text. */
  normalize(cell: unknown): InputResult<string>;
  prepare(endpoint: ApiEndpoint, normalized: string): Prepared<RecordTypes[R]>;
  /** An answer that is an error in disguise (the contact lookup's in-body error). */
  answerError?(value: RecordTypes[R]): string | null;
  /** Scrapes are limited per minute by tier. */
  paced: boolean;
}

export const scrapeProfileLookup: LookupSpec<'scrapedProfile'> = {
  recordType: 'scrapedProfile',
  operation: 'scrape',
  defaults: () => DEFAULT_COLUMNS.SCRAPE_PROFILE,
  normalize: normalizeProfileUrl,
  prepare: prepareScrape,
  paced: true,
};

export const enrichProfileLookup: LookupSpec<'modernProfile'> = {
  recordType: 'modernProfile',
  operation: 'profileRecord',
  defaults: () => DEFAULT_COLUMNS.ENRICH_PROFILE,
  normalize: normalizeProfileUrl,
  prepare: prepareProfileRecord,
  paced: false,
};

export const findContactsLookup: LookupSpec<'contact'> = {
  recordType: 'contact',
  operation: 'contacts',
  defaults: () => DEFAULT_COLUMNS.FIND_CONTACTS,
  // The kind is part of the normalized text, so an email and a phone never share a cache entry.
  normalize: (cell) => {
    const lookup = classifyLookup(cell);
    return lookup.ok ? { ok: true, value: JSON.stringify(lookup.value) } : lookup;
  },
  prepare: (endpoint, normalized) => prepareContactLookup(endpoint, JSON.parse(normalized) as ContactLookup),
  answerError: (value: ContactLookupResponse) => contactLookupError(value),
  paced: false,
};

const ERROR_PREFIX = '#ERROR: ';

type Answer<R extends RecordType> = { ok: true; value: RecordTypes[R] } | { ok: false; message: string };

export function runLookup<R extends RecordType>(
  spec: LookupSpec<R>,
  context: FormulaContext,
  input: unknown,
  fieldsValue: unknown,
  headersValue: unknown,
): CellValue | CellValue[][] {
  const chosen = fieldsArg(fieldsValue, spec.recordType);
  const headers = booleanArg(headersValue, 'include_headers', chosen === null);
  const fields = chosen ?? spec.defaults();
  const { cells, isRange } = cellsOf(input);

  const normalized = cells.map((cell) => (isBlank(cell) ? null : spec.normalize(cell)));
  if (!isRange) {
    const only = normalized[0];
    if (only === null) return '';
    if (!only.ok) throw new FormulaError(only.message);
  }
  const wanted = unique(normalized.flatMap((n) => (n !== null && n.ok ? [n.value] : [])));
  const answers = wanted.length === 0 ? new Map<string, Answer<R>>() : fetchAnswers(spec, context, wanted);

  const width = fields.length;
  const rows = normalized.map((n): CellValue[] => {
    if (n === null) return blankRow(width);
    const answer = n.ok ? answers.get(n.value)! : { ok: false as const, message: n.message };
    if (!answer.ok) {
      if (!isRange) throw new FormulaError(answer.message);
      return errorRow(answer.message, width);
    }
    return flattenRecord(answer.value, fields);
  });
  return headers ? [fields.map(headerFor), ...rows] : rows;
}

/** Answers from the cache, then from the API for the rest; each batch's fresh answers are cached as it answers. */
function fetchAnswers<R extends RecordType>(
  spec: LookupSpec<R>,
  context: FormulaContext,
  wanted: string[],
): Map<string, Answer<R>> {
  const client = clientFor(context);
  const cache = new ResponseCache(context.cache, context.hash);
  const keyOf = (normalized: string) =>
    cache.keyOf({ baseUrl: context.settings.baseUrl, operation: spec.operation, input: normalized });
  const cached = cache.getMany(wanted.map(keyOf));
  const answers = new Map<string, Answer<R>>();
  const misses: string[] = [];
  for (const normalized of wanted) {
    const text = cached.get(keyOf(normalized));
    if (text === undefined) misses.push(normalized);
    else answers.set(normalized, answerOf(spec, JSON.parse(text) as RecordTypes[R]));
  }
  if (misses.length === 0) return answers;

  // Cached batch by batch: Sheets may kill the execution at 30 s during a later batch (UrlFetch has no timeout), and
  // the answers of the batches before it were paid for.
  const cacheBatch = (batch: Map<string, ApiResult<RecordTypes[R]>>) => {
    const fresh = new Map<string, string>();
    for (const [normalized, result] of batch) {
      if (result.ok) fresh.set(keyOf(normalized), JSON.stringify(result.value));
    }
    cache.putMany(fresh);
  };
  const fetched = fetchInBatches(spec, context, client, misses, cacheBatch);
  for (const normalized of misses) {
    const result = fetched.results.get(normalized);
    if (result === undefined) {
      answers.set(normalized, { ok: false, message: fetched.notFetchedMessage });
    } else if (result.ok) {
      answers.set(normalized, answerOf(spec, result.value));
    } else {
      answers.set(normalized, { ok: false, message: result.error.message });
    }
  }
  return answers;
}

function answerOf<R extends RecordType>(spec: LookupSpec<R>, value: RecordTypes[R]): Answer<R> {
  const message = spec.answerError?.(value) ?? null;
  return message === null ? { ok: true, value } : { ok: false, message };
}

/** How many requests one fetchAll carries at most. */
const MAX_BATCH = 50;

/**
 * The least time a batch is assumed to take when judging whether it can still finish before the deadline. A
 * fetchAll lasts as long as its slowest request, a scrape is collected in real time (several seconds), and UrlFetch
 * has no timeout: a batch started later would likely still be running when Sheets kills the formula at 30 s, its
 * answers paid for and lost. With the 4 s safety margin of deadlineOf, no batch starts after 18 s.
 */
export const MIN_BATCH_ESTIMATE_MS = 8_000;

/**
 * Sends the misses in fetchAll batches, each no larger than the tier's remaining allowance for paced operations,
 * and starts no batch that would not finish before the deadline (judged by the previous batch's duration, and never
 * by less than MIN_BATCH_ESTIMATE_MS). Each batch's results go to onBatch as soon as it answers.
 */
function fetchInBatches<R extends RecordType>(
  spec: LookupSpec<R>,
  context: FormulaContext,
  client: ApiClient,
  misses: string[],
  onBatch: (results: Map<string, ApiResult<RecordTypes[R]>>) => void,
): { results: Map<string, ApiResult<RecordTypes[R]>>; notFetchedMessage: string } {
  const { clock, settings } = context;
  const deadline = deadlineOf(context);
  const perMinute = SCRAPES_PER_MINUTE[settings.tier];
  const window = spec.paced
    ? new RateWindow(context.cache, `rate:${context.hash(`${settings.baseUrl}\n${settings.apiKey}`)}`, perMinute)
    : null;
  const results = new Map<string, ApiResult<RecordTypes[R]>>();
  const queue = misses.slice();
  let batchEstimateMs = MIN_BATCH_ESTIMATE_MS;
  let waitingForTier = false;
  while (queue.length > 0) {
    const now = clock.now();
    let size = Math.min(queue.length, MAX_BATCH);
    if (window !== null) {
      const allowance = window.allowance(now);
      waitingForTier = allowance.count === 0;
      if (waitingForTier) {
        if (allowance.nextAt + batchEstimateMs > deadline) break;
        clock.sleep(allowance.nextAt - now);
        continue;
      }
      size = Math.min(size, allowance.count);
    }
    if (now + batchEstimateMs > deadline) break;
    const batch = queue.splice(0, size);
    window?.record(now, batch.length);
    const answers = client.execute(
      batch.map((normalized) => spec.prepare(client.endpoint, normalized)),
      { deadline, maxParallel: size },
    );
    const batchResults = new Map(batch.map((normalized, i) => [normalized, answers[i]]));
    onBatch(batchResults);
    batchResults.forEach((result, normalized) => results.set(normalized, result));
    batchEstimateMs = Math.max(MIN_BATCH_ESTIMATE_MS, clock.now() - now);
  }
  const notFetchedMessage = waitingForTier
    ? `Your tier allows ${perMinute} profile scrapes a minute; recalculate in a minute to fetch the rest (fetched rows are cached).`
    : 'Not fetched within the 30 seconds a formula may run; recalculate to fetch the rest (fetched rows are cached).';
  return { results, notFetchedMessage };
}

function unique(values: string[]): string[] {
  return Array.from(new Set(values));
}

function blankRow(width: number): CellValue[] {
  return new Array<CellValue>(width).fill('');
}

function errorRow(message: string, width: number): CellValue[] {
  const row = blankRow(Math.max(1, width));
  row[0] = ERROR_PREFIX + message;
  return row;
}
