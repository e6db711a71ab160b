// Builds dist/ as docs/architecture.md describes: Code.js (webpack + esbuild-loader + gas-webpack-plugin),
// appsscript.json with the allowlist for API_BASE_URL, and self-contained html pages.
import { mkdirSync, readFileSync, writeFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import GasPlugin from 'gas-webpack-plugin';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// DIST_DIR=<dir> builds into another directory (tests build variants there, leaving the dist/ other tests read).
const dist = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : join(root, 'dist');
const DEFAULT_API_BASE_URL = 'https://api.enrich.example';

const apiBaseUrl = (process.env.API_BASE_URL || DEFAULT_API_BASE_URL).replace(/\/+$/, '');
if (!/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}(:\d+)?$/i.test(apiBaseUrl)) {
  console.error(`API_BASE_URL must be an https:// origin such as ${DEFAULT_API_BASE_URL}, got "${apiBaseUrl}".`);
  process.exit(1);
}
mkdirSync(dist, { recursive: true });
// Files are written beside their place and renamed into it, so a test reading dist/ while `npm start` rebuilds it
// never sees a half-written file.
const staging = join(dist, `.staging-${process.pid}`);
mkdirSync(staging, { recursive: true });

function writeAtomically(name, content) {
  writeFileSync(join(staging, name), content);
  renameSync(join(staging, name), join(dist, name));
}

function buildCode() {
  const config = {
    mode: 'production',
    context: root,
    entry: './src/Code.ts',
    target: ['web', 'es2020'],
    devtool: false,
    output: { path: staging, filename: 'Code.js', clean: false },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [{ test: /\.ts$/, loader: 'esbuild-loader', options: { target: 'es2020', legalComments: 'inline' } }],
    },
    // Minifying would strip the JSDoc Sheets reads for autocomplete; readable output also helps debugging in the IDE.
    optimization: { minimize: false, concatenateModules: true },
    plugins: [
      new webpack.DefinePlugin({ __API_BASE_URL__: JSON.stringify(apiBaseUrl) }),
      new GasPlugin({ comment: true, autoGlobalExportsFiles: [] }),
    ],
    performance: { hints: false },
  };
  return new Promise((resolve, reject) =>
    webpack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve();
    }),
  );
}

function buildManifest() {
  const manifest = JSON.parse(readFileSync(join(root, 'appsscript.json'), 'utf8'));
  manifest.urlFetchWhitelist = [`${apiBaseUrl}/api/`];
  writeAtomically('appsscript.json', JSON.stringify(manifest, null, 2) + '\n');
}

// Each src/sidebar/<Page>.html template gets its <Page>.ts bundled and inlined, so the page needs nothing external.
async function buildPages() {
  const dir = join(root, 'src', 'sidebar');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
    const page = file.replace(/\.html$/, '');
    const script = await esbuild.build({
      entryPoints: [join(dir, `${page}.ts`)],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2019',
      minify: true,
      legalComments: 'none',
    });
    const js = script.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
    const html = readFileSync(join(dir, file), 'utf8').replace('<!-- SCRIPT -->', () => `<script>${js}</script>`);
    writeAtomically(file, html);
  }
}

try {
  await buildCode();
  renameSync(join(staging, 'Code.js'), join(dist, 'Code.js'));
  buildManifest();
  await buildPages();
} finally {
  rmSync(staging, { recursive: true, force: true });
}
console.log(`Built dist/ for ${apiBaseUrl}`);
