import { keyHint, readSettings, saveSettings, SettingsError } from '../../src/core/settings';
import { memoryStore } from '../support/memory';

const DEFAULT_URL = 'https://api.enrich.example';
const KEY = 'lk_live_abcdefgh12349f2c';

describe('settings', () => {
  it('stores a valid key and shows only its hint', () => {
    const store = memoryStore();
    const view = saveSettings(store, { apiKey: `  ${KEY} ` }, DEFAULT_URL);
    expect(view).toEqual({ hasKey: true, keyHint: 'lk_…9f2c', baseUrl: DEFAULT_URL, tier: 'free' });
    expect(store.data.API_KEY).toBe(KEY);
    expect(JSON.stringify(view)).not.toContain('abcdefgh');
  });

  it('removes the key when given an empty one', () => {
    const store = memoryStore({ API_KEY: KEY });
    expect(saveSettings(store, { apiKey: '' }, DEFAULT_URL).hasKey).toBe(false);
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
      saveSettings(store, input, DEFAULT_URL);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SettingsError);
    const message = (thrown as Error).message;
    expect(message).toMatch(/^[A-Z"].*\.$/);
    expect(message).not.toContain('abcdefgh');
    expect(store.data).toEqual({ API_TIER: '2' });
  });

  it('stores nothing when one of several values is bad', () => {
    const store = memoryStore();
    expect(() => saveSettings(store, { apiKey: KEY, tier: 'gold' }, DEFAULT_URL)).toThrow(SettingsError);
    expect(Object.keys(store.getAll())).toEqual([]);
  });

  it('accepts localhost development URLs and trims trailing slashes', () => {
    const store = memoryStore();
    expect(saveSettings(store, { baseUrl: 'http://127.0.0.1:8080/' }, DEFAULT_URL).baseUrl).toBe(
      'http://127.0.0.1:8080',
    );
    expect(saveSettings(store, { baseUrl: 'http://localhost:3000' }, DEFAULT_URL).baseUrl).toBe(
      'http://localhost:3000',
    );
    expect(saveSettings(store, { baseUrl: 'https://eu.api.enrich.example/v2' }, DEFAULT_URL).baseUrl).toBe(
      'https://eu.api.enrich.example/v2',
    );
    expect(saveSettings(store, { baseUrl: '' }, DEFAULT_URL).baseUrl).toBe(DEFAULT_URL);
  });

  it('accepts numeric tiers and falls back to free for a corrupt stored tier', () => {
    const store = memoryStore();
    expect(saveSettings(store, { tier: 3 }, DEFAULT_URL).tier).toBe('3');
    store.set('API_TIER', 'platinum');
    expect(readSettings(store, DEFAULT_URL).tier).toBe('free');
  });

  it('hints with the last four characters', () => {
    expect(keyHint('lk_zzzzzzzz0042')).toBe('lk_…0042');
  });
});
