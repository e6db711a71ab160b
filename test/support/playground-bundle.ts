// dev/start.ts (`npm start`'s entry after its build) bundled once per Jest run with esbuild, so each playground test
// file starts it with plain node instead of tsx transpiling its modules on every start (1.7 s to the playground's
// URL became 0.9 s, quiet).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as esbuild from 'esbuild';

const ROOT = join(__dirname, '..', '..');
const BUNDLE_VARIABLE = 'SHEET_ENRICH_PLAYGROUND_BUNDLE';

/**
 * Each module keeps its own __dirname: the playground reads its page, dist/ and appsscript.json, and spawns the mock's
 * main.ts, by paths relative to the module's source.
 */
const keepDirname: esbuild.Plugin = {
  name: 'keep-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('__dirname')) return undefined;
      return { contents: `const __dirname = ${JSON.stringify(dirname(args.path))};\n${source}`, loader: 'ts' };
    });
  },
};

/** Jest's globalSetup for the system project: the test files run in workers started after it, with its environment. */
export default async function bundlePlayground(): Promise<void> {
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
  process.env[BUNDLE_VARIABLE] = outfile;
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
}

/** The bundle's path, in a test file. */
export function playgroundBundle(): string {
  const bundle = process.env[BUNDLE_VARIABLE];
  if (!bundle) throw new Error('No playground bundle: run the browser tests through jest.config.cjs (npx jest).');
  return bundle;
}
