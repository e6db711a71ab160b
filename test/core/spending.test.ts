// The document's credits ledger in a memory store: formulas reserve under the lock and settle to what they spent,
// within the owner's daily budget; users' own records; the usage view.
import { formulaSpending, recordOwnSpend, usageOf, type LedgerPorts } from '../../src/core/spending';
import type { KeyValue } from '../../src/core/ports';
import { memoryStore } from '../support/memory';
import { FakeClock } from './api/fakes';

function setup(store: KeyValue & { data: Record<string, string> } = memoryStore()) {
  const clock = new FakeClock(Date.UTC(2026, 3, 10, 12));
  const lock = { heldElsewhere: false, held: false, waits: [] as number[] };
  const writesUnderLock: boolean[] = [];
  const counted: KeyValue = {
    ...store,
    set: (key, value) => {
      writesUnderLock.push(lock.held);
      store.set(key, value);
    },
  };
  const ports: LedgerPorts = {
    store: counted,
    lock: {
      tryLock: (waitMs) => {
        lock.waits.push(waitMs);
        return !lock.heldElsewhere && (lock.held = true);
      },
      release: () => void (lock.held = false),
    },
    clock,
  };
  return { store, clock, lock, ports, writesUnderLock };
}

describe("the formulas' spending", () => {
  it('reserves what the budget still allows, under the lock, and settles to what was spent', () => {
    const env = setup();
    const spending = formulaSpending(env.ports, 10);
    expect(spending.reserve(8)).toBe(8);
    expect(spending.reserve(8)).toBe(2);
    expect(spending.reserve(1)).toBe(0);
    spending.settle(8, 3);
    expect(usageOf(env.ports, null).formulas).toMatchObject({ today: 5 });
    expect(spending.reserve(10)).toBe(5);
    expect(env.writesUnderLock.every(Boolean)).toBe(true);
  });

  it('counts without the lock when another execution keeps it, rather than fail the formula', () => {
    const env = setup();
    env.lock.heldElsewhere = true;
    expect(formulaSpending(env.ports, null).reserve(4)).toBe(4);
    expect(usageOf(env.ports, null).formulas).toMatchObject({ today: 4 });
  });

  it('sends nothing under a budget when the full store cannot count, and goes on without one', () => {
    const full = memoryStore();
    full.set = () => {
      throw new Error('You have exceeded the property storage quota.');
    };
    expect(formulaSpending(setup(full).ports, 100).reserve(5)).toBe(0);
    expect(formulaSpending(setup(full).ports, null).reserve(5)).toBe(5);
  });
});

describe("a user's own spending", () => {
  it('adds up per user, and a first spend of the month drops the records of users idle this month', () => {
    const env = setup();
    recordOwnSpend(env.ports, 'ann', 3);
    recordOwnSpend(env.ports, 'ann', 4);
    recordOwnSpend(env.ports, 'bob', 0);
    expect(usageOf(env.ports, 'ann').mine).toMatchObject({ today: 7, month: 7 });
    expect(usageOf(env.ports, 'bob').mine).toMatchObject({ today: 0 });

    env.clock.time = Date.UTC(2026, 4, 2);
    recordOwnSpend(env.ports, 'bob', 2);
    expect(Object.keys(env.store.data)).toEqual(['USAGE_USER_bob']);
  });
});
