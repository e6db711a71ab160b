// In-memory implementations of the core ports for unit tests.
import type { Cache, KeyValue } from '../../src/core/ports';

export function memoryStore(initial: Record<string, string> = {}): KeyValue & { data: Record<string, string> } {
  const data: Record<string, string> = { ...initial };
  return {
    data,
    get: (key) => (key in data ? data[key] : null),
    set: (key, value) => void (data[key] = value),
    delete: (key) => void delete data[key],
    getAll: () => ({ ...data }),
  };
}

/** A Cache without expiry. */
export function memoryCache(): Cache & { data: Record<string, string> } {
  const data: Record<string, string> = {};
  return {
    data,
    getAll: (keys) => Object.fromEntries(keys.filter((key) => key in data).map((key) => [key, data[key]])),
    putAll: (values) => void Object.assign(data, values),
    remove: (key) => void delete data[key],
  };
}
