// Caches API answers in the document cache, never the script cache, which every customer shares (docs/platform.md).
// Keys are hashed to fit the 250-character key limit; values over the 100 KB limit are split across entries.
import type { Cache, Hash } from './ports';
import { splitByBytes } from './text';

/** Six hours, the longest Apps Script keeps an entry. */
export const CACHE_TTL_SECONDS = 6 * 60 * 60;

/** The most one cache value holds: below the 100 KB limit, in UTF-8 bytes, with room for a part header. */
export const CACHE_VALUE_BYTES = 90 * 1024;
const KEY_PREFIX = 'se1:';

/** What identifies one answer: who it is asked of (base URL), which operation, and the normalised input. */
export interface CacheIdentity {
  baseUrl: string;
  operation: string;
  input: string;
}

export class ResponseCache {
  constructor(
    private readonly cache: Cache,
    private readonly hash: Hash,
  ) {}

  keyOf(identity: CacheIdentity): string {
    return KEY_PREFIX + this.hash([identity.baseUrl, identity.operation, identity.input].join('\n'));
  }

  /** Reads many answers with as few cache calls as possible: one for the heads, one for any split parts. */
  getMany(keys: string[]): Map<string, string> {
    const found = new Map<string, string>();
    if (keys.length === 0) return found;
    const heads = this.cache.getAll(keys);
    const partKeys: string[] = [];
    for (const key of keys) {
      const head = heads[key];
      if (head === undefined) continue;
      const count = splitCount(head);
      if (count === 0) found.set(key, head.slice(1));
      else for (let i = 1; i <= count; i++) partKeys.push(partKey(key, i));
    }
    if (partKeys.length > 0) {
      const parts = this.cache.getAll(partKeys);
      for (const key of keys) {
        const count = heads[key] === undefined ? 0 : splitCount(heads[key]);
        if (count === 0) continue;
        const pieces: string[] = [];
        for (let i = 1; i <= count; i++) pieces.push(parts[partKey(key, i)]);
        // A part evicted on its own makes the whole answer unusable.
        if (pieces.every((piece) => piece !== undefined)) found.set(key, pieces.join(''));
      }
    }
    return found;
  }

  putMany(entries: Map<string, string>): void {
    const values: Record<string, string> = {};
    for (const [key, text] of entries) {
      const pieces = splitByBytes(text, CACHE_VALUE_BYTES);
      if (pieces.length === 1) {
        values[key] = WHOLE + text;
      } else {
        values[key] = SPLIT + pieces.length;
        pieces.forEach((piece, i) => (values[partKey(key, i + 1)] = piece));
      }
    }
    if (Object.keys(values).length > 0) this.cache.putAll(values, CACHE_TTL_SECONDS);
  }
}

// A head entry is either "=" + the whole text, or "#" + the number of parts stored under key#1, key#2, ….
const WHOLE = '=';
const SPLIT = '#';

function splitCount(head: string): number {
  return head.startsWith(SPLIT) ? Number(head.slice(1)) || 0 : 0;
}

function partKey(key: string, index: number): string {
  return `${key}#${index}`;
}
