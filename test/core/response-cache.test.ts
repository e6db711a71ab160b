import { createHash } from 'node:crypto';
import { ResponseCache } from '../../src/core/response-cache';
import type { Cache } from '../../src/core/ports';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function memoryCache() {
  const data: Record<string, string> = {};
  const calls = { getAll: 0, putAll: 0, ttl: [] as number[] };
  const cache: Cache = {
    getAll(keys) {
      calls.getAll++;
      const found: Record<string, string> = {};
      for (const key of keys) if (key in data) found[key] = data[key];
      return found;
    },
    putAll(values, ttl) {
      calls.putAll++;
      calls.ttl.push(ttl);
      for (const [key, value] of Object.entries(values)) {
        expect(key.length).toBeLessThanOrEqual(250);
        expect(Buffer.byteLength(value, 'utf8')).toBeLessThanOrEqual(100 * 1024);
        data[key] = value;
      }
    },
    remove: (key) => void delete data[key],
  };
  return { cache, data, calls };
}

describe('ResponseCache', () => {
  const identity = {
    baseUrl: 'https://api.enrich.example',
    operation: 'scrape',
    input: 'https://www.network.com/in/jane',
  };

  it('builds short keys that differ by base URL, operation and input', () => {
    const { cache } = memoryCache();
    const responses = new ResponseCache(cache, sha256);
    const key = responses.keyOf(identity);
    // A prefix and a hex SHA-256, whatever the input's length.
    expect(key).toMatch(/^se1:[0-9a-f]{64}$/);
    expect(responses.keyOf({ ...identity, baseUrl: 'https://other.example' })).not.toBe(key);
    expect(responses.keyOf({ ...identity, operation: 'contacts' })).not.toBe(key);
    expect(responses.keyOf({ ...identity, input: 'x'.repeat(5000) })).toHaveLength(key.length);
  });

  it('round-trips small and split values with two reads at most', () => {
    const { cache, calls } = memoryCache();
    const responses = new ResponseCache(cache, sha256);
    const small = JSON.stringify({ name: 'Jane' });
    const large = JSON.stringify({ summary: 'é🙂'.repeat(80_000) });
    const keys = ['a', 'b', 'missing'].map((input) => responses.keyOf({ ...identity, input }));
    responses.putMany(
      new Map([
        [keys[0], small],
        [keys[1], large],
      ]),
    );
    // README: answers are kept for 6 hours (21,600 s, the longest Apps Script keeps an entry).
    expect(calls.ttl).toEqual([21_600]);
    calls.getAll = 0;
    const found = responses.getMany(keys);
    expect(found.get(keys[0])).toBe(small);
    expect(found.get(keys[1])).toBe(large);
    expect(found.has(keys[2])).toBe(false);
    expect(calls.getAll).toBe(2);
  });

  it('treats an answer with an evicted part as missing', () => {
    const { cache, data } = memoryCache();
    const responses = new ResponseCache(cache, sha256);
    const key = responses.keyOf(identity);
    responses.putMany(new Map([[key, 'x'.repeat(300_000)]]));
    delete data[`${key}#2`];
    expect(responses.getMany([key]).size).toBe(0);
  });
});
