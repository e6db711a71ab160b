// Loads the BUILT dist/Code.js into the Apps Script fakes, next to a mock API in its own process.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createGasEnvironment, loadBundle, type Bundle, type GasEnvironment, type GasEnvironmentOptions } from '../../dev/gas-fakes';

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

export function loadAddon(options: Partial<GasEnvironmentOptions> = {}): LoadedAddon {
  const env = createGasEnvironment({ owner: OWNER, htmlFiles: distHtmlFiles(), ...options });
  const bundle = loadBundle(env, bundleCode());
  return { env, bundle };
}
