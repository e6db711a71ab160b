// Sends prepared operations with Http.fetchAll and retries the transient failures (429, 5xx, no connection) in
// rounds, with capped exponential backoff and full jitter, honouring Retry-After, and never past the caller's
// deadline. An operation that is not safe to repeat (RetryMode 'rateLimitOnly') is retried after a 429 only.
// Everything else (4xx, a malformed answer that may have been charged) is final at once.
import type { Clock, Http } from '../ports';
import { isRetryable, outOfTime, type ApiFailure, type ApiResult } from './errors';
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

interface Pending<T> {
  index: number;
  operation: Operation<T>;
  /** The last retryable failure, answered if time or attempts run out. */
  lastFailure?: ApiFailure;
}

/** Answers in the order given; an invalid preparation is answered with its own error and sends nothing. */
export function execute<T>(
  transport: Transport,
  prepared: ReadonlyArray<Prepared<T>>,
  options: ExecuteOptions = {},
): Array<ApiResult<T>> {
  const { http, clock, retry } = transport;
  const maxParallel = Math.max(1, options.maxParallel ?? DEFAULT_MAX_PARALLEL);
  // Every valid entry is overwritten once answered; out_of_time is what stays if it never is.
  const results: Array<ApiResult<T>> = prepared.map((item) => (item.ok ? outOfTime() : item));
  let pending: Array<Pending<T>> = [];
  prepared.forEach((item, index) => {
    if (item.ok) pending.push({ index, operation: item.operation });
  });
  let lastBatchMs = 0;

  for (let attempt = 1; pending.length > 0; attempt++) {
    const retryLater: Array<Pending<T>> = [];
    for (let start = 0; start < pending.length; start += maxParallel) {
      if (!hasTimeFor(lastBatchMs, clock.now(), options.deadline)) {
        giveUp(pending.slice(start), results);
        return results;
      }
      const batch = pending.slice(start, start + maxParallel);
      const sentAt = clock.now();
      const outcomes = http.fetchAll(batch.map((item) => item.operation.request));
      lastBatchMs = clock.now() - sentAt;
      batch.forEach((item, i) => {
        const parsed = item.operation.parse(outcomes[i]);
        if (parsed.ok) {
          results[item.index] = { ok: true, value: parsed.value, credits: item.operation.credits(parsed.value) };
        } else if (retriesLeft(parsed, item.operation, attempt, retry)) {
          retryLater.push({ ...item, lastFailure: parsed });
        } else {
          results[item.index] = parsed;
        }
      });
    }
    if (retryLater.length === 0) break;

    const retryAfterMs = Math.max(0, ...retryLater.map((item) => item.lastFailure?.error.retryAfterMs ?? 0));
    const waitMs = Math.max(retryAfterMs, backoffMs(transport, attempt));
    if (!hasTimeFor(lastBatchMs, clock.now() + waitMs, options.deadline)) {
      giveUp(retryLater, results);
      break;
    }
    clock.sleep(waitMs);
    pending = retryLater;
  }
  return results;
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

/** Whether a batch that takes as long as the last one, started at startAt, still ends by the deadline. */
function hasTimeFor(lastBatchMs: number, startAt: number, deadline: number | undefined): boolean {
  return deadline === undefined || (startAt < deadline && deadline - startAt >= lastBatchMs);
}

/** Operations not (re)sent: their last failure, or out_of_time if they were never sent. */
function giveUp<T>(items: Array<Pending<T>>, results: Array<ApiResult<T>>): void {
  for (const item of items) results[item.index] = item.lastFailure ?? outOfTime();
}
