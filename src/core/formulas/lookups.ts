// SCRAPE_PROFILE, FIND_CONTACTS and ENRICH_PROFILE: one output row per input cell. Each distinct entity (after
// normalizing) is fetched at most once per call and then served from the document cache for 6 hours, whoever
// recalculates and whichever columns they ask for. The fetch engine (../fetch/engine) sends the misses; whatever it
// cannot fetch inside the formula's 30 seconds comes back as a row saying so.
import type { ApiResult } from '../api/errors';
import { SCRAPES_PER_MINUTE, type ContactLookupResponse } from '../api/types';
import type { CellValue } from '../cells';
import { unique } from '../collections';
import type { RecordType, RecordTypes } from '../fields/catalog';
import { contactLookupError } from '../fields/contacts';
import { DEFAULT_COLUMNS } from '../fields/defaults';
import { flattenRecord, headerFor, type FieldPath } from '../fields/flatten';
import { cachedAnswers, FETCH_SPECS, fetchFresh, type FetchReport, type FetchSpec } from '../fetch/engine';
import { classifyLookup, mapInput, normalizeProfileUrl, type InputResult } from '../input';
import { isBlank } from '../text';
import { UserError } from '../user-error';
import { booleanArg, fieldsArg, lookupCells, type LookupFormula } from './args';
import { budgetReached, reserveCredits } from './budget';
import { deadlineOf, requireKey, type FormulaContext } from './context';

/** How one per-row function turns a cell into a normalized input and an answer into a row. */
interface LookupSpec<R extends RecordType> {
  /** The custom function, for messages about its arguments. */
  formula: LookupFormula;
  recordType: R;
  fetch: FetchSpec<RecordTypes[R]>;
  /** A function, so the column set is built only when a call needs it (see fields/defaults). */
  defaults(): readonly FieldPath<R>[];
  /** The normalized input: the same entity always gives the same text. */
  normalize(cell: unknown): InputResult<string>;
  /** An answer that is an error in disguise (the contact lookup's in-body error). */
  answerError?(value: RecordTypes[R]): string | null;
}

export const scrapeProfileLookup: LookupSpec<'scrapedProfile'> = {
  formula: 'SCRAPE_PROFILE',
  recordType: 'scrapedProfile',
  fetch: FETCH_SPECS.scrape,
  defaults: () => DEFAULT_COLUMNS.SCRAPE_PROFILE,
  normalize: normalizeProfileUrl,
};

export const enrichProfileLookup: LookupSpec<'profileRecord'> = {
  formula: 'ENRICH_PROFILE',
  recordType: 'profileRecord',
  fetch: FETCH_SPECS.profileRecord,
  defaults: () => DEFAULT_COLUMNS.ENRICH_PROFILE,
  normalize: normalizeProfileUrl,
};

export const findContactsLookup: LookupSpec<'contact'> = {
  formula: 'FIND_CONTACTS',
  recordType: 'contact',
  fetch: FETCH_SPECS.contacts,
  defaults: () => DEFAULT_COLUMNS.FIND_CONTACTS,
  // The kind is part of the normalized text, so an email and a phone never share a cache entry.
  normalize: (cell) => mapInput(classifyLookup(cell), (lookup) => JSON.stringify(lookup)),
  answerError: (value: ContactLookupResponse) => contactLookupError(value),
};

const ERROR_PREFIX = '#ERROR: ';

/** The record for one input, or why there is none: its input or API failure, or a row this call did not fetch. */
type Answer<R extends RecordType> = { ok: true; value: RecordTypes[R] } | { ok: false; error: { message: string } };

export function runLookup<R extends RecordType>(
  spec: LookupSpec<R>,
  context: FormulaContext,
  input: unknown,
  fieldsValue: unknown,
  headersValue: unknown,
): CellValue | CellValue[][] {
  const chosen = fieldsArg(fieldsValue, spec.recordType);
  // Off by default, so output rows line up with input rows and a single-cell call fills down a column.
  const headers = booleanArg(headersValue, 'include_headers', false);
  const fields = chosen ?? spec.defaults();
  const { cells, isRange } = lookupCells(input, spec.formula);

  const normalized = cells.map((cell) => (isBlank(cell) ? null : spec.normalize(cell)));
  if (!isRange) {
    const only = normalized[0];
    if (only === null) return '';
    if (!only.ok) throw new UserError(only.error.message);
  }
  const wanted = unique(normalized.flatMap((n) => (n !== null && n.ok ? [n.value] : [])));
  const answers = wanted.length === 0 ? new Map<string, Answer<R>>() : fetchAnswers(spec, context, wanted);

  const width = fields.length;
  const rows = normalized.map((n): CellValue[] => {
    if (n === null) return blankRow(width);
    const answer: Answer<R> = n.ok ? answers.get(n.value)! : n;
    if (!answer.ok) {
      if (!isRange) throw new UserError(answer.error.message);
      return errorRow(answer.error.message, width);
    }
    return flattenRecord(answer.value, fields);
  });
  return headers ? [fields.map(headerFor), ...rows] : rows;
}

/** Answers from the cache, then from the API for the rest. */
function fetchAnswers<R extends RecordType>(
  spec: LookupSpec<R>,
  context: FormulaContext,
  wanted: string[],
): Map<string, Answer<R>> {
  const answers = new Map<string, Answer<R>>();
  const cached = cachedAnswers(spec.fetch, context, wanted);
  cached.forEach(({ answer }, normalized) => answers.set(normalized, answerOf(spec, answer)));
  const misses = wanted.filter((normalized) => !cached.has(normalized));
  if (misses.length === 0) return answers;

  requireKey(context);
  const fetched = fetchWithinBudget(spec.fetch, context, misses);
  fetched.results.forEach((result, normalized) => answers.set(normalized, resultAnswer(spec, result)));
  const notFetched = notFetchedMessage(context, fetched);
  for (const normalized of fetched.unsent) answers.set(normalized, { ok: false, error: { message: notFetched } });
  return answers;
}

/**
 * A batch lost to a dropped connection is billed without answers; reserving twice the plain cost leaves room for
 * that, so lost batches do not make rows say the budget is reached while it is not.
 */
const LOST_BATCH_HEADROOM = 2;

/** Reserves what the misses may cost against the owner's daily budget, fetches within it, and settles. */
function fetchWithinBudget<T>(spec: FetchSpec<T>, context: FormulaContext, misses: string[]): FetchReport<T> {
  const reservation = reserveCredits(context, misses.length * spec.creditsPerFetch * LOST_BATCH_HEADROOM);
  const limits = { deadline: deadlineOf(context), creditBudget: reservation.creditBudget };
  const report = fetchFresh(spec, context, misses, limits);
  reservation.settle(report.creditsSpent);
  return report;
}

function resultAnswer<R extends RecordType>(spec: LookupSpec<R>, result: ApiResult<RecordTypes[R]>): Answer<R> {
  return result.ok ? answerOf(spec, result.value) : result;
}

function answerOf<R extends RecordType>(spec: LookupSpec<R>, value: RecordTypes[R]): Answer<R> {
  const message = spec.answerError?.(value) ?? null;
  return message === null ? { ok: true, value } : { ok: false, error: { message } };
}

function notFetchedMessage(context: FormulaContext, report: FetchReport<unknown>): string {
  if (report.stoppedBy === 'budget') return budgetReached(context);
  if (report.stoppedBy === 'tier') {
    const perMinute = SCRAPES_PER_MINUTE[context.settings.tier];
    return `Your tier allows ${perMinute} profile scrapes a minute; recalculate in a minute to fetch the rest (fetched rows are cached).`;
  }
  return 'Not fetched within the 30 seconds a formula may run; recalculate to fetch the rest (fetched rows are cached).';
}

function blankRow(width: number): CellValue[] {
  return new Array<CellValue>(width).fill('');
}

function errorRow(message: string, width: number): CellValue[] {
  const row = blankRow(Math.max(1, width));
  row[0] = ERROR_PREFIX + message;
  return row;
}
