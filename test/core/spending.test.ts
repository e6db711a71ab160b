// The document's credits ledger in a memory store: with a budget, formulas reserve under the lock and settle to what
// they spent; without one, they count once in an entry of its own, which reads add and a locked write folds in; a
// formula that cannot get the lock never writes the shared record (under a budget it then sends nothing).
import { FOLD_AT, formulaSpending, recordOwnSpend, usageOf, type LedgerPorts } from '../../src/core/spending';
import type { KeyValue } from '../../src/core/ports';
import { memoryStore } from '../support/memory';
import { FakeClock } from './api/fakes';

const APRIL_10 = Date.UTC(2026, 3, 10, 12);

function setup(store: KeyValue & { data: Record<string, string> } = memoryStore()) {
  const clock = new FakeClock(APRIL_10);
  const lock = { heldElsewhere: false, held: false, cycles: 0 };
  const writesUnderLock: Array<[string, boolean]> = [];
  let ids = 0;
  const counted: KeyValue = {
    ...store,
    set: (key, value) => {
      writesUnderLock.push([key, lock.held]);
      store.set(key, value);
    },
  };
  const ports: LedgerPorts = {
    store: counted,
    lock: {
      tryLock: () => {
        if (lock.heldElsewhere || lock.held) return false;
        lock.cycles++;
        return (lock.held = true);
      },
      release: () => void (lock.held = false),
    },
    clock,
    newId: () => `id${++ids}`,
  };
  return { store, clock, lock, ports, writesUnderLock };
}

const noOwner = () => null;
const formulasToday = (env: ReturnType<typeof setup>) => usageOf(env.ports, null, null).formulas.today;
const pendingKeys = (env: ReturnType<typeof setup>) =>
  Object.keys(env.store.data).filter((key) => key.startsWith('USAGE_FORMULAS_'));

describe("the formulas' spending with a budget", () => {
  it('reserves what the budget still allows, under the lock, and settles to what was spent', () => {
    const env = setup();
    const spending = formulaSpending(env.ports, 10, noOwner);
    expect(spending.reserve(8)).toBe(8);
    expect(spending.reserve(8)).toBe(2);
    expect(spending.reserve(1)).toBe(0);
    expect(spending.ledgerBusy()).toBe(false);
    spending.settle(8, 3);
    expect(formulasToday(env)).toBe(5);
    expect(spending.reserve(10)).toBe(5);
    expect(env.writesUnderLock.every(([, locked]) => locked)).toBe(true);
  });

  it('sends nothing when another execution keeps the lock, says so, and writes nothing', () => {
    const env = setup();
    env.lock.heldElsewhere = true;
    const spending = formulaSpending(env.ports, 100, noOwner);
    expect(spending.reserve(4)).toBe(0);
    expect(spending.ledgerBusy()).toBe(true);
    expect(env.store.data).toEqual({});
    env.lock.heldElsewhere = false;
    expect(spending.reserve(4)).toBe(4);
    expect(spending.ledgerBusy()).toBe(false);
  });

  it('gives back an unspent reservation in its own entry when the lock is busy, on the day it was made', () => {
    const env = setup();
    const spending = formulaSpending(env.ports, 100, noOwner);
    expect(spending.reserve(20)).toBe(20);
    env.lock.heldElsewhere = true;
    spending.settle(20, 6);
    expect(formulasToday(env)).toBe(6);
    expect(env.writesUnderLock).toEqual([
      ['USAGE_FORMULAS', true],
      ['USAGE_BUDGET', true],
      ['USAGE_FORMULAS_id1', false],
    ]);
    // The next locked reservation folds the entry into the record.
    env.lock.heldElsewhere = false;
    expect(formulaSpending(env.ports, 100, noOwner).reserve(94)).toBe(94);
    expect(pendingKeys(env)).toEqual([]);
    expect(formulasToday(env)).toBe(100);
  });

  it('counts entries written without the lock against the budget', () => {
    const env = setup();
    env.lock.heldElsewhere = true;
    formulaSpending(env.ports, null, noOwner).settle(0, 7);
    env.lock.heldElsewhere = false;
    expect(formulaSpending(env.ports, 10, noOwner).reserve(5)).toBe(3);
  });

  it('sends nothing when the full store cannot count, and goes on without a budget', () => {
    const full = memoryStore();
    full.set = () => {
      throw new Error('You have exceeded the property storage quota.');
    };
    expect(formulaSpending(setup(full).ports, 100, noOwner).reserve(5)).toBe(0);
    expect(formulaSpending(setup(full).ports, null, noOwner).reserve(5)).toBe(5);
    expect(() => formulaSpending(setup(full).ports, null, noOwner).settle(5, 5)).not.toThrow();
  });
});

describe("the formulas' spending without a budget", () => {
  it('reserves without a call, and counts what was spent in an entry of its own, with no lock', () => {
    const env = setup();
    const spending = formulaSpending(env.ports, null, noOwner);
    expect(spending.reserve(40)).toBe(40);
    spending.settle(40, 9);
    spending.settle(40, 0);
    expect(env.lock.cycles).toBe(0);
    expect(pendingKeys(env)).toHaveLength(1);
    expect(env.store.data.USAGE_FORMULAS).toBeUndefined();
    expect(formulasToday(env)).toBe(9);
  });

  it(`folds the entries into the record once there are ${FOLD_AT}, when the lock is free at once`, () => {
    const env = setup();
    for (let i = 1; i < FOLD_AT; i++) formulaSpending(env.ports, null, noOwner).settle(0, 2);
    expect(pendingKeys(env)).toHaveLength(FOLD_AT - 1);
    env.lock.heldElsewhere = true;
    formulaSpending(env.ports, null, noOwner).settle(0, 2);
    expect(pendingKeys(env)).toHaveLength(FOLD_AT);
    env.lock.heldElsewhere = false;
    formulaSpending(env.ports, null, noOwner).settle(0, 1);
    expect(pendingKeys(env)).toEqual([]);
    expect(env.lock.cycles).toBe(1);
    expect(env.writesUnderLock.filter(([key]) => key === 'USAGE_FORMULAS')).toEqual([['USAGE_FORMULAS', true]]);
    expect(usageOf(env.ports, null, null).formulas).toEqual({ today: 2 * FOLD_AT + 1, month: 2 * FOLD_AT + 1 });
  });

  it('keeps an entry written while it folds: only the entries it read are removed', () => {
    const env = setup();
    for (let i = 1; i < FOLD_AT; i++) formulaSpending(env.ports, null, noOwner).settle(0, 1);
    const getAll = env.ports.store.getAll;
    env.ports.store.getAll = () => {
      const entries = getAll();
      // Under the lock, after the folding formula read the store: another formula counts.
      if (env.lock.held && pendingKeys(env).length > 0) {
        env.ports.store.getAll = getAll;
        formulaSpending(env.ports, null, noOwner).settle(0, 5);
      }
      return entries;
    };
    formulaSpending(env.ports, null, noOwner).settle(0, 1);
    expect(pendingKeys(env)).toHaveLength(1);
    expect(formulasToday(env)).toBe(FOLD_AT + 5);
  });

  it('counts in the record when the store is too full for an entry of its own', () => {
    const env = setup();
    const set = env.ports.store.set;
    env.ports.store.set = (key, value) => {
      if (key.startsWith('USAGE_FORMULAS_')) throw new Error('You have exceeded the property storage quota.');
      set(key, value);
    };
    formulaSpending(env.ports, null, noOwner).settle(0, 4);
    expect(env.lock.cycles).toBe(1);
    expect(formulasToday(env)).toBe(4);
  });

  it('loses no count when another formula runs between its read and its write', () => {
    const env = setup();
    let nested = false;
    // Another formula runs to its end while this one holds the lock, between its read and its write.
    const getAll = env.ports.store.getAll;
    env.ports.store.getAll = () => {
      const entries = getAll();
      if (!nested) {
        nested = true;
        formulaSpending(env.ports, null, noOwner).settle(0, 5);
      }
      return entries;
    };
    formulaSpending(env.ports, null, noOwner).settle(0, 2);
    expect(formulasToday(env)).toBe(7);
  });

  it('counts an entry of a past day in its month only', () => {
    const env = setup();
    env.lock.heldElsewhere = true;
    formulaSpending(env.ports, null, noOwner).settle(0, 6);
    env.clock.time = APRIL_10 + 24 * 60 * 60 * 1000;
    expect(usageOf(env.ports, null, null).formulas).toEqual({ today: 0, month: 6 });
  });
});

describe("a user's own spending", () => {
  it('adds up per user, and a first spend of the month drops the records of users idle this month', () => {
    const env = setup();
    recordOwnSpend(env.ports, 'ann', 3);
    recordOwnSpend(env.ports, 'ann', 4);
    recordOwnSpend(env.ports, 'bob', 0);
    expect(usageOf(env.ports, 'ann', null).mine).toMatchObject({ today: 7, month: 7 });
    expect(usageOf(env.ports, 'bob', null).mine).toMatchObject({ today: 0 });

    env.clock.time = Date.UTC(2026, 4, 2);
    recordOwnSpend(env.ports, 'bob', 2);
    expect(Object.keys(env.store.data)).toEqual(['USAGE_USER_bob']);
  });
});

describe('the budget the usage panel shows', () => {
  it("shows the owner their current budget, and others the owner's as the formulas last spent under it", () => {
    const env = setup();
    const spending = formulaSpending(env.ports, 50, () => 'owner');
    spending.settle(spending.reserve(16), 16);
    expect(usageOf(env.ports, 'owner', 80)).toMatchObject({ formulas: { today: 16 }, formulaBudget: 80 });
    expect(usageOf(env.ports, 'teammate', 500).formulaBudget).toBe(50);
    expect(usageOf(env.ports, null, null).formulaBudget).toBe(50);
  });

  it('follows a budget the owner removed, once their formulas spend without one', () => {
    const env = setup();
    formulaSpending(env.ports, 50, () => 'owner').reserve(4);
    formulaSpending(env.ports, null, () => 'owner').settle(0, 1);
    expect(usageOf(env.ports, 'teammate', 500).formulaBudget).toBeNull();
  });

  it("takes the caller's own budget while no formula has spent; an owner with no id is not the caller", () => {
    const env = setup();
    expect(usageOf(env.ports, 'someone', 30).formulaBudget).toBe(30);
    formulaSpending(env.ports, 10, noOwner).settle(0, 2);
    expect(usageOf(env.ports, 'someone', 30).formulaBudget).toBe(10);
    expect(usageOf(env.ports, null, 30).formulaBudget).toBe(10);
    env.store.data.USAGE_BUDGET = 'not json';
    expect(usageOf(env.ports, 'someone', null).formulaBudget).toBeNull();
  });

  it('reads the owner only when the ledger is written, and notes them once while nothing changes', () => {
    const env = setup();
    let reads = 0;
    const spending = formulaSpending(env.ports, 20, () => (reads++, 'owner'));
    spending.settle(spending.reserve(0), 0);
    expect(reads).toBe(0);
    spending.settle(spending.reserve(3), 3);
    const noteWrites = () => env.writesUnderLock.filter(([key]) => key === 'USAGE_BUDGET');
    expect(noteWrites()).toEqual([['USAGE_BUDGET', true]]);
    spending.settle(spending.reserve(2), 2);
    expect(noteWrites()).toHaveLength(1);
  });
});
