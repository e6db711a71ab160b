// Sends prepared operations with Http.fetchAll and retries the transient failures (429, 5xx, no connection) with
// capped exponential backoff and full jitter, honouring Retry-After, and never past the caller's deadline. An
// operation that is not safe to repeat (RetryMode 'rateLimitOnly') is retried after a 429 only. Everything else (4xx,
// a malformed answer that may have been charged) is final at once.
//
// fetchAll fails as a whole when one of its connections fails, and the answers of the others (paid for) are lost. So
// a batch that failed as a whole is never sent whole again: it is split in halves, then quarters…, until the bad
// connection is alone and the rest have landed. Splitting is not an attempt; a request that fails on its own is.
import type { Clock, Http, HttpOutcome } from '../ports';
import { isNetworkError } from '../ports';
import { isRetryable, outOfTime, type ApiErrorKind, type ApiFailure, type ApiResult } from './errors';
import type { Operation, Prepared } from './operations';

export interface RetryPolicy {
  /** Attempts per operation, the first included. */
  maxAttempts: number;
  /** The backoff before retry n is random in [0, min(maxDelayMs, baseDelayMs × 2^(n-1))). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A longer Retry-After is not waited for: the call fails at once with the time to wait in its message. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 30000,
};

/** How many requests one fetchAll carries unless the caller says otherwise. */
const DEFAULT_MAX_PARALLEL = 50;

/**
 * fetchAll calls in a row that lost every connection, with nothing answered in between: the service is unreachable
 * (DNS, outage), and splitting further would only spend the day's UrlFetch quota.
 */
const UNREACHABLE_AFTER = 6;

/** Failures every other request of the call would meet too, so nothing more is sent. */
const SHARED_FAILURES: readonly ApiErrorKind[] = ['unauthorized', 'no_credits', 'daily_quota', 'not_allowed'];

export interface ExecuteOptions {
  /** Epoch ms by which the caller must have its answers (custom functions have 30 s). */
  deadline?: number;
  /** At most this many requests per fetchAll. */
  maxParallel?: number;
}

export interface Transport {
  http: Http;
  clock: Clock;
  /** In [0, 1); Math.random in production, scripted in tests. */
  random: () => number;
  retry: RetryPolicy;
}

/**
 * Why a dispatch stopped sending before every operation was answered; 'caller': the caller wanted nothing more sent
 * (an enrichment run whose write could not take the document lock).
 */
export type StopReason = 'time' | 'tier' | 'budget' | 'caller';

/** What the caller allows before each fetchAll. */
export type Admission = { send: number } | { waitUntil: number; reason: StopReason } | { stop: StopReason };

/** What one fetchAll met, handed to the caller as soon as it answers. */
export interface BatchOutcome<T> {
  sent: number;
  startedAt: number;
  endedAt: number;
  /** Every connection of the batch failed together (fetchAll threw); a batch of several is split and sent again. */
  failedWhole: boolean;
  /** The service asked us to slow down (429). */
  rateLimited: boolean;
  /** How long it asked us to wait (its Retry-After, or the backoff when it named none); 0 when not limited. */
  waitMs: number;
  /** The operations this batch answered for good, by their position in the dispatch. */
  answers: Array<{ index: number; result: ApiResult<T> }>;
}

export interface DispatchControl<T> {
  /** Epoch ms by which every answer must be in hand. */
  deadline?: number;
  /** The least a fetchAll is assumed to take when judging whether one can still start before the deadline. */
  minBatchMs?: number;
  /** How many of the `ready` operations may be sent now, or how long to wait, or why to stop. */
  admit(ready: number, now: number): Admission;
  answered?(outcome: BatchOutcome<T>): void;
}

export interface Dispatched<T> {
  /** In the order given; undefined for an operation never sent. */
  results: Array<ApiResult<T> | undefined>;
  stoppedBy: StopReason | null;
}

interface Pending<T> {
  index: number;
  operation: Operation<T>;
  /** Times this operation failed on its own (a batch that failed as a whole does not count). */
  failures: number;
  /** The last retryable failure, answered if time or attempts run out. */
  lastFailure?: ApiFailure;
}

/** Operations sent together; a group is carved into batches as the caller admits them. */
interface Group<T> {
  items: Array<Pending<T>>;
  notBefore: number;
}

/** Answers in the order given; an invalid preparation is answered with its own error and sends nothing. */
export function execute<T>(
  transport: Transport,
  prepared: ReadonlyArray<Prepared<T>>,
  options: ExecuteOptions = {},
): Array<ApiResult<T>> {
  const maxParallel = Math.max(1, options.maxParallel ?? DEFAULT_MAX_PARALLEL);
  const { results } = dispatch(transport, prepared, {
    deadline: options.deadline,
    admit: (ready) => ({ send: Math.min(ready, maxParallel) }),
  });
  return results.map((result) => result ?? outOfTime());
}

/**
 * Sends the valid operations in fetchAll batches the caller admits, retrying and splitting as described above, and
 * starts no batch that would not end by the deadline (judged by the last batch, never by less than minBatchMs).
 */
export function dispatch<T>(
  transport: Transport,
  prepared: ReadonlyArray<Prepared<T>>,
  control: DispatchControl<T>,
): Dispatched<T> {
  const run = new Dispatch(transport, prepared, control);
  return { results: run.results, stoppedBy: run.send() };
}

class Dispatch<T> {
  readonly results: Array<ApiResult<T> | undefined>;
  private readonly queue: Array<Group<T>> = [];
  private lastBatchMs = 0;
  private lostInARow = 0;

  constructor(
    private readonly transport: Transport,
    prepared: ReadonlyArray<Prepared<T>>,
    private readonly control: DispatchControl<T>,
  ) {
    this.results = prepared.map((item) => (item.ok ? undefined : item));
    const fresh: Array<Pending<T>> = [];
    prepared.forEach((item, index) => {
      if (item.ok) fresh.push({ index, operation: item.operation, failures: 0 });
    });
    if (fresh.length > 0) this.queue.push({ items: fresh, notBefore: 0 });
  }

  /** Sends until every operation is answered, or the caller or the clock stops it. */
  send(): StopReason | null {
    const { clock } = this.transport;
    while (this.queue.length > 0) {
      const now = clock.now();
      const group = this.queue.find((candidate) => candidate.notBefore <= now) ?? this.earliestGroup();
      if (group.notBefore > now) {
        if (!this.waitUntil(group.notBefore)) return this.stop('time');
        continue;
      }
      if (!this.hasTimeFrom(now)) return this.stop('time');
      const admission = this.control.admit(group.items.length, now);
      if ('stop' in admission) return this.stop(admission.stop);
      if ('waitUntil' in admission) {
        if (!this.waitUntil(admission.waitUntil)) return this.stop(admission.reason);
        continue;
      }
      const batch = group.items.splice(0, Math.max(1, Math.min(admission.send, group.items.length)));
      if (group.items.length === 0) this.queue.splice(this.queue.indexOf(group), 1);
      this.sendBatch(batch);
    }
    return null;
  }

  private earliestGroup(): Group<T> {
    return this.queue.reduce((earliest, group) => (group.notBefore < earliest.notBefore ? group : earliest));
  }

  /** Sleeps until `at` when a batch started then still ends by the deadline; false (without sleeping) otherwise. */
  private waitUntil(at: number): boolean {
    const { clock } = this.transport;
    if (!this.hasTimeFrom(at)) return false;
    clock.sleep(at - clock.now());
    return true;
  }

  private hasTimeFrom(startAt: number): boolean {
    const deadline = this.control.deadline;
    const estimateMs = Math.max(this.control.minBatchMs ?? 0, this.lastBatchMs);
    return deadline === undefined || (startAt < deadline && deadline - startAt >= estimateMs);
  }

  private sendBatch(batch: Array<Pending<T>>): void {
    const { http, clock } = this.transport;
    const startedAt = clock.now();
    const outcomes = http.fetchAll(batch.map((item) => item.operation.request));
    const endedAt = clock.now();
    this.lastBatchMs = endedAt - startedAt;
    const failedWhole = lostTogether(outcomes);
    const outcome: BatchOutcome<T> = {
      sent: batch.length,
      startedAt,
      endedAt,
      failedWhole,
      rateLimited: false,
      waitMs: 0,
      answers: [],
    };
    if (failedWhole && batch.length > 1) this.split(batch, outcomes, outcome);
    else this.settle(batch, outcomes, outcome);
    this.control.answered?.(outcome);
    const shared = outcome.answers.find(({ result }) => !result.ok && SHARED_FAILURES.includes(result.error.kind));
    if (shared) this.answerAll(shared.result as ApiFailure);
    else if (this.lostInARow >= UNREACHABLE_AFTER) this.answerAll(this.lastNetworkFailure(batch, outcomes));
  }

  /**
   * A batch that lost every connection goes out again as two halves, first in line. An operation that may not be
   * repeated (it may have done its work) is answered with the lost connection instead.
   */
  private split(batch: Array<Pending<T>>, outcomes: HttpOutcome[], outcome: BatchOutcome<T>): void {
    this.lostInARow++;
    const repeatable = batch.filter((item) => item.operation.retry === 'transient');
    batch.forEach((item, i) => {
      if (item.operation.retry === 'transient') return;
      const result = item.operation.parse(outcomes[i]) as ApiFailure;
      this.results[item.index] = result;
      outcome.answers.push({ index: item.index, result });
    });
    const half = Math.ceil(repeatable.length / 2);
    const halves = [repeatable.slice(0, half), repeatable.slice(half)].filter((items) => items.length > 0);
    this.queue.unshift(...halves.map((items) => ({ items, notBefore: 0 })));
  }

  /** Reads each answer: final ones go to the outcome, retryable ones wait in a group of their own. */
  private settle(batch: Array<Pending<T>>, outcomes: HttpOutcome[], outcome: BatchOutcome<T>): void {
    const retryLater: Array<Pending<T>> = [];
    let answeredAny = false;
    batch.forEach((item, i) => {
      answeredAny ||= !isNetworkError(outcomes[i]);
      const parsed = item.operation.parse(outcomes[i]);
      outcome.rateLimited ||= !parsed.ok && parsed.error.kind === 'rate_limited';
      const failures = item.failures + 1;
      const result: ApiResult<T> = parsed.ok
        ? { ok: true, value: parsed.value, credits: item.operation.credits(parsed.value) }
        : parsed;
      if (!parsed.ok && retriesLeft(parsed, item.operation, failures, this.transport.retry)) {
        retryLater.push({ ...item, failures, lastFailure: parsed });
      } else {
        this.results[item.index] = result;
        outcome.answers.push({ index: item.index, result });
      }
    });
    this.lostInARow = answeredAny ? 0 : this.lostInARow + 1;
    if (retryLater.length === 0) return;
    const retryAfterMs = Math.max(0, ...retryLater.map((item) => item.lastFailure?.error.retryAfterMs ?? 0));
    const attempt = Math.max(...retryLater.map((item) => item.failures));
    const waitMs = Math.max(retryAfterMs, backoffMs(this.transport, attempt));
    if (outcome.rateLimited) outcome.waitMs = waitMs;
    this.queue.push({ items: retryLater, notBefore: outcome.endedAt + waitMs });
  }

  /** Every operation still waiting gets this failure; nothing more is sent. */
  private answerAll(failure: ApiFailure): void {
    for (const group of this.queue.splice(0)) {
      for (const item of group.items) this.results[item.index] = failure;
    }
  }

  private lastNetworkFailure(batch: Array<Pending<T>>, outcomes: HttpOutcome[]): ApiFailure {
    const parsed = batch[0].operation.parse(outcomes[0]);
    return parsed.ok ? outOfTime() : parsed;
  }

  /** Operations not (re)sent: their last failure if they had one, else nothing (never sent). */
  private stop(reason: StopReason): StopReason {
    for (const group of this.queue.splice(0)) {
      for (const item of group.items) this.results[item.index] = item.lastFailure;
    }
    return reason;
  }
}

/**
 * fetchAll threw: no connection of the batch answered (the adapter reports the same error for each). A quota used up
 * or a connection not allowed sent nothing, and splitting would not help.
 */
function lostTogether(outcomes: HttpOutcome[]): boolean {
  return outcomes.every(
    (outcome) => isNetworkError(outcome) && outcome.dailyQuota !== true && outcome.notAllowed !== true,
  );
}

/** Whether this failure is sent again: one the operation may repeat, with attempts left and a wait we accept. */
function retriesLeft<T>(failure: ApiFailure, operation: Operation<T>, attempt: number, retry: RetryPolicy): boolean {
  return isRetryable(failure.error, operation.retry) && attempt < retry.maxAttempts && waitable(failure, retry);
}

/** A Retry-After longer than the policy allows is not waited for: the caller hears when to try again. */
function waitable(failure: ApiFailure, retry: RetryPolicy): boolean {
  return (failure.error.retryAfterMs ?? 0) <= retry.maxRetryAfterMs;
}

/** Full jitter: a random wait up to the capped exponential bound. */
function backoffMs(transport: Transport, attempt: number): number {
  const { baseDelayMs, maxDelayMs } = transport.retry;
  return Math.floor(transport.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)));
}
