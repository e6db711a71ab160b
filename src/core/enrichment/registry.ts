// The enrichment runs of one document, kept in document properties (shared by its editors): one small entry per
// run that does not grow with its rows (the status column holds the per-row state), and at most MAX_RUNS entries.
import type { Tier } from '../api/types';
import {
  FINISHED_RUN_STATUSES,
  type ChangeKind,
  type EnrichOperation,
  type RunStatus,
  type RunSummary,
  type RefreshSchedule,
  type ScheduleView,
} from '../contract';
import type { KeyValue } from '../ports';
import { capStoredText } from '../text';
import { scheduleSummary } from '../refresh/schedule';
import { raisedNote } from './estimate';
import { OPERATIONS } from './operations';
import { fetchesPerMinute, secondsToFetch } from './preview';
import { NO_COUNTS, type RunCounts } from './progress';

const RUN_PREFIX = 'enrichment.run.';
/** Credits a run's execution paid but could not count in the run's entry (see keepUncounted). */
const UNCOUNTED_PREFIX = 'enrichment.uncounted.';
export const MAX_RUNS = 30;

/** An execution working on the run, and until when its claim holds (it never runs longer than that). */
export interface RunLease {
  token: string;
  until: number;
}

export interface RunRecord extends RunCounts {
  runId: string;
  sheetName: string;
  inputA1: string;
  operation: EnrichOperation;
  status: RunStatus;
  /** Canonical field names, in the order asked. */
  fields: string[];
  overwrite: boolean;
  /** The named range of the header row and the input rows: it moves and grows with inserted rows. */
  rangeName: string;
  creditsEstimated: number;
  /** What Resume added to the estimate for rows it did not cover (./estimate). */
  creditsAdded: number;
  creditsSpent: number;
  message: string;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  /** Who started it (an opaque id): their key pays, their sidebar and trigger continue it. */
  startedBy: string;
  /** The service the run asks; a user whose settings point elsewhere cannot continue it. */
  baseUrl: string;
  /** The starter's tier when the run began, for its time estimate. */
  tier: Tier;
  lease: RunLease | null;
  /** The latest refresh of the run's rows; null for a run never refreshed. */
  refresh: RunRefresh | null;
  /** Refreshes the background starts; null: none scheduled. */
  schedule: StoredSchedule | null;
}

/** A run's schedule as kept: who set it (their key pays), since when, and what its last refresh did. */
export interface StoredSchedule extends RefreshSchedule {
  owner: string;
  /** Epoch ms: the last scheduled refresh, or when the schedule was set; the next is due a week or month on. */
  lastAt: number;
  lastOutcome: string | null;
}

/** A refresh: which done rows it fetches again, and what it found so far. */
export interface RunRefresh {
  olderThanDays: number;
  economy: boolean;
  /** Epoch ms: done rows checked before this, less olderThanDays days, are due (staleRows). */
  startedAt: number;
  /** A scheduled refresh over its cap: how many due rows (oldest first) it fetches again; null: all. */
  maxRows: number | null;
  refreshed: number;
  changes: number;
  changesByKind: Partial<Record<ChangeKind, number>>;
}

export function isUnfinished(status: RunStatus): boolean {
  return !FINISHED_RUN_STATUSES.includes(status);
}

function parseRun(text: string | undefined | null): RunRecord | null {
  if (text === null || text === undefined) return null;
  try {
    // Entries saved before a field existed get its neutral value.
    return {
      ...NO_COUNTS,
      creditsAdded: 0,
      refresh: null,
      schedule: null,
      ...(JSON.parse(text) as Partial<RunRecord>),
    } as RunRecord;
  } catch {
    return null;
  }
}

/** JSON with keys in one order, so equal entries give equal text however they were built. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

export class RunRegistry {
  constructor(private readonly store: KeyValue) {}

  get(runId: string): RunRecord | null {
    return typeof runId === 'string' ? parseRun(this.store.get(RUN_PREFIX + runId)) : null;
  }

  /** Newest first, from one read of the store. */
  all(): RunRecord[] {
    const entries = this.store.getAll();
    return Object.keys(entries)
      .filter((key) => key.startsWith(RUN_PREFIX))
      .map((key) => parseRun(entries[key]))
      .filter((run): run is RunRecord => run !== null)
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  /**
   * Writes the entry unless it says what `previous` (the entry as read) says, so a poll that changes nothing spends
   * no property write; updatedAt moves only with a change.
   */
  save(run: RunRecord, previous: RunRecord | null, now: string): RunRecord {
    const capped = {
      ...run,
      message: capStoredText(run.message),
      error: run.error === null ? null : capStoredText(run.error),
    };
    if (previous !== null && canonical({ ...capped, updatedAt: '' }) === canonical({ ...previous, updatedAt: '' })) {
      return previous;
    }
    const saved = { ...capped, updatedAt: now };
    this.store.set(RUN_PREFIX + run.runId, JSON.stringify(saved));
    return saved;
  }

  /** Saves a new run's entry; null when the document's properties have no room left for it. */
  add(run: RunRecord, now: string): RunRecord | null {
    try {
      return this.save(run, null, now);
    } catch {
      return null;
    }
  }

  /** Takes a new run's entry out again, when the sheet refused what starting it writes. */
  remove(runId: string): void {
    this.store.delete(RUN_PREFIX + runId);
  }

  /**
   * Keeps aside, without the document lock, the credits the execution holding the run's lease paid but could not
   * count in the entry (another execution held the lock). Only that execution writes this entry; it counts them under
   * the lock itself, or, once its lease has lapsed, the next execution to change the run does (saveCountingLapsed in
   * ./work). A document whose properties are full keeps nothing aside: the execution alone still knows them.
   */
  keepUncounted(runId: string, credits: number): void {
    try {
      this.store.set(UNCOUNTED_PREFIX + runId, String(credits));
    } catch {
      // Counted only if this execution takes the lock again (as it gives the run back).
    }
  }

  /** The credits kept aside for the run (0 when none); under the lock, then forgetUncounted once they are counted. */
  uncounted(runId: string): number {
    const credits = Number(this.store.get(UNCOUNTED_PREFIX + runId) ?? 0);
    return Number.isFinite(credits) && credits > 0 ? credits : 0;
  }

  forgetUncounted(runId: string): void {
    this.store.delete(UNCOUNTED_PREFIX + runId);
  }

  /** Drops the oldest finished runs beyond MAX_RUNS and answers them; unfinished runs are never dropped. */
  prune(): RunRecord[] {
    const runs = this.all();
    let excess = runs.length - MAX_RUNS;
    const dropped: RunRecord[] = [];
    for (const run of runs.reverse()) {
      if (excess <= 0) break;
      if (isUnfinished(run.status)) continue;
      this.store.delete(RUN_PREFIX + run.runId);
      dropped.push(run);
      excess--;
    }
    return dropped;
  }
}

/** What the run has done so far, in words, and whether Resume raised its estimate. */
export function runMessage(status: RunStatus, run: RunCounts & { creditsAdded?: number }): string {
  const progress = `${run.done} of ${run.total} rows`;
  const raised = raisedNote(run.creditsAdded ?? 0);
  switch (status) {
    case 'running':
      return `Enriching: ${progress} done.${raised}`;
    case 'paused':
      return `Paused at ${progress}.`;
    case 'cancelled':
      return `Cancelled at ${progress}.`;
    case 'error':
      return `Stopped at ${progress}.`;
    default:
      return (
        `Done: ${run.ok} OK, ${run.notFound} not found or private, ${run.failed} failed, ` +
        `${run.invalid} invalid.${raised}`
      );
  }
}

/** Seconds until the rows left are fetched at the starter's tier; null unless the run is running with rows left. */
export function etaSeconds(run: RunRecord): number | null {
  const left = run.total - run.done;
  if (run.status !== 'running' || left <= 0) return null;
  return secondsToFetch(left, fetchesPerMinute(OPERATIONS[run.operation].fetch.paced, run.tier));
}

/**
 * Only the fields of the sidebar contract. `viewer`: the caller's user id, null for one who never started anything;
 * `problem`: what stopped the viewer's background, shown on their unfinished runs without an error of their own.
 */
export function toRunSummary(run: RunRecord, viewer: string | null, problem: string | null = null): RunSummary {
  const mine = viewer !== null && run.startedBy === viewer;
  const summary: RunSummary = {
    runId: run.runId,
    sheetName: run.sheetName,
    inputA1: run.inputA1,
    operation: run.operation,
    status: run.status,
    total: run.total,
    done: run.done,
    ok: run.ok,
    notFound: run.notFound,
    failed: run.failed,
    invalid: run.invalid,
    creditsEstimated: run.creditsEstimated,
    creditsSpent: run.creditsSpent,
    etaSeconds: etaSeconds(run),
    message: run.message,
    error: run.error ?? (mine && isUnfinished(run.status) ? problem : null),
    createdAt: run.createdAt,
    updatedAt: run.updatedAt,
    fields: [...run.fields],
    refreshed: run.refresh?.refreshed ?? 0,
    changes: run.refresh?.changes ?? 0,
    changesByKind: { ...run.refresh?.changesByKind },
    schedule: scheduleView(run.schedule),
  };
  return mine ? summary : { ...summary, mine: false };
}

function scheduleView(stored: StoredSchedule | null): ScheduleView | null {
  if (stored === null) return null;
  const { every, olderThanDays, maxCredits, lastAt, lastOutcome } = stored;
  return { ...scheduleSummary({ every, olderThanDays, maxCredits }, lastAt)!, lastOutcome };
}
