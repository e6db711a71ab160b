import { EDITOR, OWNER, asOwner, gas, newEnv } from './gas';

describe('CacheService', () => {
  it('gets, puts, removes, in bulk too', () => {
    const env = newEnv();
    asOwner(env, ({ CacheService }) => {
      const cache = CacheService.getDocumentCache()!;
      cache.put('a', '1');
      cache.putAll({ b: '2', c: '3' });
      expect(cache.get('a')).toBe('1');
      expect(cache.get('missing')).toBeNull();
      expect(cache.getAll(['a', 'b', 'missing'])).toEqual({ a: '1', b: '2' });
      cache.remove('a');
      cache.removeAll(['b']);
      expect(cache.getAll(['a', 'b', 'c'])).toEqual({ c: '3' });
    });
    expect(env.cache.document()).toEqual({ c: '3' });
  });

  it('separates script, document and per-user caches', () => {
    const env = newEnv();
    const { CacheService } = gas(env);
    env.run('menu', OWNER, () => {
      CacheService.getUserCache()!.put('k', 'owner');
      CacheService.getScriptCache().put('k', 'script');
    });
    env.run('menu', EDITOR, () => {
      expect(CacheService.getUserCache()!.get('k')).toBeNull();
      expect(CacheService.getDocumentCache()!.get('k')).toBeNull();
      expect(CacheService.getScriptCache().get('k')).toBe('script');
    });
    expect(env.cache.user(OWNER)).toEqual({ k: 'owner' });
  });

  it('expires entries on the fake clock: 600 s by default, at most 6 hours', () => {
    const env = newEnv();
    const { CacheService } = gas(env);
    env.run('menu', OWNER, () => {
      const cache = CacheService.getDocumentCache()!;
      cache.put('default', 'v');
      cache.put('long', 'v', 100_000);
      cache.put('short', 'v', 5);
    });
    const live = () => Object.keys(env.cache.document()).sort();
    env.clock.advance(6_000);
    expect(live()).toEqual(['default', 'long']);
    env.clock.advance(600_000);
    expect(live()).toEqual(['long']);
    env.clock.advance(6 * 3600_000);
    expect(env.run('menu', OWNER, () => CacheService.getDocumentCache()!.get('long'))).toBeNull();
  });

  it('refuses keys over 250 characters and values over 100 KB', () => {
    const env = newEnv();
    asOwner(env, ({ CacheService }) => {
      const cache = CacheService.getDocumentCache()!;
      cache.put('k'.repeat(250), 'v');
      expect(() => cache.put('k'.repeat(251), 'v')).toThrow('Argument too large: key');
      cache.put('big', 'x'.repeat(102_400));
      expect(() => cache.put('big', 'x'.repeat(102_401))).toThrow('Argument too large: value');
      expect(() => cache.putAll({ ok: 'v', big: 'é'.repeat(51_201) })).toThrow('Argument too large: value');
      expect(cache.get('ok')).toBeNull();
    });
  });

  it('keeps about 1,000 items, evicting the oldest', () => {
    const env = newEnv();
    asOwner(env, ({ CacheService }) => {
      const cache = CacheService.getDocumentCache()!;
      for (let i = 0; i < 1005; i++) cache.put(`k${i}`, 'v');
      expect(cache.get('k0')).toBeNull();
      expect(cache.get('k4')).toBeNull();
      expect(cache.get('k5')).toBe('v');
      expect(cache.get('k1004')).toBe('v');
    });
    expect(Object.keys(env.cache.document())).toHaveLength(1000);
  });
});
