// The settings round trip through the built bundle, as the sidebar makes it (google.script.run semantics), with a
// new key checked against the mock API over real HTTP.
import { spawnMockApi, type SpawnedMockApi } from '../../dev/mock-api/spawn';
import { disposeAddons, expectNoKeyLeak, loadAddon, OWNER, TEAMMATE } from './harness';

let mock: SpawnedMockApi;
beforeAll(async () => {
  mock = await spawnMockApi({ jobClock: 'manual', seed: 3 });
});
afterAll(() => mock.stop());
beforeEach(async () => {
  await mock.control.reset();
  await mock.control.setKey({ key: KEY, credits: 10, tier: '2' });
});
afterEach(disposeAddons);

const KEY = 'lk_live_Q2hlY2tpbmdTZWNyZXQ9f2c';
/** A saved setting gives the user their id (formulas name the owner by it: see usage.test.ts). */
const USER_ID = { RESEARCH_USER_ID: expect.any(String) as string };

async function apiRequests() {
  return (await mock.control.requests()).filter((entry) => entry.path.startsWith('/api/'));
}

describe('settings through the bundle', () => {
  it('saves a key for the current user only and reads back just a hint', () => {
    const { env, bundle } = loadAddon();
    const saved = bundle.callFromSidebar('saveSettings', [{ apiKey: KEY, tier: '2', baseUrl: mock.url }], OWNER);
    const read = bundle.callFromSidebar('getSettings', [], OWNER);
    expect(saved).toEqual(read);
    expect(read).toEqual({ hasKey: true, keyHint: 'lk_…9f2c', baseUrl: mock.url, tier: '2', formulaDailyBudget: null });
    expect(env.properties.user(OWNER)).toEqual({ API_KEY: KEY, API_TIER: '2', API_BASE_URL: mock.url, ...USER_ID });
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

  it('checks a new key with a request that costs nothing, and stores it when the service accepts it', async () => {
    const { env, bundle } = loadAddon();
    const saved = bundle.callFromSidebar('saveSettings', [{ apiKey: KEY, baseUrl: mock.url }], OWNER);
    expect(saved).toMatchObject({ hasKey: true, keyHint: 'lk_…9f2c' });
    expect(saved).not.toHaveProperty('warning');
    expect(env.properties.user(OWNER).API_KEY).toBe(KEY);
    const log = await apiRequests();
    expect(log.map(({ method, path, status, credits }) => ({ method, path, status, credits }))).toEqual([
      { method: 'GET', path: '/api/search/deep_research/sheet-enrich-key-check', status: 404, credits: 0 },
    ]);
    expect(await mock.control.creditsCharged()).toBe(0);
    // The same key saved again is not checked again.
    bundle.callFromSidebar('saveSettings', [{ apiKey: KEY, tier: '3' }], OWNER);
    expect(await apiRequests()).toHaveLength(1);
  });

  it('refuses a key the service rejects, saying why, and stores nothing', async () => {
    const { env, bundle } = loadAddon();
    const unknownKey = 'lk_live_NotKnownToTheService0000';
    expect(() =>
      bundle.callFromSidebar('saveSettings', [{ apiKey: unknownKey, baseUrl: mock.url, tier: '1' }], OWNER),
    ).toThrow('The service rejected this API key (401), so it was not saved; check that you copied the whole key.');
    expect(env.properties.user(OWNER)).toEqual({});
    expect((await apiRequests()).map((entry) => entry.status)).toEqual([401]);
    expectNoKeyLeak(env, unknownKey);
  });

  it('stores a key it cannot check when the service is unreachable, with a warning to show', () => {
    const { env, bundle } = loadAddon();
    const unreachable = 'http://127.0.0.1:1';
    const saved = bundle.callFromSidebar('saveSettings', [{ apiKey: KEY, baseUrl: unreachable }], OWNER) as {
      warning?: string;
    };
    expect(saved.warning).toMatch(/^The key was saved but could not be checked: could not reach the service \(.+\)/);
    expect(saved.warning).not.toContain(KEY.slice(3, -4));
    expect(env.properties.user(OWNER)).toEqual({ API_KEY: KEY, API_BASE_URL: unreachable, ...USER_ID });
    expect(bundle.callFromSidebar('getSettings', [], OWNER)).not.toHaveProperty('warning');
    expectNoKeyLeak(env, KEY);
  });
});
