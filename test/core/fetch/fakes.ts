// In-memory ports for the fetch engine's tests: a cache that enforces the platform's key and value limits, keeps about
// as many items as Apps Script does (dropping the oldest writes first) and counts its calls; an Http whose fetchAll,
// like UrlFetchApp's, fails as a whole when one connection drops, after the service has answered (and billed) the
// others.
import { createHash } from 'node:crypto';
import type { Cache, Hash, Http, HttpOutcome, HttpRequest } from '../../../src/core/ports';
import type { Settings } from '../../../src/core/settings';
import type { FetchContext } from '../../../src/core/fetch/engine';
import { API_KEY, BASE_URL, FakeClock, json, queryOf } from '../api/fakes';
import { profileRecord, scrapedProfile } from '../fields/samples';

export const sha256: Hash = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

export class CountingCache implements Cache {
  readonly data = new Map<string, { value: string; expiresAt: number }>();
  calls = { getAll: 0, putAll: 0 };

  constructor(
    private readonly clock: { now(): number },
    /** Apps Script keeps about 1,000 items and drops the ones written longest ago first. */
    private readonly maxItems = 1_000,
  ) {}

  getAll(keys: string[]): Record<string, string> {
    this.calls.getAll++;
    const found: Record<string, string> = {};
    for (const key of keys) {
      expect(key.length).toBeLessThanOrEqual(250);
      const entry = this.data.get(key);
      if (entry !== undefined && entry.expiresAt > this.clock.now()) found[key] = entry.value;
    }
    return found;
  }

  putAll(values: Record<string, string>, ttlSeconds: number): void {
    this.calls.putAll++;
    for (const [key, value] of Object.entries(values)) {
      expect(key.length).toBeLessThanOrEqual(250);
      expect(Buffer.byteLength(value, 'utf8')).toBeLessThanOrEqual(100 * 1024);
      this.data.delete(key);
      this.data.set(key, { value, expiresAt: this.clock.now() + Math.min(ttlSeconds, 21_600) * 1000 });
    }
    for (const key of this.data.keys()) {
      if (this.data.size <= this.maxItems) break;
      this.data.delete(key);
    }
  }

  remove(key: string): void {
    this.data.delete(key);
  }

  resetCalls(): void {
    this.calls = { getAll: 0, putAll: 0 };
  }
}

/** The sample answer of a request: a profile named after its URL's slug. */
export function profileAnswer(request: HttpRequest): HttpOutcome {
  const slug = (queryOf(request).network_url ?? '').split('/in/')[1] ?? '';
  if (request.url.includes('/api/enrich/network')) return json(200, { ...profileRecord, full_name: slug });
  return json(200, { ...scrapedProfile, profile: { ...scrapedProfile.profile, name: slug } });
}

/**
 * A service behind connections that drop: each request's connection drops with `dropRate` (random() decides), and
 * one drop fails the whole fetchAll, as UrlFetchApp does, after the service answered and billed the others.
 */
export class DroppingHttp implements Http {
  readonly batches: HttpRequest[][] = [];
  /** Requests the service answered (and billed), whether or not the answer arrived. */
  answered = 0;
  /** Virtual time each fetchAll takes. */
  batchMs = 1_000;

  constructor(
    private readonly clock: FakeClock,
    private readonly dropRate: number,
    private readonly random: () => number,
    private readonly respond: (request: HttpRequest) => HttpOutcome = profileAnswer,
  ) {}

  fetchAll(requests: HttpRequest[]): HttpOutcome[] {
    this.batches.push(requests);
    this.clock.time += this.batchMs;
    const dropped = requests.map(() => this.random() < this.dropRate);
    this.answered += dropped.filter((drop) => !drop).length;
    if (dropped.some((drop) => drop)) {
      return requests.map((request) => ({ networkError: `Address unavailable: ${request.url}` }));
    }
    return requests.map((request) => this.respond(request));
  }
}

/** A seeded random in [0, 1), so a test's drops are the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export function fetchContext(
  http: Http,
  clock: FakeClock,
  cache: Cache,
  settings: Partial<Settings> = {},
): FetchContext {
  return {
    settings: { apiKey: API_KEY, baseUrl: BASE_URL, tier: '3', formulaDailyBudget: null, ...settings },
    http,
    clock,
    cache,
    hash: sha256,
  };
}

export const profileUrl = (slug: string) => `https://www.network.com/in/${slug}`;
