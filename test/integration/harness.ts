// Loads the BUILT dist/Code.js into the Apps Script fakes, next to a mock API in its own process.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createGasEnvironment, loadBundle, type Bundle, type GasEnvironment, type GasEnvironmentOptions } from '../../dev/gas-fakes';
import type { SpawnedMockApi } from '../../dev/mock-api/spawn';
import type { Tier } from '../../src/core/api/types';

export const DIST = join(__dirname, '..', '..', 'dist');

export const OWNER = 'owner@example.com';
export const TEAMMATE = 'teammate@example.com';

export function distHtmlFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const file of readdirSync(DIST).filter((f) => f.endsWith('.html'))) {
    files[file.replace(/\.html$/, '')] = readFileSync(join(DIST, file), 'utf8');
  }
  return files;
}

export function bundleCode(): string {
  return readFileSync(join(DIST, 'Code.js'), 'utf8');
}

export interface LoadedAddon {
  env: GasEnvironment;
  bundle: Bundle;
}

const liveEnvironments: GasEnvironment[] = [];

/** Stops the UrlFetchApp workers of every environment loaded so far (call in afterEach). */
export function disposeAddons(): void {
  for (const env of liveEnvironments.splice(0)) env.dispose();
}

export function loadAddon(options: Partial<GasEnvironmentOptions> = {}): LoadedAddon {
  const env = createGasEnvironment({ owner: OWNER, htmlFiles: distHtmlFiles(), ...options });
  liveEnvironments.push(env);
  const bundle = loadBundle(env, bundleCode());
  return { env, bundle };
}

/** A key on the mock with credits and a tier, stored as the owner's settings (what formulas use). */
export async function addonWithKey(
  mock: SpawnedMockApi,
  options: { key?: string; credits?: number; tier?: Tier; user?: string } & Partial<GasEnvironmentOptions> = {},
): Promise<LoadedAddon & { key: string }> {
  const { key = 'lk_test_integration_0000000000a1b2', credits = 100_000, tier = '3', user = OWNER, ...envOptions } = options;
  await mock.control.setKey({ key, credits, tier });
  const addon = loadAddon(envOptions);
  Object.assign(addon.env.properties.user(user), { API_KEY: key, API_BASE_URL: mock.url, API_TIER: tier });
  return { ...addon, key };
}

/** Calls a function as Sheets calls a custom function: the owner's settings, a read-only spreadsheet. */
export function formula(addon: LoadedAddon, name: string, args: unknown[], user = TEAMMATE): unknown {
  return addon.bundle.call(name, args, { mode: 'customFunction', user });
}

/**
 * CONTRACT §2: the key lives only in user properties. Checks every place a user or an editor could see — sheets,
 * logs, document and script properties, caches, menus, sidebars, toasts — for the key or its secret middle part.
 */
export function expectNoKeyLeak(env: GasEnvironment, key: string): void {
  const secret = key.slice(3, -4);
  const users = [OWNER, TEAMMATE];
  const visible = [
    ...env.spreadsheet.sheets().map((sheet) => JSON.stringify([sheet.values(), sheet.formulas()])),
    ...env.logs,
    JSON.stringify(env.properties.document()),
    JSON.stringify(env.properties.script()),
    JSON.stringify(env.cache.document()),
    JSON.stringify(env.cache.script()),
    ...users.map((user) => JSON.stringify(env.cache.user(user))),
    JSON.stringify(env.ui),
  ];
  for (const text of visible) expect(text).not.toContain(secret);
  for (const user of users) {
    const stored = Object.entries(env.properties.user(user)).filter(([, value]) => value.includes(secret));
    expect(stored.every(([name]) => name === 'API_KEY')).toBe(true);
  }
}
