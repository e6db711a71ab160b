// The credits ledger of this document (ledger.ts) kept in document properties: the formulas' record, and one record
// per user for their own sidebar work. Custom functions may write document properties (only user properties are
// read-only there, and they are the owner's) and the document cache; the formulas' count lives in properties because
// it must hold for the whole day: the cache may drop an entry at any time (docs/platform.md), and a lost count would
// let the formulas spend the owner's daily budget again.
import type { UsageView } from './contract';
import type { FormulaSpending } from './formulas/context';
import { addSpend, affordable, spendAsOf, usageView } from './ledger';
import { withLock } from './lock';
import type { Clock, KeyValue, Lock } from './ports';

const FORMULAS_KEY = 'USAGE_FORMULAS';
const USER_PREFIX = 'USAGE_USER_';
/** Formula executions hold the lock for a read and a write; waiting longer means something is stuck. */
const LOCK_WAIT_MS = 10_000;
/**
 * Settling comes after the fetch, inside the seconds a formula keeps in hand before Sheets stops it at 30 s
 * (deadlineOf in formulas/context.ts): waiting there as long as a reservation may would let Sheets stop the call,
 * and every row of it would show that error.
 */
const SETTLE_LOCK_WAIT_MS = 1_000;

export interface LedgerPorts {
  /** Document properties. */
  store: KeyValue;
  /** The document lock. */
  lock: Lock;
  clock: Clock;
}

/**
 * The formulas' spending under the owner's daily budget (null: no limit). Each call reserves, under the document
 * lock, what it may spend before it sends anything, and settles to what it spent afterwards, so formulas running at
 * the same time never spend past the budget together; a call the platform stops midway leaves its reservation
 * counted (never too little).
 */
export function formulaSpending(ports: LedgerPorts, budget: number | null): FormulaSpending {
  return {
    reserve: (wanted) =>
      evenUnlocked(ports, LOCK_WAIT_MS, () => {
        const now = ports.clock.now();
        const stored = ports.store.get(FORMULAS_KEY);
        const allowed = affordable(spendAsOf(stored, now), budget, wanted);
        if (allowed === 0 || countSpend(ports.store, addSpend(stored, allowed, now))) return allowed;
        // A full document store cannot count: without a budget the count is only for the usage panel, so the
        // formula goes on; with one, spending what cannot be counted could pass it, so nothing is sent.
        return budget === null ? allowed : 0;
      }),
    settle: (reserved, spent) => {
      if (spent === reserved) return;
      evenUnlocked(ports, SETTLE_LOCK_WAIT_MS, () =>
        countSpend(ports.store, addSpend(ports.store.get(FORMULAS_KEY), spent - reserved, ports.clock.now())),
      );
    },
  };
}

/** Stores the formulas' count; false when the document's properties are full (their 500 KB are shared). */
function countSpend(store: KeyValue, record: string): boolean {
  try {
    store.set(FORMULAS_KEY, record);
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
export function recordOwnSpend(ports: Omit<LedgerPorts, 'lock'>, userId: string, credits: number): void {
  if (!(credits > 0)) return;
  const { store } = ports;
  const key = USER_PREFIX + userId;
  const now = ports.clock.now();
  const stored = store.get(key);
  if (spendAsOf(stored, now).thisMonth === 0) removeStaleUserRecords(store, now);
  store.set(key, addSpend(stored, credits, now));
}

/** Credits spent today and this month (UTC): by this document's formulas, and by the user's own work. */
export function usageOf(ports: Omit<LedgerPorts, 'lock'>, userId: string | null): UsageView {
  const now = ports.clock.now();
  const mine = userId === null ? null : ports.store.get(USER_PREFIX + userId);
  return usageView(spendAsOf(ports.store.get(FORMULAS_KEY), now), spendAsOf(mine, now));
}

function removeStaleUserRecords(store: KeyValue, now: number): void {
  for (const [key, stored] of Object.entries(store.getAll())) {
    if (key.startsWith(USER_PREFIX) && spendAsOf(stored, now).thisMonth === 0) store.delete(key);
  }
}

/**
 * Runs fn holding the document lock; if the lock cannot be had in time, runs it anyway (a concurrent count may then
 * be lost, rather than a formula failing).
 */
function evenUnlocked<T>(ports: LedgerPorts, waitMs: number, fn: () => T): T {
  const locked = withLock(ports.lock, waitMs, NOT_LOCKED, () => ({ result: fn() }));
  return locked === NOT_LOCKED ? fn() : locked.result;
}

const NOT_LOCKED = Symbol('not locked');
