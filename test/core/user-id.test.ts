import { currentUserId, knownUserId, type UserIdPorts } from '../../src/core/user-id';
import type { KeyValue } from '../../src/core/ports';
import { memoryStore } from '../support/memory';

function ports(store: KeyValue, ids = ['first', 'second']) {
  const lock = { heldElsewhere: false, held: false, tries: 0 };
  const userIdPorts: UserIdPorts = {
    store,
    lock: {
      tryLock: () => {
        lock.tries++;
        return !lock.heldElsewhere && (lock.held = true);
      },
      release: () => void (lock.held = false),
    },
    newId: () => ids.shift()!,
  };
  return { lock, ports: userIdPorts };
}

describe("a user's id", () => {
  it('is created once, under the user lock, kept in their properties, and the same afterwards', () => {
    const store = memoryStore();
    const { lock, ports: userIdPorts } = ports(store);
    expect(knownUserId(store)).toBeNull();
    expect(currentUserId(userIdPorts)).toBe('first');
    expect(lock).toMatchObject({ tries: 1, held: false });
    expect(currentUserId(userIdPorts)).toBe('first');
    expect(lock.tries).toBe(1);
    expect(knownUserId(store)).toBe('first');
    expect(Object.values(store.data)).toEqual(['first']);
  });

  it('is the one users had before, under the key research began with', () => {
    const store = memoryStore({ RESEARCH_USER_ID: 'older' });
    expect(currentUserId(ports(store, ['new']).ports)).toBe('older');
  });

  it('reads again under the lock: an id created since the caller read their properties is kept', () => {
    const seen = memoryStore();
    const store = memoryStore({ RESEARCH_USER_ID: 'made-meanwhile' });
    expect(currentUserId(ports(store, ['new']).ports, seen)).toBe('made-meanwhile');
    expect(store.data).toEqual({ RESEARCH_USER_ID: 'made-meanwhile' });
  });

  it('creates nothing when the lock stays taken, and says to try again', () => {
    const store = memoryStore();
    const { lock, ports: userIdPorts } = ports(store);
    lock.heldElsewhere = true;
    expect(() => currentUserId(userIdPorts)).toThrow('try again in a moment');
    expect(store.data).toEqual({});
  });
});
