import { readOnce } from '../../src/core/store-snapshot';
import { memoryStore } from '../support/memory';

/** A store that counts its reads and writes. */
function countingStore(initial: Record<string, string>) {
  const store = memoryStore(initial);
  const counts = { reads: 0, writes: 0 };
  return {
    counts,
    data: store.data,
    store: {
      get: (key: string) => (counts.reads++, store.get(key)),
      getAll: () => (counts.reads++, store.getAll()),
      set: (key: string, value: string) => (counts.writes++, store.set(key, value)),
      delete: (key: string) => (counts.writes++, store.delete(key)),
    },
  };
}

describe('readOnce', () => {
  it('reads the store once, however often it is read, and only when first read', () => {
    const { store, counts } = countingStore({ a: '1', b: '2' });
    const once = readOnce(store);
    expect(counts.reads).toBe(0);
    expect(once.get('a')).toBe('1');
    expect(once.get('missing')).toBeNull();
    expect(once.get('toString')).toBeNull();
    expect(once.getAll()).toEqual({ a: '1', b: '2' });
    expect(counts.reads).toBe(1);
  });

  it('writes through, sees its own writes, and sends no write that changes nothing', () => {
    const { store, counts, data } = countingStore({ a: '1' });
    const once = readOnce(store);
    once.set('a', '1');
    once.delete('missing');
    expect(counts.writes).toBe(0);
    once.set('a', '2');
    once.set('b', '3');
    once.delete('b');
    expect(counts.writes).toBe(3);
    expect(once.getAll()).toEqual({ a: '2' });
    expect(data).toEqual({ a: '2' });
    const copy = once.getAll();
    copy.a = 'changed by the caller';
    expect(once.get('a')).toBe('2');
  });
});
