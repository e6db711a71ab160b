import { checkKeyWithService, KEY_CHECK_JOB_ID, keyHint, readSettings, storeSettings } from '../../src/core/settings';
import type { HttpOutcome } from '../../src/core/ports';
import { UserError } from '../../src/core/user-error';
import { memoryStore } from '../support/memory';
import { json, setup } from './api/fakes';

const DEFAULT_URL = 'https://api.enrich.example';
const KEY = 'lk_live_abcdefgh12349f2c';

/** A key check that accepts every key, and records what it was asked. */
const checked: Array<[string, string]> = [];
const acceptKey = (apiKey: string, baseUrl: string) => {
  checked.push([apiKey, baseUrl]);
  return null;
};
beforeEach(() => checked.splice(0));

describe('settings', () => {
  it('stores a valid key and shows only its hint', () => {
    const store = memoryStore();
    const view = storeSettings(store, { apiKey: `  ${KEY} ` }, DEFAULT_URL, acceptKey);
    expect(view).toEqual({
      hasKey: true,
      keyHint: 'lk_…9f2c',
      baseUrl: DEFAULT_URL,
      tier: 'free',
      formulaDailyBudget: null,
    });
    expect(store.data.API_KEY).toBe(KEY);
    expect(JSON.stringify(view)).not.toContain('abcdefgh');
  });

  it('removes the key when given an empty one', () => {
    const store = memoryStore({ API_KEY: KEY });
    expect(storeSettings(store, { apiKey: '' }, DEFAULT_URL, acceptKey).hasKey).toBe(false);
    expect(Object.keys(store.getAll())).toEqual([]);
  });

  it.each([
    ['a key without the lk_ prefix', { apiKey: 'sk_abcdefgh1234' }],
    ['a key with spaces', { apiKey: 'lk_abc defgh1234' }],
    ['a key that is too short', { apiKey: 'lk_abc' }],
    ['a non-text key', { apiKey: 42 }],
    ['an http base URL', { baseUrl: 'http://api.enrich.example' }],
    ['a base URL with a query', { baseUrl: 'https://api.enrich.example/?x=1' }],
    ['a base URL with credentials', { baseUrl: 'https://user:pw@api.enrich.example' }],
    ['an unknown tier', { tier: '4' }],
    ['an unknown setting', { colour: 'blue' }],
    ['not an object', 'lk_abcdefgh1234'],
  ])('rejects %s with one sentence and stores nothing', (_name, input) => {
    const store = memoryStore({ API_TIER: '2' });
    let thrown: unknown;
    try {
      storeSettings(store, input, DEFAULT_URL, acceptKey);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UserError);
    const message = (thrown as Error).message;
    expect(message).toMatch(/^[A-Z"].*\.$/);
    expect(message).not.toContain('abcdefgh');
    expect(store.data).toEqual({ API_TIER: '2' });
  });

  it('stores nothing when one of several values is bad', () => {
    const store = memoryStore();
    expect(() => storeSettings(store, { apiKey: KEY, tier: 'gold' }, DEFAULT_URL, acceptKey)).toThrow(UserError);
    expect(Object.keys(store.getAll())).toEqual([]);
  });

  it('accepts localhost development URLs and trims trailing slashes', () => {
    const store = memoryStore();
    expect(storeSettings(store, { baseUrl: 'http://127.0.0.1:8080/' }, DEFAULT_URL, acceptKey).baseUrl).toBe(
      'http://127.0.0.1:8080',
    );
    expect(storeSettings(store, { baseUrl: 'http://localhost:3000' }, DEFAULT_URL, acceptKey).baseUrl).toBe(
      'http://localhost:3000',
    );
    expect(storeSettings(store, { baseUrl: 'https://eu.api.enrich.example/v2' }, DEFAULT_URL, acceptKey).baseUrl).toBe(
      'https://eu.api.enrich.example/v2',
    );
    expect(storeSettings(store, { baseUrl: '' }, DEFAULT_URL, acceptKey).baseUrl).toBe(DEFAULT_URL);
  });

  it('accepts numeric tiers and falls back to free for a corrupt stored tier', () => {
    const store = memoryStore();
    expect(storeSettings(store, { tier: 3 }, DEFAULT_URL, acceptKey).tier).toBe('3');
    store.set('API_TIER', 'platinum');
    expect(readSettings(store, DEFAULT_URL).tier).toBe('free');
  });

  it('hints with the last four characters', () => {
    expect(keyHint('lk_zzzzzzzz0042')).toBe('lk_…0042');
  });

  it('checks a new key, with the base URL saved with it, before storing anything', () => {
    const store = memoryStore({ API_BASE_URL: 'https://old.enrich.example' });
    storeSettings(store, { apiKey: KEY, baseUrl: 'https://eu.enrich.example' }, DEFAULT_URL, acceptKey);
    expect(checked).toEqual([[KEY, 'https://eu.enrich.example']]);
    storeSettings(store, { apiKey: KEY, tier: '2' }, DEFAULT_URL, acceptKey);
    storeSettings(store, { apiKey: '' }, DEFAULT_URL, acceptKey);
    expect(checked).toHaveLength(1);
    const rejected = () => {
      throw new UserError('rejected');
    };
    expect(() => storeSettings(store, { apiKey: 'lk_other_key_000000', tier: '3' }, DEFAULT_URL, rejected)).toThrow(
      'rejected',
    );
    expect(store.data).toEqual({ API_BASE_URL: 'https://eu.enrich.example', API_TIER: '2' });
  });

  it('stores a key it could not check, and returns the warning with the settings', () => {
    const store = memoryStore();
    const view = storeSettings(store, { apiKey: KEY }, DEFAULT_URL, () => 'Not checked.');
    expect(view).toMatchObject({ hasKey: true, warning: 'Not checked.' });
    expect(store.data.API_KEY).toBe(KEY);
    expect(storeSettings(store, { tier: '1' }, DEFAULT_URL, acceptKey)).not.toHaveProperty('warning');
  });
});

describe('checking a key with the service', () => {
  const check = (...outcomes: HttpOutcome[]) => {
    const { client, http, clock } = setup((_request, n) => outcomes[Math.min(n, outcomes.length) - 1]);
    let result: string | null | Error;
    try {
      result = checkKeyWithService(client, clock.now() + 20_000);
    } catch (error) {
      result = error as Error;
    }
    return { result, http };
  };

  it('reads the status of a job that does not exist, which costs nothing: 404 means the key is good', () => {
    const { result, http } = check(json(404, { detail: 'Job not found.' }));
    expect(result).toBeNull();
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0].method).toBe('get');
    expect(http.requests[0].url).toMatch(new RegExp(`/api/search/deep_research/${KEY_CHECK_JOB_ID}\\?`));
  });

  it('refuses a key the service rejects (401), saying why', () => {
    const { result } = check(json(401, { detail: 'Invalid or missing API key.' }));
    expect(result).toBeInstanceOf(UserError);
    expect((result as Error).message).toBe(
      'The service rejected this API key (401), so it was not saved; check that you copied the whole key.',
    );
  });

  it('warns, without refusing, when the service cannot be reached or fails', () => {
    const unreachable = check({ networkError: 'Connection refused' });
    expect(unreachable.result).toBe(
      'The key was saved but could not be checked: could not reach the service (Connection refused); check the ' +
        'connection and try again.',
    );
    expect(check(json(500, {})).result).toMatch(/^The key was saved but could not be checked: the service had an/);
  });
});
