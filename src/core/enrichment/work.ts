// Working on one enrichment run for at most one call's budget: answer what the cache holds, then fetch the rest in
// groups through the fetch engine (paced to the tier, each batch cached the moment it answers), writing each batch's
// rows as it lands. Each write happens under the document lock, re-reads the run's rows (so sorted or inserted rows
// still get their own values) and saves the run's counts, so an execution stopped at any point has lost nothing it
// paid for: the next one finds those answers in the cache and writes them without paying again.
//
// One execution works on a run at a time: it claims the run under the document lock for as long as an execution
// can live (a lease in the run's entry), and the lock is otherwise held only while a chunk is written, so pausing,
// other runs and research jobs are never kept waiting for minutes.
import { noKeyError, type ApiResult } from '../api/errors';
import { SCRAPES_PER_MINUTE } from '../api/types';
import { MAX_BATCH } from '../fetch/batch-size';
import { cachedAnswers, fetchFresh, type FetchContext } from '../fetch/engine';
import { parseFieldList, type FieldPath } from '../fields/flatten';
import { withLock } from '../lock';
import type { Clock, KeyValue, Lock, NewId, RunSheet } from '../ports';
import type { Settings } from '../settings';
import { creditsLeft, uncoveredRows, uncoveredSentence } from './estimate';
import { OPERATIONS, type OperationSpec } from './operations';
import { countRows, remainingInputs } from './progress';
import { RunRegistry, runMessage, type RunRecord, type RunRefresh } from './registry';
import { inputState } from './rows';
import { invalidStatus, outcomeOfAnswer, verdictOf, type DatedOutcome } from './status';
import { readArea, writeBlocks, type RunArea } from './run-area';
import { missingHeadersBlock } from './run-writes';
import { planChunkWrite } from './write-plan';
import type { ChangeKind } from '../contract';
import { countChanges } from '../refresh/changes';
import { checkedText, parseChecked, staleRows, statusHeaderOf } from '../refresh/checked';
import { economyDecision } from '../refresh/economy';
import type { ProfileRecord } from '../api/types';
import { logChanges, markChanges, planRefreshWrites } from '../refresh/refresh-writes';

/** An execution lives at most 6 minutes; its claim on a run lasts a little longer, then lapses on its own. */
export const LEASE_MS = 6 * 60_000 + 10_000;
/**
 * Writing a chunk waits this long for the document lock; when another execution holds it longer, the call sends no
 * more, and its later writes only try the lock without waiting.
 */
const CHUNK_LOCK_WAIT_MS = 10_000;

export const ROWS_GONE = "The run's rows were deleted (or their sheet was), so it cannot go on.";

/** What a run needs of the platform. */
export interface RunPorts<S = unknown> {
  /** Document properties: the run registry. */
  store: KeyValue;
  /** The document lock. */
  lock: Lock;
  clock: Clock;
  /** A fresh unique id (a lease's token, a run's id). */
  newId: NewId;
  /** The fetch engine's platform with these settings; its cache is the document's (answers, rate window, batch size). */
  fetchContext(settings: Settings): FetchContext;
  sheet: RunSheet<S>;
  /** Adds credits the run spent to its starter's ledger; called under the document lock. */
  recordSpend(userId: string, credits: number): void;
}

/** Who works on the run, with which settings (the starter's), until when (epoch ms). */
export interface RunWorker {
  userId: string;
  settings: Settings;
  stopBy: number;
}

export const isoTime = (clock: Clock) => new Date(clock.now()).toISOString();

/** Works on the run until worker.stopBy, unless another execution is working on it. */
export function workOnRun<S>(ports: RunPorts<S>, runId: string, worker: RunWorker): void {
  const registry = new RunRegistry(ports.store);
  const claimed = withLock(ports.lock, CHUNK_LOCK_WAIT_MS, null, () => claim(registry, runId, worker.userId, ports));
  const token = claimed?.lease?.token;
  if (claimed === null || token === undefined) return;
  const work = new RunWork(ports, registry, claimed, token, worker);
  try {
    work.go();
  } finally {
    work.giveBack();
  }
}

/** Claims a running run of this user that no live execution has claimed; answers it as claimed. */
function claim(
  registry: RunRegistry,
  runId: string,
  userId: string,
  ports: Pick<RunPorts, 'clock' | 'newId' | 'recordSpend'>,
): RunRecord | null {
  const run = registry.get(runId);
  const now = ports.clock.now();
  if (run === null || run.status !== 'running' || run.startedBy !== userId) return null;
  if (run.lease !== null && run.lease.until > now) return null;
  const lease = { token: ports.newId(), until: now + LEASE_MS };
  return saveCountingLapsed(registry, run, { lease }, ports);
}

/**
 * Under the lock: saves `changes` to the run, counting in (in the entry and the starter's ledger) the credits an
 * execution kept aside uncounted (RunRegistry.keepUncounted) and could not count before its lease lapsed. Only an
 * execution that did not give its lease back can have kept any; while its lease holds, it counts them itself.
 * Answers the entry as saved.
 */
export function saveCountingLapsed(
  registry: RunRegistry,
  run: RunRecord,
  changes: Partial<RunRecord>,
  ports: Pick<RunPorts, 'clock' | 'recordSpend'>,
): RunRecord {
  const lapsed = run.lease !== null && run.lease.until <= ports.clock.now();
  const credits = lapsed ? registry.uncounted(run.runId) : 0;
  const saved = registry.save(
    { ...run, ...changes, creditsSpent: run.creditsSpent + credits },
    run,
    isoTime(ports.clock),
  );
  if (credits > 0) {
    ports.recordSpend(run.startedBy, credits);
    registry.forgetUncounted(run.runId);
  }
  return saved;
}

class RunWork<S> {
  private readonly answered = new Map<string, DatedOutcome>();
  /** Inputs a fetch in this call settled: only these answer a refreshed row (never the cache). */
  private readonly fresh = new Set<string>();
  /** Inputs of the done rows the run's refresh still has to fetch again, as of the last chunk written. */
  private due = new Set<string>();
  /** Economy: due inputs whose profile record is still to ask, with their rows' checked time (ms; null: never). */
  private recordsToAsk = new Map<string, number | null>();
  /** Economy: due inputs whose record showed a change the run's fields show: scraped again. */
  private readonly toScrape = new Set<string>();
  /** Economy: due inputs whose record showed nothing new, with the record's fetch time (their new checked time). */
  private readonly kept = new Map<string, number>();
  private readonly runId: string;
  private readonly spec: OperationSpec;
  private readonly fields: FieldPath[];
  private readonly context: FetchContext;
  private readonly stopBy: number;
  /** Inputs without a status yet, in row order, as of the last chunk written. */
  private remaining: string[] = [];
  /** Input rows without a status, as of the last chunk written. */
  private rowsLeft = 0;
  /** The run's entry as last read or saved: its estimate and what it spent bound what may still be spent. */
  private latest: RunRecord;
  /**
   * Credits the API charged that no saved entry counts yet (chunks that could not take the lock), also kept aside in
   * the store, so the next execution counts them should this one never take the lock again.
   */
  private unrecordedSpend = 0;
  /** How long a write waits for the lock: not at all once another execution kept it through a whole wait. */
  private lockWaitMs = CHUNK_LOCK_WAIT_MS;
  private stopped = false;

  constructor(
    private readonly ports: RunPorts<S>,
    private readonly registry: RunRegistry,
    private readonly claimed: RunRecord,
    private readonly token: string,
    private readonly worker: RunWorker,
  ) {
    this.runId = claimed.runId;
    this.latest = claimed;
    this.stopBy = worker.stopBy;
    this.spec = OPERATIONS[claimed.operation];
    const parsed = parseFieldList([claimed.fields], this.spec.recordType);
    this.fields = parsed.ok ? parsed.fields : [];
    this.context = ports.fetchContext(worker.settings);
  }

  go(): void {
    const { apiKey, baseUrl } = this.worker.settings;
    if (apiKey === null) return this.pause(noKeyError().message);
    if (this.claimed.baseUrl !== baseUrl) {
      return this.pause(
        `This run was started on ${this.claimed.baseUrl}; set that base URL in Settings to continue it.`,
      );
    }
    // Rows added since the last chunk, and answers already in hand (cached by any run or formula), cost nothing.
    this.writeChunk(0);
    this.answerFromCache();
    while (!this.stopped && this.recordsToAsk.size > 0 && this.ports.clock.now() < this.stopBy) this.askRecords();
    while (!this.stopped && this.remaining.length > 0 && this.ports.clock.now() < this.stopBy) this.fetchGroup();
  }

  private answerFromCache(): void {
    if (this.stopped || this.remaining.length === 0) return;
    const plain = this.remaining.filter((input) => !this.due.has(input));
    const cached = cachedAnswers(this.spec.fetch, this.context, plain);
    if (cached.size === 0) return;
    cached.forEach(({ answer, fetchedAt }, input) =>
      this.answered.set(input, { ...outcomeOfAnswer(this.spec, this.fields, answer), fetchedAt }),
    );
    this.writeChunk(0);
  }

  /** One group of inputs through the engine, within what is left of the estimate; each batch is written as it lands. */
  private fetchGroup(): void {
    const group = this.remaining.slice(0, this.groupSize());
    const limits = {
      deadline: this.stopBy,
      creditBudget: creditsLeft(this.latest) - this.unrecordedSpend,
      // Once a write found the lock taken (or the run left 'running'), nothing more is sent in this call.
      halted: () => this.stopped,
      sendsMoreAfter: this.remaining.length > group.length,
    };
    let paidInBatches = 0;
    const report = fetchFresh(this.spec.fetch, this.context, group, limits, (batch) => {
      const spend = this.settle(batch);
      paidInBatches += spend;
      this.writeChunk(spend);
    });
    // Answers the service billed but the connection lost (a batch that failed as a whole).
    const lost = report.creditsSpent - paidInBatches;
    if (lost > 0) this.writeChunk(lost);
    const verdicts = [...report.results.values()].map((result) => verdictOf(this.spec, this.fields, result));
    const pause = verdicts.find((verdict) => verdict.kind === 'pause');
    if (pause?.kind === 'pause') return this.pause(pause.message);
    if (report.stoppedBy === 'budget') return this.pauseUncovered();
    if (report.stoppedBy !== null) this.stopped = true;
    const waits = verdicts.flatMap((verdict) => (verdict.kind === 'later' ? [verdict.retryAfterMs ?? 0] : []));
    if (waits.length === 0 || this.stopped) return;
    // Rate limited after the retries: the rows wait for the next group, after the service's wait (nothing failed).
    const waitMs = Math.min(Math.max(...waits, 1_000), this.stopBy - this.ports.clock.now());
    if (waitMs > 0) this.ports.clock.sleep(waitMs);
    else this.stopped = true;
  }

  /**
   * The estimate is spent and rows are left (inserted or pasted during the run, or their answers gone from the cache
   * since the preview): the run waits for the user to accept what they would cost. What the cache answers is written
   * first, for nothing.
   */
  private pauseUncovered(): void {
    this.answerFromCache();
    if (this.stopped || this.remaining.length === 0) return;
    const credits = { ...this.latest, creditsSpent: this.latest.creditsSpent + this.unrecordedSpend };
    const uncovered = uncoveredRows(credits, this.rowsLeft, this.remaining.length, this.spec.fetch.creditsPerFetch);
    this.pause(uncoveredSentence(uncovered));
  }

  /**
   * Economy: asks the profile records (1 credit each) of a group of due inputs; a row whose record shows nothing new
   * in the run's fields since it was checked is kept (its checked time moves on), the others are scraped again.
   */
  private askRecords(): void {
    const group = [...this.recordsToAsk.keys()].slice(0, MAX_BATCH);
    const records = OPERATIONS.profile;
    const limits = {
      deadline: this.stopBy,
      creditBudget: creditsLeft(this.latest) - this.unrecordedSpend,
      halted: () => this.stopped,
    };
    let paid = 0;
    const report = fetchFresh(records.fetch, this.context, group, limits, (batch) => {
      const fetchedAt = this.ports.clock.now();
      let spend = 0;
      batch.forEach((result, input) => {
        if (result.ok) spend += result.credits;
        const checkedAt = this.recordsToAsk.get(input) ?? null;
        const record = result.ok ? (result.value as ProfileRecord) : null;
        const keep = record !== null && !economyDecision(record, checkedAt, this.claimed.fields).rescrape;
        if (keep) this.kept.set(input, fetchedAt);
        else this.toScrape.add(input);
      });
      paid += spend;
      this.writeChunk(spend);
    });
    if (report.creditsSpent > paid) this.writeChunk(report.creditsSpent - paid);
    const pause = [...report.results.values()]
      .map((result) => verdictOf(records, [], result))
      .find((verdict) => verdict.kind === 'pause');
    if (pause?.kind === 'pause') return this.pause(pause.message);
    if (report.stoppedBy === 'budget') return this.pauseUncovered();
    if (report.stoppedBy !== null) this.stopped = true;
  }

  /** Pacing works per minute: a group never holds more than the tier allows in one. */
  private groupSize(): number {
    return this.spec.fetch.paced ? Math.min(MAX_BATCH, SCRAPES_PER_MINUTE[this.worker.settings.tier]) : MAX_BATCH;
  }

  /** Keeps the batch's settled outcomes; answers the credits it charged. */
  private settle(batch: Map<string, ApiResult<unknown>>): number {
    let spend = 0;
    const fetchedAt = this.ports.clock.now();
    batch.forEach((result, input) => {
      if (result.ok) spend += result.credits;
      const verdict = verdictOf(this.spec, this.fields, result);
      if (verdict.kind !== 'settle') return;
      this.answered.set(input, { ...verdict.outcome, fetchedAt });
      this.fresh.add(input);
    });
    return spend;
  }

  private outcomeOf(input: unknown): DatedOutcome | null {
    const state = inputState(this.spec, input);
    if (state.kind === 'blank') return null;
    // Never fetched: its checked cell stays blank whatever the time.
    if (state.kind === 'invalid') return { status: invalidStatus(state.reason), values: null, fetchedAt: 0 };
    return this.answered.get(state.normalized) ?? null;
  }

  /**
   * Under the lock: counts the credits spent (first, so an execution stopped while writing has still counted what it
   * paid), writes every answered row of the run as the sheet holds it now, counts the column, and saves the entry.
   * Stops the work when the run left 'running' (paused or cancelled meanwhile: this chunk, paid for, is still
   * written) or another execution claimed it.
   */
  private writeChunk(spend: number): void {
    const wrote = withLock(this.ports.lock, this.lockWaitMs, false, () => {
      const claimed = this.registry.get(this.runId);
      if (claimed === null || claimed.lease?.token !== this.token) {
        this.stopped = true;
        return true;
      }
      const previous = this.save(claimed, {}, spend);
      const rows = this.ports.sheet.findRows(previous.rangeName);
      if (rows === null) {
        this.save(previous, { status: 'error', error: ROWS_GONE }, 0);
        return true;
      }
      this.writeRows(previous, readArea(this.ports.sheet, rows, previous));
      return true;
    });
    if (wrote === false) this.missedLock(spend);
  }

  /**
   * Another execution kept the lock through a whole wait: what the chunk paid is kept aside, to be counted by the next
   * write that takes the lock (in this call or the next execution), and this call sends no more. The next call
   * answers these rows from the cache, paying nothing again.
   */
  private missedLock(spend: number): void {
    this.stopped = true;
    this.lockWaitMs = 0;
    if (spend === 0) return;
    this.unrecordedSpend += spend;
    this.registry.keepUncounted(this.runId, this.unrecordedSpend);
  }

  /** Writes every answered row of the area, then saves the run's counts (completed when no row is left). */
  private writeRows(previous: RunRecord, area: RunArea<S>): void {
    const { sheet } = this.ports;
    const outcomeOf = (input: unknown) => this.outcomeOf(input);
    const refresh = previous.refresh === null ? null : this.planRefresh(previous, area);
    const targets = targetsOf(area, this.fields);
    const plan = planChunkWrite(area.grid, targets, outcomeOf, previous.overwrite, refresh?.plan.cells);
    const headers = missingHeadersBlock(area);
    writeBlocks(sheet, area.sheet, headers === null ? plan.blocks : [headers, ...plan.blocks]);
    if (refresh !== null) {
      markChanges(sheet, area.sheet, area.grid.firstRow, refresh.plan.changed, this.ports.clock.now());
      logChanges(sheet, refresh.plan.records);
    }
    const counts = countRows(area.inputs, plan.statuses);
    const left = remainingInputs(this.spec, area.inputs, plan.statuses);
    const dueLeft = refresh?.left ?? { inputs: [], rows: 0 };
    this.due = new Set(dueLeft.inputs);
    // An input answered in this call is never fetched again, whatever its rows hold now.
    const plainLeft = left.inputs.filter((input) => !this.answered.has(input));
    this.remaining = [...new Set([...plainLeft, ...dueLeft.inputs])];
    this.rowsLeft = left.rows + dueLeft.rows;
    const status = previous.status === 'running' && this.rowsLeft === 0 ? 'completed' : previous.status;
    const changes = { ...counts, status, sheetName: sheet.sheetName(area.sheet), refresh: refresh?.saved ?? null };
    this.save(previous, changes, 0);
  }

  /**
   * The refresh's writes in the done rows due again (staleRows from the refresh's start) that a fetch in this call
   * answered; the due rows left after them (a row whose fetch failed is left to a later refresh); the refresh's
   * counts with this chunk's.
   */
  private planRefresh(previous: RunRecord, area: RunArea<S>) {
    const refresh = previous.refresh!;
    const stale = staleRows(area.statuses, area.checked, refresh.startedAt, refresh.olderThanDays);
    // A capped refresh takes the oldest rows, as many as are left of its cap.
    const due = refresh.maxRows === null ? stale : stale.slice(0, Math.max(0, refresh.maxRows - refresh.refreshed));
    const run = {
      runId: this.runId,
      operation: previous.operation,
      spec: this.spec,
      fields: this.fields,
      statusHeader: statusHeaderOf(previous.operation),
    };
    const freshOutcome = (input: string) => (this.fresh.has(input) ? (this.answered.get(input) ?? null) : null);
    const where = { detectedAt: this.ports.clock.now(), sheetName: this.ports.sheet.sheetName(area.sheet) };
    const plan = planRefreshWrites(area, due, run, freshOutcome, where);
    const inputs = new Set<string>();
    let rows = 0;
    this.recordsToAsk = new Map();
    for (const r of due) {
      const state = inputState(this.spec, area.inputs[r]);
      if (plan.cells.has(r) || state.kind !== 'valid' || this.fresh.has(state.normalized)) continue;
      const keptAt = this.kept.get(state.normalized);
      if (keptAt !== undefined) {
        plan.cells.set(r, new Map([[area.columns.checked, checkedText(keptAt)]]));
        plan.refreshed++;
        continue;
      }
      rows++;
      // Economy: a row is scraped again only once its record asked for it.
      if (refresh.economy && !this.toScrape.has(state.normalized)) {
        this.recordsToAsk.set(state.normalized, parseChecked(area.checked[r]));
      } else inputs.add(state.normalized);
    }
    const found = countChanges(plan.records);
    const changesByKind = { ...refresh.changesByKind };
    for (const [kind, count] of Object.entries(found.changesByKind) as [ChangeKind, number][]) {
      changesByKind[kind] = (changesByKind[kind] ?? 0) + count;
    }
    const saved: RunRefresh = {
      ...refresh,
      refreshed: refresh.refreshed + plan.refreshed,
      changes: refresh.changes + found.changes,
      changesByKind,
    };
    return { plan, left: { inputs: [...inputs], rows }, saved };
  }

  /**
   * Saves the entry (when it changed) with the credits and those still uncounted, records them in the user's ledger;
   * answers the entry as saved.
   */
  private save(previous: RunRecord, changes: Partial<RunRecord>, credits: number): RunRecord {
    const counted = credits + this.unrecordedSpend;
    const next = { ...previous, ...changes, creditsSpent: previous.creditsSpent + counted };
    next.message = runMessage(next.status, next);
    const saved = this.registry.save(next, previous, isoTime(this.ports.clock));
    this.latest = saved;
    if (counted > 0) this.ports.recordSpend(this.worker.userId, counted);
    if (this.unrecordedSpend > 0) {
      this.unrecordedSpend = 0;
      this.registry.forgetUncounted(this.runId);
    }
    if (saved.status !== 'running') this.stopped = true;
    return saved;
  }

  /** A failure every row would meet (no key, rejected key, no credits): the run waits for the user. */
  private pause(message: string): void {
    this.stopped = true;
    withLock(this.ports.lock, this.lockWaitMs, null, () => {
      const previous = this.registry.get(this.runId);
      if (previous === null) return;
      // Paused or cancelled meanwhile: only the credits still uncounted are saved.
      this.save(previous, previous.status === 'running' ? { status: 'paused', error: message } : {}, 0);
    });
  }

  /**
   * Gives the claim on the run back, counting what is still uncounted. When the lock stays taken, the claim lapses on
   * its own, and the next execution counts what this one kept aside.
   */
  giveBack(): void {
    withLock(this.ports.lock, this.lockWaitMs, null, () => {
      const run = this.registry.get(this.runId);
      if (run?.lease?.token === this.token) this.save(run, { lease: null }, 0);
    });
  }
}

function targetsOf(area: RunArea, fields: readonly FieldPath[]) {
  return {
    inputColumn: area.inputColumn,
    fieldColumns: area.columns.fields,
    fieldKinds: fields.map((field) => field.kind),
    statusColumn: area.columns.status,
    checkedColumn: area.columns.checked,
  };
}
