// SCRAPE_PROFILE, FIND_CONTACTS and ENRICH_PROFILE: one output row per input cell. Each distinct entity (after
// normalising) is fetched at most once per call and then served from the document cache for 6 hours, whoever
// recalculates and whichever columns they ask for. Misses go out in parallel batches paced to the key's tier, and
// whatever cannot be fetched inside the formula's 30 seconds comes back as a row saying so.
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
  defaults: readonly FieldPath<R>[];
  /** The normalised input: the same entity always gives the same text. */
  normalise(cell: unknown): InputResult<string>;
  prepare(endpoint: ApiEndpoint, normalised: string): Prepared<RecordTypes[R]>;
  /** An answer that is an error in disguise (the contact lookup's in-body error). */
  answerError?(value: RecordTypes[R]): string | null;
  /** Scrapes are limited per minute by tier. */
  paced: boolean;
}

export const SCRAPE_PROFILE: LookupSpec<'scrapedProfile'> = {
  recordType: 'scrapedProfile',
  operation: 'scrape',
  defaults: DEFAULT_COLUMNS.SCRAPE_PROFILE,
  normalise: normalizeProfileUrl,
  prepare: prepareScrape,
  paced: true,
};

export const ENRICH_PROFILE: LookupSpec<'modernProfile'> = {
  recordType: 'modernProfile',
  operation: 'profileRecord',
  defaults: DEFAULT_COLUMNS.ENRICH_PROFILE,
  normalise: normalizeProfileUrl,
  prepare: prepareProfileRecord,
  paced: false,
};

export const FIND_CONTACTS: LookupSpec<'contact'> = {
  recordType: 'contact',
  operation: 'contacts',
  defaults: DEFAULT_COLUMNS.FIND_CONTACTS,
  // The kind is part of the normalised text, so an email and a phone never share a cache entry.
  normalise: (cell) => {
    const lookup = classifyLookup(cell);
    return lookup.ok ? { ok: true, value: JSON.stringify(lookup.value) } : lookup;
  },
  prepare: (endpoint, normalised) => prepareContactLookup(endpoint, JSON.parse(normalised) as ContactLookup),
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
  const fields = chosen ?? spec.defaults;
  const { cells, isRange } = cellsOf(input);

  const normalised = cells.map((cell) => (isBlank(cell) ? null : spec.normalise(cell)));
  if (!isRange) {
    const only = normalised[0];
    if (only === null) return '';
    if (!only.ok) throw new FormulaError(only.message);
  }
  const wanted = unique(normalised.flatMap((n) => (n !== null && n.ok ? [n.value] : [])));
  const answers = wanted.length === 0 ? new Map<string, Answer<R>>() : fetchAnswers(spec, context, wanted);

  const width = fields.length;
  const rows = normalised.map((n): CellValue[] => {
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

/** Answers from the cache, then from the API for the rest; fresh answers are cached. */
function fetchAnswers<R extends RecordType>(
  spec: LookupSpec<R>,
  context: FormulaContext,
  wanted: string[],
): Map<string, Answer<R>> {
  const client = clientFor(context);
  const cache = new ResponseCache(context.cache, context.hash);
  const keyOf = (normalised: string) =>
    cache.keyOf({ baseUrl: context.settings.baseUrl, operation: spec.operation, input: normalised });
  const cached = cache.getMany(wanted.map(keyOf));
  const answers = new Map<string, Answer<R>>();
  const misses: string[] = [];
  for (const normalised of wanted) {
    const text = cached.get(keyOf(normalised));
    if (text === undefined) misses.push(normalised);
    else answers.set(normalised, answerOf(spec, JSON.parse(text) as RecordTypes[R]));
  }
  if (misses.length === 0) return answers;

  const fresh = new Map<string, string>();
  const fetched = fetchInBatches(spec, context, client, misses);
  for (const normalised of misses) {
    const result = fetched.results.get(normalised);
    if (result === undefined) {
      answers.set(normalised, { ok: false, message: fetched.notFetchedMessage });
    } else if (result.ok) {
      fresh.set(keyOf(normalised), JSON.stringify(result.value));
      answers.set(normalised, answerOf(spec, result.value));
    } else {
      answers.set(normalised, { ok: false, message: result.error.message });
    }
  }
  cache.putMany(fresh);
  return answers;
}

function answerOf<R extends RecordType>(spec: LookupSpec<R>, value: RecordTypes[R]): Answer<R> {
  const message = spec.answerError?.(value) ?? null;
  return message === null ? { ok: true, value } : { ok: false, message };
}

/** How many requests one fetchAll carries at most. */
const MAX_BATCH = 50;

/**
 * Sends the misses in fetchAll batches, each no larger than the tier's remaining allowance for paced operations,
 * and starts no batch that would not finish before the deadline (judged by the previous batch's duration).
 */
function fetchInBatches<R extends RecordType>(
  spec: LookupSpec<R>,
  context: FormulaContext,
  client: ApiClient,
  misses: string[],
): { results: Map<string, ApiResult<RecordTypes[R]>>; notFetchedMessage: string } {
  const { clock, settings } = context;
  const deadline = deadlineOf(context);
  const perMinute = SCRAPES_PER_MINUTE[settings.tier];
  const window = spec.paced
    ? new RateWindow(context.cache, `rate:${context.hash(`${settings.baseUrl}\n${settings.apiKey}`)}`, perMinute)
    : null;
  const results = new Map<string, ApiResult<RecordTypes[R]>>();
  const queue = misses.slice();
  let lastBatchMs = 0;
  let waitingForTier = false;
  while (queue.length > 0) {
    const now = clock.now();
    let size = Math.min(queue.length, MAX_BATCH);
    if (window !== null) {
      const allowance = window.allowance(now);
      waitingForTier = allowance.count === 0;
      if (waitingForTier) {
        if (allowance.nextAt + lastBatchMs >= deadline) break;
        clock.sleep(allowance.nextAt - now);
        continue;
      }
      size = Math.min(size, allowance.count);
    }
    if (now + lastBatchMs >= deadline) break;
    const batch = queue.splice(0, size);
    window?.record(now, batch.length);
    const answers = client.execute(
      batch.map((normalised) => spec.prepare(client.endpoint, normalised)),
      { deadline, maxParallel: size },
    );
    batch.forEach((normalised, i) => results.set(normalised, answers[i]));
    lastBatchMs = clock.now() - now;
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
