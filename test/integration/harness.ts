// Loads the BUILT dist/Code.js into the Apps Script fakes (through the one loader, dev/gas-fakes/addon.ts), next to
// a mock API in its own process; and checks no API key leaked once a test is done.
import {
  DIST_DIR,
  loadBuiltAddon,
  readBuiltAddon,
  type GasEnvironment,
  type GasEnvironmentOptions,
  type LoadedAddon,
} from '../../dev/gas-fakes';
import { spawnMockApi, type SpawnedMockApi } from '../../dev/mock-api/spawn';
import type { Tier } from '../../src/core/api/types';

export const DIST = DIST_DIR;

export const OWNER = 'owner@example.com';
export const TEAMMATE = 'teammate@example.com';

export type { LoadedAddon };

export function distHtmlFiles(dist = DIST): Record<string, string> {
  return readBuiltAddon(dist).htmlFiles;
}

export function bundleCode(dist = DIST): string {
  return readBuiltAddon(dist).code;
}

/**
 * The mock API of one test file: spawned once with this data seed (its job clock moved only by the tests), reset
 * before each test; after each, no add-on may have left a key anywhere a user or an editor could read it
 * (SECURITY.md). The object stands for the running mock from the first test on.
 */
export function useIntegrationMock(seed: number): SpawnedMockApi {
  let spawned: SpawnedMockApi | undefined;
  const running = () => {
    if (spawned === undefined) throw new Error('The mock API is not running (use it inside a test).');
    return spawned;
  };
  beforeAll(async () => {
    spawned = await spawnMockApi({ jobClock: 'manual', seed });
  });
  afterAll(() => spawned?.stop());
  beforeEach(() => running().control.reset());
  afterEach(checkKeysAndDisposeAddons);
  return {
    get url() {
      return running().url;
    },
    get pid() {
      return running().pid;
    },
    get control() {
      return running().control;
    },
    stop: () => running().stop(),
  };
}

/** A sidebar function called by `user`, as google.script.run calls it. */
export function sidebar<T = unknown>(addon: LoadedAddon, name: string, args: unknown[] = [], user = OWNER): T {
  return addon.bundle.callFromSidebar(name, args, user) as T;
}

/** Every environment loaded since the last disposeAddons, with the API keys it was given. */
const liveEnvironments: Array<{ env: GasEnvironment; keys: Set<string> }> = [];

/** Stops the UrlFetchApp workers of every environment loaded so far (call in afterEach). */
export function disposeAddons(): void {
  for (const { env } of liveEnvironments.splice(0)) env.dispose();
}

/** Loads the built bundle (of `dist`, by default the repository's dist/) into a new environment. */
export function loadAddon(options: Partial<GasEnvironmentOptions> = {}, dist = DIST): LoadedAddon {
  const addon = loadBuiltAddon({ owner: OWNER, ...options }, readBuiltAddon(dist));
  liveEnvironments.push({ env: addon.env, keys: new Set() });
  return addon;
}

/** Remembers that `env` was given `key` (addonWithKey does this itself), so expectNoKeyLeakInAddons checks it. */
export function trackKey(env: GasEnvironment, key: string): void {
  const live = liveEnvironments.find((entry) => entry.env === env);
  if (!live) throw new Error('trackKey: not an environment loaded by loadAddon since the last disposeAddons.');
  live.keys.add(key);
}

/**
 * expectNoKeyLeak for every environment loaded since the last disposeAddons and every key it was given: the keys
 * of addonWithKey and trackKey, and any API_KEY a user holds now.
 */
export function expectNoKeyLeakInAddons(): void {
  for (const { env, keys } of liveEnvironments) {
    const held = [OWNER, TEAMMATE].map((user) => env.properties.user(user).API_KEY).filter((key) => key !== undefined);
    for (const key of new Set([...keys, ...held])) expectNoKeyLeak(env, key);
  }
}

/** For afterEach: no key leaked in any environment of the test, then the environments are disposed of. */
export function checkKeysAndDisposeAddons(): void {
  try {
    expectNoKeyLeakInAddons();
  } finally {
    disposeAddons();
  }
}

/** A key on the mock with credits and a tier, stored as the owner's settings (what formulas use). */
export async function addonWithKey(
  mock: SpawnedMockApi,
  options: { key?: string; credits?: number; tier?: Tier; user?: string } & Partial<GasEnvironmentOptions> = {},
): Promise<LoadedAddon & { key: string }> {
  const {
    key = 'lk_test_integration_0000000000a1b2',
    credits = 100_000,
    tier = '3',
    user = OWNER,
    ...envOptions
  } = options;
  await mock.control.setKey({ key, credits, tier });
  const addon = loadAddon(envOptions);
  trackKey(addon.env, key);
  Object.assign(addon.env.properties.user(user), { API_KEY: key, API_BASE_URL: mock.url, API_TIER: tier });
  return { ...addon, key };
}

/** Calls a function as Sheets calls a custom function: the owner's settings, a read-only spreadsheet. */
export function formula(addon: LoadedAddon, name: string, args: unknown[], user = TEAMMATE): unknown {
  return addon.bundle.call(name, args, { mode: 'customFunction', user });
}

/**
 * The key lives only in user properties. Checks every place a user or an editor could see — sheets,
 * logs, document and script properties, caches, menus, sidebars, toasts — for the key or its secret middle part.
 */
export function expectNoKeyLeak(env: GasEnvironment, key: string): void {
  expect(keyLeaks(env, key)).toEqual([]);
}

/** The places (as expectNoKeyLeak looks at them) that hold the key or its secret middle part; none is []. */
export function keyLeaks(env: GasEnvironment, key: string): string[] {
  const secret = key.slice(3, -4);
  const users = [OWNER, TEAMMATE];
  const visible: Array<[string, string]> = [
    ...env.spreadsheet
      .sheets()
      .map((sheet): [string, string] => [`sheet ${sheet.name}`, JSON.stringify([sheet.values(), sheet.formulas()])]),
    ...env.logs.map((log, i): [string, string] => [`log ${i + 1}`, log]),
    ['document properties', JSON.stringify(env.properties.document())],
    ['script properties', JSON.stringify(env.properties.script())],
    ['document cache', JSON.stringify(env.cache.document())],
    ['script cache', JSON.stringify(env.cache.script())],
    ...users.map((user): [string, string] => [`user cache of ${user}`, JSON.stringify(env.cache.user(user))]),
    ['menus, sidebars, dialogs and toasts', JSON.stringify(env.ui)],
  ];
  const leaks = visible.filter(([, text]) => text.includes(secret)).map(([place]) => place);
  for (const user of users) {
    const stored = Object.entries(env.properties.user(user)).filter(([, value]) => value.includes(secret));
    leaks.push(...stored.filter(([name]) => name !== 'API_KEY').map(([name]) => `user property ${name} of ${user}`));
  }
  return leaks;
}

/** The URL of what UrlFetchApp.fetchAll takes: a URL, or a request object. */
export function requestUrl(request: unknown): string {
  return typeof request === 'string' ? request : (request as { url: string }).url;
}

/**
 * Rewrites the JSON answers of requests matching `path` before the add-on reads them, as a service could send them:
 * `rewrite` changes the parsed answer in place. Status and headers stay as the mock sent them.
 */
export function rewriteAnswers(
  env: GasEnvironment,
  path: RegExp,
  rewrite: (answer: Record<string, unknown>, url: string) => void,
): void {
  const real = env.globals.UrlFetchApp as GoogleAppsScript.URL_Fetch.UrlFetchApp;
  const rewritten = (response: GoogleAppsScript.URL_Fetch.HTTPResponse, url: string) => {
    if (response.getResponseCode() !== 200) return response;
    const answer = JSON.parse(response.getContentText()) as Record<string, unknown>;
    rewrite(answer, url);
    const body = JSON.stringify(answer);
    return {
      getResponseCode: () => response.getResponseCode(),
      getHeaders: () => response.getHeaders(),
      getAllHeaders: () => response.getAllHeaders(),
      getContentText: () => body,
    };
  };
  env.globals.UrlFetchApp = {
    fetch: real.fetch.bind(real),
    fetchAll: (requests: Array<GoogleAppsScript.URL_Fetch.URLFetchRequest | string>) =>
      real.fetchAll(requests).map((response, i) => {
        const url = requestUrl(requests[i]);
        return path.test(url) ? rewritten(response, url) : response;
      }),
  };
}

/**
 * Makes every UrlFetchApp request whose URL matches take `ms` more of FAKE time (a slow service, without waiting):
 * the fake clock moves on once per fetch, and once per fetchAll holding a matching request (the requests of one
 * fetchAll run in parallel, so the batch lasts as long as one of them). The script sees the time pass through
 * Date.now() and the execution time limits. `ms` may be a function of the slowed call's number (1-based).
 */
export function slowRequests(env: GasEnvironment, urlPattern: RegExp, ms: number | ((nth: number) => number)): void {
  const real = env.globals.UrlFetchApp as GoogleAppsScript.URL_Fetch.UrlFetchApp;
  let slowed = 0;
  const pass = () => env.clock.advance(typeof ms === 'number' ? ms : ms(++slowed));
  env.globals.UrlFetchApp = {
    fetch: (request: string, params?: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions) => {
      const response = params === undefined ? real.fetch(request) : real.fetch(request, params);
      if (urlPattern.test(request)) pass();
      return response;
    },
    fetchAll: (requests: Array<GoogleAppsScript.URL_Fetch.URLFetchRequest | string>) => {
      const responses = real.fetchAll(requests);
      if (requests.some((request) => urlPattern.test(requestUrl(request)))) pass();
      return responses;
    },
  };
}
