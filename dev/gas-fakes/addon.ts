// The BUILT add-on (dist/Code.js and its HTML pages) loaded into a new fake Apps Script environment: the one way
// the integration tests, the benchmarks and the playground run what `npm run build` produced.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundle, type Bundle } from './bundle';
import { createGasEnvironment, type GasEnvironment, type GasEnvironmentOptions } from './environment';

/** The repository's dist/, where `npm run build` writes the add-on. */
export const DIST_DIR = join(__dirname, '..', '..', 'dist');

export interface BuiltAddon {
  /** The script, as Apps Script loads it. */
  code: string;
  /** Every page (file name without .html → content), for HtmlService.createHtmlOutputFromFile. */
  htmlFiles: Record<string, string>;
}

export interface LoadedAddon {
  env: GasEnvironment;
  bundle: Bundle;
}

/** Reads the build output of `dist` (by default the repository's dist/). */
export function readBuiltAddon(dist = DIST_DIR): BuiltAddon {
  const htmlFiles: Record<string, string> = {};
  for (const file of readdirSync(dist).filter((name) => name.endsWith('.html'))) {
    htmlFiles[file.replace(/\.html$/, '')] = readFileSync(join(dist, file), 'utf8');
  }
  return { code: readFileSync(join(dist, 'Code.js'), 'utf8'), htmlFiles };
}

/** A new environment holding the add-on's pages, with its script loaded (top-level code run once, as on open). */
export function loadBuiltAddon(options: GasEnvironmentOptions, built: BuiltAddon = readBuiltAddon()): LoadedAddon {
  const env = createGasEnvironment({ htmlFiles: built.htmlFiles, ...options });
  try {
    return { env, bundle: loadBundle(env, built.code) };
  } catch (error) {
    env.dispose();
    throw error;
  }
}
