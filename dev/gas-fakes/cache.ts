// CacheService: expiring string caches (script, document, per user) on the fake clock, with the platform's limits.
import type { GasShape } from './gas-shape';
import { utf8Bytes, type Runtime } from './runtime';

export const MAX_CACHE_KEY_CHARS = 250;
export const MAX_CACHE_VALUE_BYTES = 100 * 1024;
export const DEFAULT_CACHE_TTL_SECONDS = 600;
export const MAX_CACHE_TTL_SECONDS = 6 * 60 * 60;
export const MAX_CACHE_ITEMS = 1000;

interface Entry {
  value: string;
  expiresAt: number;
}

/** One cache's entries, oldest write first (a Map keeps insertion order; a re-put moves the key to the end). */
export type CacheStore = Map<string, Entry>;

export class FakeCache implements GasShape<
  GoogleAppsScript.Cache.Cache,
  'get' | 'getAll' | 'put' | 'putAll' | 'remove' | 'removeAll'
> {
  constructor(
    private readonly runtime: Runtime,
    private readonly store: CacheStore,
  ) {}

  get(key: string): string | null {
    this.runtime.use('cache', 'Cache.get');
    return this.live(this.checkKey(key));
  }

  getAll(keys: string[]): Record<string, string> {
    this.runtime.use('cache', 'Cache.getAll');
    const found: Record<string, string> = {};
    for (const key of keys) {
      const value = this.live(this.checkKey(key));
      if (value !== null) found[key] = value;
    }
    return this.runtime.toScript(found);
  }

  put(key: string, value: string, expirationInSeconds: number = DEFAULT_CACHE_TTL_SECONDS): void {
    this.runtime.use('cache', 'Cache.put');
    this.putEntries([[key, value]], expirationInSeconds);
  }

  putAll(values: Record<string, string>, expirationInSeconds: number = DEFAULT_CACHE_TTL_SECONDS): void {
    this.runtime.use('cache', 'Cache.putAll');
    this.putEntries(
      Object.keys(values).map((key) => [key, values[key]]),
      expirationInSeconds,
    );
  }

  remove(key: string): void {
    this.runtime.use('cache', 'Cache.remove');
    this.store.delete(this.checkKey(key));
  }

  removeAll(keys: string[]): void {
    this.runtime.use('cache', 'Cache.removeAll');
    for (const key of keys) this.store.delete(this.checkKey(key));
  }

  private putEntries(entries: Array<[string, unknown]>, expirationInSeconds: number): void {
    const checked = entries.map(([key, value]): [string, string] => {
      const text = String(value);
      if (utf8Bytes(text) > MAX_CACHE_VALUE_BYTES) throw this.runtime.exception('Argument too large: value');
      return [this.checkKey(key), text];
    });
    // Apps Script silently caps the lifetime at 6 hours.
    const ttlMs = Math.min(expirationInSeconds, MAX_CACHE_TTL_SECONDS) * 1000;
    const expiresAt = this.runtime.clock.now() + ttlMs;
    for (const [key, value] of checked) {
      this.store.delete(key);
      this.store.set(key, { value, expiresAt });
    }
    for (const key of this.store.keys()) {
      if (this.store.size <= MAX_CACHE_ITEMS) break;
      this.store.delete(key);
    }
  }

  private checkKey(key: unknown): string {
    const text = String(key);
    if (text.length > MAX_CACHE_KEY_CHARS) throw this.runtime.exception('Argument too large: key');
    return text;
  }

  private live(key: string): string | null {
    const entry = this.store.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.runtime.clock.now()) {
      this.store.delete(key);
      return null;
    }
    return entry.value;
  }
}

export class CacheStores {
  readonly script: CacheStore = new Map();
  readonly document: CacheStore = new Map();
  private readonly users = new Map<string, CacheStore>();

  user(email: string): CacheStore {
    let store = this.users.get(email);
    if (!store) this.users.set(email, (store = new Map()));
    return store;
  }
}

export class FakeCacheService implements GasShape<
  GoogleAppsScript.Cache.CacheService,
  'getScriptCache' | 'getDocumentCache' | 'getUserCache'
> {
  constructor(
    private readonly runtime: Runtime,
    private readonly stores: CacheStores,
  ) {}

  /** Shared by every user of the add-on in every document. */
  getScriptCache(): FakeCache {
    this.runtime.use('cache', 'CacheService.getScriptCache');
    return new FakeCache(this.runtime, this.stores.script);
  }

  /** Shared by the people of this spreadsheet. */
  getDocumentCache(): FakeCache {
    this.runtime.use('cache', 'CacheService.getDocumentCache');
    return new FakeCache(this.runtime, this.stores.document);
  }

  /** The running user's cache; in a custom function, like user properties, the owner's. */
  getUserCache(): FakeCache {
    const execution = this.runtime.use('cache', 'CacheService.getUserCache');
    return new FakeCache(this.runtime, this.stores.user(this.runtime.storeUser(execution)));
  }
}
