// One fetch engine for the per-row formulas (30 s a call) and enrichment runs (minutes a call): the deadline and the
// credit budget are the caller's. Answers come from the document cache when they can; the rest go out in fetchAll
// batches paced to the key's tier, sized to what the connection has shown (./batch-size), split when one fails as a
// whole (../api/execute), and each batch's answers are cached the moment it answers, so an execution Sheets stops
// later never pays for them twice.
import {
  DEFAULT_RETRY_POLICY,
  dispatch,
  type Admission,
  type BatchOutcome,
  type StopReason,
  type Transport,
} from '../api/execute';
import { noKeyError, type ApiResult } from '../api/errors';
import { SCRAPES_PER_MINUTE } from '../api/types';
import type { Cache, Clock, Hash, Http, Lock } from '../ports';
import { unique } from '../collections';
import { RateWindow } from '../rate-window';
import type { Settings } from '../settings';
import { AnswerCache, type DatedAnswer } from './answer-cache';
import { BatchSize } from './batch-size';
import type { FetchSpec } from './specs';

export { FETCH_SPECS, type FetchSpec } from './specs';

export interface FetchContext {
  settings: Settings;
  http: Http;
  clock: Clock;
  cache: Cache;
  hash: Hash;
  /**
   * The lock the tier's window is read and written under, so concurrent executions never pass the tier: one that
   * research polls and run writes do not hold for long (the user's, not the document's); never held by the caller.
   */
  paceLock?: Lock;
}

export interface FetchLimits {
  /** Epoch ms by which every answer must be in hand. */
  deadline: number;
  /** Credits this call may still spend; undefined means no limit. */
  creditBudget?: number;
  /** Asked before each batch: true once the caller wants nothing more sent in this call (stoppedBy 'caller'). */
  halted?: () => boolean;
  /** The caller sends more right after this call (a run's next group): worth freeing slots early after its last batch. */
  sendsMoreAfter?: boolean;
}

export interface FetchReport<T> {
  /** Inputs answered by the API in this call (success or final failure); each was cached as its batch answered. */
  results: Map<string, ApiResult<T>>;
  /** Inputs not sent in this call, and why. */
  unsent: string[];
  stoppedBy: StopReason | null;
  creditsSpent: number;
}

/**
 * The least time a batch is assumed to take when judging whether it can still finish before the deadline. A
 * fetchAll lasts as long as its slowest request, a scrape is collected in real time (several seconds), and UrlFetch
 * has no timeout: a batch started later would likely still be running when the execution is stopped, its answers
 * paid for and lost.
 */
export const MIN_BATCH_ESTIMATE_MS = 8_000;

/** Answers already in the document cache, by normalized input, each with when it was fetched; sends nothing. */
export function cachedAnswers<T>(
  spec: FetchSpec<T>,
  context: FetchContext,
  inputs: readonly string[],
): Map<string, DatedAnswer<T>> {
  if (inputs.length === 0) return new Map();
  const reading = { ...context, cache: readingBatchSizeAhead(context) };
  return answerCache(spec, reading).readDated(unique(inputs)) as Map<string, DatedAnswer<T>>;
}

/**
 * The batch size read along with the index by cachedAnswers, by cache: a call that misses the cache goes on to
 * fetchFresh, which takes it from here instead of reading the cache again.
 */
const batchSizesReadAhead = new WeakMap<Cache, { stored: string | undefined }>();

const batchSizeKey = (context: FetchContext) => `batch:${context.hash(context.settings.baseUrl)}`;

/** The context's cache, whose first read also reads the batch size (one round trip for both). */
function readingBatchSizeAhead(context: FetchContext): Cache {
  const { cache } = context;
  const key = batchSizeKey(context);
  let first = true;
  return {
    putAll: (values, ttlSeconds) => cache.putAll(values, ttlSeconds),
    remove: (removed) => cache.remove(removed),
    getAll(keys) {
      if (!first || keys.includes(key)) return cache.getAll(keys);
      first = false;
      const { [key]: stored, ...values } = cache.getAll([...keys, key]);
      batchSizesReadAhead.set(cache, { stored });
      return values;
    },
  };
}

/** The batch size cachedAnswers read ahead on this cache, else read now. */
function loadBatchSize(context: FetchContext): BatchSize {
  const ahead = batchSizesReadAhead.get(context.cache);
  batchSizesReadAhead.delete(context.cache);
  const key = batchSizeKey(context);
  return ahead === undefined ? BatchSize.load(context.cache, key) : BatchSize.of(context.cache, key, ahead.stored);
}

/**
 * The inputs whose answer the document cache's index lists, from one read of the index (and of the few answers stored
 * on their own, never the packs); sends nothing. For previews of large columns: an answer lost from the cache since
 * it was listed counts as cached here, and is fetched (within the caller's credit budget) when it is needed.
 */
export function cachedInputs<T>(spec: FetchSpec<T>, context: FetchContext, inputs: readonly string[]): Set<string> {
  if (inputs.length === 0) return new Set();
  return answerCache(spec, context).indexed(unique(inputs));
}

/**
 * Fetches (uncached) inputs in fetchAll batches paced to the tier; caches each batch's answers, then hands them to
 * onBatch, as soon as the batch answers, so an execution cut later never pays twice.
 */
export function fetchFresh<T>(
  spec: FetchSpec<T>,
  context: FetchContext,
  inputs: readonly string[],
  limits: FetchLimits,
  onBatch?: (batch: Map<string, ApiResult<T>>) => void,
): FetchReport<T> {
  const wanted = unique(inputs);
  const { apiKey, baseUrl } = context.settings;
  if (apiKey === null) {
    // Callers check for a key first; without one, nothing can be sent.
    const failure = { ok: false as const, error: noKeyError() };
    return { results: new Map(wanted.map((input) => [input, failure])), unsent: [], stoppedBy: null, creditsSpent: 0 };
  }
  const endpoint = { baseUrl, apiKey };
  const run = new FreshFetch(spec, context, wanted, limits, onBatch);
  const { results, stoppedBy } = dispatch(
    transportOf(context),
    wanted.map((input) => spec.prepare(endpoint, input)),
    {
      deadline: limits.deadline,
      minBatchMs: MIN_BATCH_ESTIMATE_MS,
      admit: (ready, now) => run.admit(ready, now),
      answered: (outcome) => run.answered(outcome),
    },
  );
  run.finish();
  const report: FetchReport<T> = { results: new Map(), unsent: [], stoppedBy, creditsSpent: run.creditsSpent };
  wanted.forEach((input, i) => {
    const result = results[i];
    if (result === undefined) report.unsent.push(input);
    else report.results.set(input, result);
  });
  return report;
}

/** The state of one fetchFresh call: the batch size, the tier window, the credits spent. */
class FreshFetch<T> {
  creditsSpent = 0;
  /** A 429 pauses every request, not only the ones it refused. */
  private pausedUntil = 0;
  private readonly batchSize: BatchSize;
  private readonly window: RateWindow | null;
  private readonly answers: AnswerCache;
  /** Inputs answered for good so far. */
  private answeredCount = 0;
  /** Until when the slots of the batch being sent count as taken. */
  private heldUntil = 0;

  constructor(
    private readonly spec: FetchSpec<T>,
    context: FetchContext,
    private readonly wanted: string[],
    private readonly limits: FetchLimits,
    private readonly onBatch?: (batch: Map<string, ApiResult<T>>) => void,
  ) {
    const { cache, hash, settings } = context;
    const endpointId = hash(`${settings.baseUrl}\n${settings.apiKey}`);
    this.batchSize = loadBatchSize(context);
    const perMinute = SCRAPES_PER_MINUTE[settings.tier];
    this.window = spec.paced
      ? new RateWindow(cache, `rate:${endpointId}`, perMinute, context.clock, context.paceLock ?? null)
      : null;
    this.answers = answerCache(spec, context);
  }

  /**
   * At most the learnt batch size, what the budget still pays for, and what the tier allows now; nothing while the
   * service asked us to wait, or once the caller halted.
   */
  admit(ready: number, now: number): Admission {
    if (this.limits.halted?.() === true) return { stop: 'caller' };
    if (now < this.pausedUntil) return { waitUntil: this.pausedUntil, reason: 'time' };
    let send = Math.min(ready, this.batchSize.size);
    const { creditBudget } = this.limits;
    const cost = this.spec.creditsPerFetch;
    if (creditBudget !== undefined && cost > 0) {
      const affordable = Math.floor((creditBudget - this.creditsSpent) / cost);
      if (affordable <= 0) return { stop: 'budget' };
      send = Math.min(send, affordable);
    }
    if (this.window === null) return { send };
    const slots = this.window.reserve(send);
    this.heldUntil = slots.heldUntil;
    if (slots.count > 0) return { send: slots.count };
    // A lock held to the deadline is no tier used up: the call then says it ran out of time.
    return { waitUntil: slots.nextAt, reason: slots.busy ? 'time' : 'tier' };
  }

  answered(outcome: BatchOutcome<T>): void {
    this.answeredCount += outcome.answers.length;
    const more = this.answeredCount < this.wanted.length || this.limits.sendsMoreAfter === true;
    this.window?.moveSlots(this.heldUntil, outcome, more);
    this.batchSize.observe(outcome);
    this.pausedUntil = Math.max(this.pausedUntil, outcome.endedAt + outcome.waitMs);
    const batch = new Map<string, ApiResult<T>>();
    const fresh = new Map<string, T>();
    // The service answered the other requests of a batch that failed as a whole (one connection failed), and
    // billed them; their answers are lost.
    let credits = outcome.failedWhole ? (outcome.sent - 1) * this.spec.creditsPerFetch : 0;
    for (const { index, result } of outcome.answers) {
      const input = this.wanted[index];
      batch.set(input, result);
      if (!result.ok) continue;
      fresh.set(input, result.value);
      credits += result.credits;
    }
    this.creditsSpent += credits;
    if (fresh.size > 0) this.answers.write(fresh);
    if (batch.size > 0) this.onBatch?.(batch);
  }

  /** Keeps what the call learnt of the batch size, and checks the index its last batch wrote. */
  finish(): void {
    this.batchSize.save();
    this.answers.checkWritten();
  }
}

function answerCache<T>(spec: FetchSpec<T>, context: FetchContext): AnswerCache {
  return new AnswerCache(context.cache, context.hash, context.clock, {
    baseUrl: context.settings.baseUrl,
    operation: spec.operation,
  });
}

function transportOf(context: FetchContext): Transport {
  return { http: context.http, clock: context.clock, random: Math.random, retry: DEFAULT_RETRY_POLICY };
}
