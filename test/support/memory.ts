// In-memory implementations of the core ports for unit tests.
import type { KeyValue } from '../../src/core/ports';

export function memoryStore(initial: Record<string, string> = {}): KeyValue & { data: Record<string, string> } {
  const data: Record<string, string> = { ...initial };
  return {
    data,
    get: (key) => (key in data ? data[key] : null),
    set: (key, value) => void (data[key] = value),
    delete: (key) => void delete data[key],
    keys: () => Object.keys(data),
  };
}
