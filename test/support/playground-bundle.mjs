// Jest's globalSetup for the system project: dev/start.ts (`npm start`'s entry after its build)
// bundled once per run with esbuild, so each playground test file starts it with plain node instead of tsx
// transpiling its ~60 modules on every start (1.7 s to the playground's URL became 0.9 s, quiet). The playground's
// browser tests read the bundle's path from SHEET_ENRICH_PLAYGROUND_BUNDLE (test/browser/playground-session.ts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUNDLE_VARIABLE = 'SHEET_ENRICH_PLAYGROUND_BUNDLE';

/**
 * Each module keeps its own __dirname: the playground reads its page, dist/ and appsscript.json, and spawns the mock's
 * main.ts, by paths relative to the module's source.
 */
const keepDirname = {
  name: 'keep-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('__dirname')) return undefined;
      return { contents: `const __dirname = ${JSON.stringify(dirname(args.path))};\n${source}`, loader: 'ts' };
    });
  },
};

export default async function bundlePlayground() {
  // Under node_modules, so the packages left out of the bundle resolve; a directory of its own per run.
  const cache = join(ROOT, 'node_modules', '.cache', 'sheet-enrich');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'playground-'));
  const outfile = join(dir, 'start.cjs');
  await esbuild.build({
    entryPoints: [join(ROOT, 'dev', 'start.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
    plugins: [keepDirname],
  });
  // Workers start after the global setup, with this environment.
  process.env[BUNDLE_VARIABLE] = outfile;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}
