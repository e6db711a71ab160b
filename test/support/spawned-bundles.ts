// The two programs tests start as child processes, bundled once per Jest run with esbuild, so each start runs plain
// node instead of tsx transpiling the modules again: the playground (dev/start.ts, `npm start`'s entry after its
// build: 1.7 s to its URL became 0.9 s, quiet) and the mock API (dev/mock-api/main.ts, started about 40 times a run:
// 0.3–0.45 s of CPU each through tsx, 0.06 s bundled).
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as esbuild from 'esbuild';
import { MOCK_API_BUNDLE_VARIABLE } from '../../dev/mock-api/spawn';

const ROOT = join(__dirname, '..', '..');
const PLAYGROUND_BUNDLE_VARIABLE = 'SHEET_ENRICH_PLAYGROUND_BUNDLE';

/** Each entry, and the environment variable that hands its bundle to the code that spawns it. */
const ENTRIES: ReadonlyArray<{ entry: string; variable: string; file: string }> = [
  { entry: join('dev', 'start.ts'), variable: PLAYGROUND_BUNDLE_VARIABLE, file: 'start.cjs' },
  { entry: join('dev', 'mock-api', 'main.ts'), variable: MOCK_API_BUNDLE_VARIABLE, file: 'mock-api.cjs' },
];

/**
 * Each module keeps its own __dirname: the playground reads its page, dist/ and appsscript.json by paths relative to
 * the module's source.
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

/**
 * Jest's globalSetup: the test files run in workers started after it, with its environment, which the playground's
 * child process inherits too (so it starts its own mock from the bundle).
 */
export default async function bundleSpawnedPrograms(): Promise<void> {
  // Under node_modules, so the packages left out of the bundle resolve; a directory of its own per run.
  const cache = join(ROOT, 'node_modules', '.cache', 'sheet-enrich');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'spawned-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  await Promise.all(
    ENTRIES.map(async ({ entry, variable, file }) => {
      const outfile = join(dir, file);
      await esbuild.build({
        entryPoints: [join(ROOT, entry)],
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        packages: 'external',
        outfile,
        logLevel: 'warning',
        plugins: [keepDirname],
      });
      process.env[variable] = outfile;
    }),
  );
}

/** The playground's bundle, in a test file. */
export function playgroundBundle(): string {
  const bundle = process.env[PLAYGROUND_BUNDLE_VARIABLE];
  if (!bundle) throw new Error('No playground bundle: run the browser tests through jest.config.cjs (npx jest).');
  return bundle;
}
