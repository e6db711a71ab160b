// One read of a property store serves a whole step: on Google each read is a round trip, and reads and writes count
// against the daily properties quota that an open sidebar must not spend idly (docs/platform.md).
import type { KeyValue } from './ports';

/**
 * The store as read whole on first use: later reads come from that copy, writes go to the store and the copy, and a
 * write that would change nothing is not sent. For a step that may work from its first read (take it under the lock
 * where other executions write the same keys).
 */
export function readOnce(store: KeyValue): KeyValue {
  let copy: Record<string, string> | null = null;
  const entries = (): Record<string, string> => {
    if (copy === null) copy = { ...store.getAll() };
    return copy;
  };
  return {
    get: (key) => (Object.prototype.hasOwnProperty.call(entries(), key) ? entries()[key] : null),
    getAll: () => ({ ...entries() }),
    set(key, value) {
      if (entries()[key] === value) return;
      store.set(key, value);
      entries()[key] = value;
    },
    delete(key) {
      if (!Object.prototype.hasOwnProperty.call(entries(), key)) return;
      store.delete(key);
      delete entries()[key];
    },
  };
}
