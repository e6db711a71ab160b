// The credits ledger of this document (ledger.ts) kept in document properties: the formulas' record, and one record
// per user for their own sidebar work. Custom functions may write document properties (only user properties are
// read-only there, and they are the owner's) and the document cache; the formulas' count lives in properties because
// it must hold for the whole day: the cache may drop an entry at any time (docs/platform.md), and a lost count would
// let the formulas spend the owner's daily budget again.
//
// Up to 30 formulas of one user run at once, and properties have no transactions: the formulas' record is written
// only under the document lock. A formula counts what it spent in an entry of its own (USAGE_FORMULAS_<id>, never
// written by anyone else), which every read adds to the record and a locked write folds into it: without a budget
// always (a lock cycle would cost a formula six round trips of its fifteen), the entries folded once there are
// FOLD_AT of them; with one, when its settle cannot get the lock (a research poll holds it for its whole poll).
//
// The budget belongs to the spreadsheet owner, whose user properties only the formulas can read. So the locked write
// also notes the budget the formulas spent under and the owner's user id (USAGE_BUDGET): the usage panel shows the
// owner their current budget, and everyone else the owner's as the formulas last met it.
import type { UsageView } from './contract';
import type { FormulaSpending } from './formulas/context';
import { addSpend, spendAsOf, usageView, utcDay, utcMonth, type Spend } from './ledger';
import { withLock } from './lock';
import type { Clock, KeyValue, Lock, NewId } from './ports';

/** The formulas' record; every key of theirs starts so (their calls' own entries too). */
export const FORMULAS_KEY = 'USAGE_FORMULAS';
/** One formula call's own entry: credits spent (or, negative, given back) at a time. */
const PENDING_PREFIX = 'USAGE_FORMULAS_';
const USER_PREFIX = 'USAGE_USER_';
const BUDGET_NOTE_KEY = 'USAGE_BUDGET';
/**
 * A formula holds the lock for a read and a write (a fraction of a second); a research poll or a run's write holds
 * it for seconds or minutes, and waiting for those would spend the 30 s a formula has (deadlineOf in
 * formulas/context.ts) only to be refused. Up to 30 formulas start at once, so a reservation waits a little for the
 * others; a count needs no wait, as it can go into the call's own entry.
 */
const RESERVE_LOCK_WAIT_MS = 250;
const COUNT_LOCK_WAIT_MS = 100;
/**
 * Own entries there may be before a formula folds them into the record: each costs a key in the document's 500 KB of
 * properties, and folding costs a lock cycle and one delete per entry (about a round trip and a third per formula).
 */
export const FOLD_AT = 20;

export interface LedgerPorts {
  /** Document properties. */
  store: KeyValue;
  /** The document lock. */
  lock: Lock;
  clock: Clock;
  /** Names a formula call's own entry. */
  newId: NewId;
}

/** The formulas' budget as they last spent under it, and whose it is (null: an owner without an id yet). */
interface BudgetNote {
  budget: number | null;
  ownerId: string | null;
}

interface PendingSpend {
  /** Epoch ms the credits count at (a reservation given back counts when it was made). */
  at: number;
  credits: number;
}

/**
 * The formulas' spending under the owner's daily budget (null: no limit). With a budget, each call reserves under
 * the document lock what it may spend before it sends anything, and settles to what it spent afterwards, so formulas
 * running at the same time never spend past the budget together; a call the platform stops midway leaves its
 * reservation counted (never too little); a call that cannot get the lock sends nothing (ledgerBusy). Without one,
 * nothing is reserved and the call counts what it spent once, after sending, in an entry of its own.
 */
export function formulaSpending(
  ports: LedgerPorts,
  budget: number | null,
  ownerId: () => string | null,
): FormulaSpending {
  let busy = false;
  let reservedAt = ports.clock.now();
  const note = () => ({ budget, ownerId: ownerId() });
  return {
    reserve: (wanted) => {
      if (budget === null) return wanted;
      reservedAt = ports.clock.now();
      const allowed = withLock(ports.lock, RESERVE_LOCK_WAIT_MS, null, () =>
        reserveLocked(ports, budget, wanted, note),
      );
      busy = allowed === null;
      return allowed ?? 0;
    },
    settle: (reserved, spent) => {
      if (budget === null) countOwn(ports, { at: ports.clock.now(), credits: spent }, note);
      else count(ports, { at: reservedAt, credits: spent - reserved }, note);
    },
    ledgerBusy: () => busy,
  };
}

/** Under the lock: what the budget still allows of `wanted`, counted at once (0 when it cannot be counted). */
function reserveLocked(ports: LedgerPorts, budget: number, wanted: number, note: () => BudgetNote): number {
  const entries = ports.store.getAll();
  const allowed = Math.max(0, Math.min(wanted, budget - formulasSpend(entries, ports.clock.now()).today));
  if (allowed === 0) return 0;
  // A full document store cannot count, and spending what is not counted could pass the budget.
  return fold(ports, entries, { at: ports.clock.now(), credits: allowed }, note) ? allowed : 0;
}

/**
 * Counts credits spent (or given back) in the formulas' record when the lock can be had at once, else in the call's
 * own entry. Without the lock a full store may lose the count: it is then only short for the usage panel, as with a
 * budget the reservation stays counted.
 */
function count(ports: LedgerPorts, change: PendingSpend, note: () => BudgetNote): void {
  if (change.credits === 0) return;
  const folded = withLock(ports.lock, COUNT_LOCK_WAIT_MS, null, () => fold(ports, ports.store.getAll(), change, note));
  if (folded !== null) return;
  tryWrite(ports.store, PENDING_PREFIX + ports.newId(), JSON.stringify(change));
}

/**
 * Counts credits in the call's own entry, with no lock: one read (which also says whether the budget note changed and
 * how many entries wait), one write. Folds the waiting entries into the record once there are FOLD_AT of them, if
 * the lock can be had at once (else a later formula will).
 */
function countOwn(ports: LedgerPorts, change: PendingSpend, note: () => BudgetNote): void {
  if (change.credits === 0) return;
  const entries = ports.store.getAll();
  const noted = JSON.stringify(note());
  if (entries[BUDGET_NOTE_KEY] !== noted) tryWrite(ports.store, BUDGET_NOTE_KEY, noted);
  if (!tryWrite(ports.store, PENDING_PREFIX + ports.newId(), JSON.stringify(change))) {
    // A full store: folding frees the entries' keys, and counts the change in the record.
    count(ports, change, note);
  } else if (pendingKeys(entries).length + 1 >= FOLD_AT) {
    withLock(ports.lock, COUNT_LOCK_WAIT_MS, null, () => fold(ports, ports.store.getAll(), NO_CHANGE, note));
  }
}

const NO_CHANGE: PendingSpend = { at: 0, credits: 0 };

/**
 * Under the lock: writes the record with every pending entry and `change` in it, then drops those entries; notes
 * the budget and its owner when they changed.
 */
function fold(
  ports: LedgerPorts,
  entries: Record<string, string>,
  change: PendingSpend,
  note: () => BudgetNote,
): boolean {
  const now = ports.clock.now();
  const spend = addDated(formulasSpend(entries, now), change);
  if (!tryWrite(ports.store, FORMULAS_KEY, JSON.stringify(spend))) return false;
  for (const key of pendingKeys(entries)) ports.store.delete(key);
  const noted = JSON.stringify(note());
  if (entries[BUDGET_NOTE_KEY] !== noted) tryWrite(ports.store, BUDGET_NOTE_KEY, noted);
  return true;
}

/** The formulas' spend as of `now`: their record and every pending entry. */
function formulasSpend(entries: Record<string, string>, now: number): Spend {
  let spend = spendAsOf(entries[FORMULAS_KEY], now);
  for (const key of pendingKeys(entries)) {
    const pending = parsePending(entries[key]);
    if (pending !== null) spend = addDated(spend, pending);
  }
  return spend;
}

/** Adds credits to the day and month they count in, if those are the record's; never below 0. */
function addDated(spend: Spend, { at, credits }: PendingSpend): Spend {
  return {
    day: spend.day,
    today: utcDay(at) === spend.day ? Math.max(0, spend.today + credits) : spend.today,
    month: spend.month,
    thisMonth: utcMonth(at) === spend.month ? Math.max(0, spend.thisMonth + credits) : spend.thisMonth,
  };
}

const pendingKeys = (entries: Record<string, string>): string[] =>
  Object.keys(entries).filter((key) => key.startsWith(PENDING_PREFIX));

function parsePending(stored: string): PendingSpend | null {
  try {
    const { at, credits } = (JSON.parse(stored) ?? {}) as Partial<PendingSpend>;
    return Number.isFinite(at) && Number.isFinite(credits) ? { at: at!, credits: credits! } : null;
  } catch {
    return null;
  }
}

/** False when the document's properties are full (their 500 KB are shared). */
function tryWrite(store: KeyValue, key: string, value: string): boolean {
  try {
    store.set(key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Adds credits a user's own enrichment run spent in this document. Only that user's executions write their record,
 * and their run writes under the document lock, so no lock is taken here (taking it again would release the
 * caller's). A user's first spend of a month removes the records of users who spent nothing this month.
 */
export function recordOwnSpend(ports: Pick<LedgerPorts, 'store' | 'clock'>, userId: string, credits: number): void {
  if (!(credits > 0)) return;
  const { store } = ports;
  const key = USER_PREFIX + userId;
  const now = ports.clock.now();
  const stored = store.get(key);
  if (spendAsOf(stored, now).thisMonth === 0) removeStaleUserRecords(store, now);
  store.set(key, addSpend(stored, credits, now));
}

/**
 * Credits spent today and this month (UTC): by this document's formulas, and by the user's own work; and the daily
 * budget the formulas spend under. `ownBudget` is the caller's, shown when the note names them as the owner (it is
 * newer than the note) or when no formula has spent yet; else the owner's budget as the note has it.
 */
export function usageOf(
  ports: Pick<LedgerPorts, 'store' | 'clock'>,
  userId: string | null,
  ownBudget: number | null,
): UsageView {
  const now = ports.clock.now();
  const entries = ports.store.getAll();
  const mine = userId === null ? null : entries[USER_PREFIX + userId];
  const note = parseNote(entries[BUDGET_NOTE_KEY]);
  const ownersBudget = note === null || (userId !== null && note.ownerId === userId) ? ownBudget : note.budget;
  return usageView(formulasSpend(entries, now), spendAsOf(mine, now), ownersBudget);
}

function parseNote(stored: string | undefined): BudgetNote | null {
  try {
    const { budget, ownerId } = (JSON.parse(stored ?? 'null') ?? {}) as Partial<BudgetNote>;
    const budgetRead = budget === null || (typeof budget === 'number' && budget >= 0);
    const ownerRead = ownerId === null || typeof ownerId === 'string';
    return budgetRead && ownerRead ? { budget: budget!, ownerId: ownerId! } : null;
  } catch {
    return null;
  }
}

function removeStaleUserRecords(store: KeyValue, now: number): void {
  for (const [key, stored] of Object.entries(store.getAll())) {
    if (key.startsWith(USER_PREFIX) && spendAsOf(stored, now).thisMonth === 0) store.delete(key);
  }
}
