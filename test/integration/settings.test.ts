// The settings round trip through the built bundle, as the sidebar makes it (google.script.run semantics).
import { disposeAddons, expectNoKeyLeak, loadAddon, OWNER, TEAMMATE } from './harness';

afterEach(disposeAddons);

const KEY = 'lk_live_Q2hlY2tpbmdTZWNyZXQ9f2c';

describe('settings through the bundle', () => {
  it('saves a key for the current user only and reads back just a hint', () => {
    const { env, bundle } = loadAddon();
    const saved = bundle.callFromSidebar('saveSettings', [{ apiKey: KEY, tier: '2' }], OWNER);
    const read = bundle.callFromSidebar('getSettings', [], OWNER);
    expect(saved).toEqual(read);
    expect(read).toEqual({ hasKey: true, keyHint: 'lk_…9f2c', baseUrl: 'https://api.enrich.example', tier: '2' });
    expect(env.properties.user(OWNER)).toEqual({ API_KEY: KEY, API_TIER: '2' });
    expect(bundle.callFromSidebar('getSettings', [], TEAMMATE)).toMatchObject({ hasKey: false, keyHint: null });
    expect(JSON.stringify([saved, read])).not.toContain(KEY.slice(3, -4));
    expectNoKeyLeak(env, KEY);
  });

  it.each([
    [{ apiKey: 'sk_wrongprefix123' }, /starts with "lk_"/],
    [{ baseUrl: 'http://api.enrich.example' }, /https:\/\//],
    [{ tier: 'gold' }, /free, 1, 2 or 3/],
    [{ apiKey: KEY, tier: 'gold' }, /free, 1, 2 or 3/],
  ])('rejects %j with one readable sentence and stores nothing', (input, message) => {
    const { env, bundle } = loadAddon();
    expect(() => bundle.callFromSidebar('saveSettings', [input], OWNER)).toThrow(message);
    expect(env.properties.user(OWNER)).toEqual({});
    expectNoKeyLeak(env, KEY);
  });

  it('never echoes a rejected key in the error', () => {
    const { bundle } = loadAddon();
    const nearMiss = 'lk_has space_Zm9vYmFyYmF6cXV4';
    let message = '';
    try {
      bundle.callFromSidebar('saveSettings', [{ apiKey: nearMiss }], OWNER);
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/API key/);
    expect(message).not.toContain('Zm9vYmFy');
  });

  it('accepts a local development URL and an empty value resets to the build default', () => {
    const { bundle } = loadAddon();
    expect(bundle.callFromSidebar('saveSettings', [{ baseUrl: 'http://127.0.0.1:9000/' }], OWNER)).toMatchObject({
      baseUrl: 'http://127.0.0.1:9000',
    });
    expect(bundle.callFromSidebar('saveSettings', [{ baseUrl: '' }], OWNER)).toMatchObject({
      baseUrl: 'https://api.enrich.example',
    });
  });
});
