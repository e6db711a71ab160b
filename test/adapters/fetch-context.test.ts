// The fetch engine's platform: the settings given, and the document cache, so an answer one execution cached is
// found by the next.
import { fetchContext } from '../../src/adapters/fetch-context';
import { sha256Hex } from '../../src/core/sha256';
import type { Settings } from '../../src/core/settings';
import { newEnv } from '../fakes/gas';
import { inScript } from './gas-globals';

const SETTINGS: Settings = { apiKey: null, baseUrl: 'https://api.example', tier: '1', formulaDailyBudget: null };

describe('fetchContext', () => {
  it('carries the settings, the hash, and the document cache', () => {
    const env = newEnv();
    inScript(env, () => fetchContext(SETTINGS).cache.putAll({ k: 'v' }, 60));
    const seen = inScript(env, () => {
      const context = fetchContext(SETTINGS);
      return { settings: context.settings, cached: context.cache.getAll(['k']), hash: context.hash('abc') };
    });
    expect(seen).toEqual({ settings: SETTINGS, cached: { k: 'v' }, hash: sha256Hex('abc') });
    expect(env.cache.document()).toEqual({ k: 'v' });
  });
});
