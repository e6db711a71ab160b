// The status column: one cell per input row saying what the run made of it. It is the run's per-row state (a row
// with a status is settled for the run), so nothing per row is kept anywhere else and the run record stays small.
import type { ApiResult } from '../api/errors';
import type { CellValue } from '../cells';
import type { RecordTypes } from '../fields/catalog';
import { flattenRecord, type FieldPath } from '../fields/flatten';
import type { OperationSpec } from './operations';

export const OK_STATUS = 'OK';
/** No such profile, or a contact lookup that found nothing. */
export const NOT_FOUND_STATUS = 'NOT FOUND';
/** The service refused the profile (403). */
export const PRIVATE_STATUS = 'PRIVATE';
const INVALID_PREFIX = 'INVALID: ';
const ERROR_PREFIX = 'ERROR: ';

export type RowStatusKind = 'none' | 'ok' | 'notFound' | 'private' | 'invalid' | 'error' | 'other';

/** Not a valid input: nothing was spent on it. */
export function invalidStatus(why: string): string {
  return INVALID_PREFIX + why;
}

/** May succeed when retried. */
export function errorStatus(sentence: string): string {
  return ERROR_PREFIX + sentence;
}

export function statusKind(cell: unknown): RowStatusKind {
  if (cell === '' || cell === null || cell === undefined) return 'none';
  const text = String(cell).trim();
  if (text === '') return 'none';
  if (text === OK_STATUS) return 'ok';
  if (text === NOT_FOUND_STATUS) return 'notFound';
  if (text === PRIVATE_STATUS) return 'private';
  if (text.startsWith(INVALID_PREFIX.trim())) return 'invalid';
  if (text.startsWith(ERROR_PREFIX.trim())) return 'error';
  return 'other';
}

/** OK, NOT FOUND and PRIVATE are final: a new run does not fetch such a row again unless it overwrites. */
export function isFinal(kind: RowStatusKind): boolean {
  return kind === 'ok' || kind === 'notFound' || kind === 'private';
}

/** What lands in a row: its status, and its values (one per field) when the answer found something. */
export interface RowOutcome {
  status: string;
  values: CellValue[] | null;
}

/** An outcome with when its answer was fetched (epoch ms): the row's checked cell, when it was fetched at all. */
export interface DatedOutcome extends RowOutcome {
  fetchedAt: number;
}

/**
 * What a run does with one fetch result: settle its rows, pause the run (no key, the key was rejected or is out of
 * credits, or the account's daily web requests are used up: every other row would fail the same way), or leave the
 * rows for later (rate limited after the retries,
 * or out of time: nothing was learnt about the input).
 */
export type Verdict =
  | { kind: 'settle'; outcome: RowOutcome }
  | { kind: 'pause'; message: string }
  | { kind: 'later'; retryAfterMs: number | null };

/** The row an answer in hand (fresh or from the cache) gives. */
export function outcomeOfAnswer(spec: OperationSpec, fields: readonly FieldPath[], answer: unknown): RowOutcome {
  const record = answer as RecordTypes[typeof spec.recordType];
  if (!spec.found(record)) return { status: NOT_FOUND_STATUS, values: null };
  return { status: OK_STATUS, values: flattenRecord(record, fields) };
}

export function verdictOf(spec: OperationSpec, fields: readonly FieldPath[], result: ApiResult<unknown>): Verdict {
  if (result.ok) return { kind: 'settle', outcome: outcomeOfAnswer(spec, fields, result.value) };
  const { kind, message, retryAfterMs } = result.error;
  const settle = (status: string): Verdict => ({ kind: 'settle', outcome: { status, values: null } });
  switch (kind) {
    case 'not_found':
      return settle(NOT_FOUND_STATUS);
    case 'forbidden':
      return settle(PRIVATE_STATUS);
    case 'invalid_input':
    case 'validation':
      return settle(invalidStatus(message));
    case 'no_key':
    case 'unauthorized':
    case 'no_credits':
    case 'daily_quota':
    case 'not_allowed':
      return { kind: 'pause', message };
    case 'rate_limited':
    case 'out_of_time':
      return { kind: 'later', retryAfterMs: retryAfterMs ?? null };
    default:
      return settle(errorStatus(message));
  }
}
