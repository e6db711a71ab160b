// The playground page as one self-contained HTML document: the template with its TypeScript bundled and inlined.
import { buildSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const PAGE_DIR = join(__dirname, 'page');

export function buildPage(): string {
  const script = buildSync({
    entryPoints: [join(PAGE_DIR, 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
  }).outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
  const template = readFileSync(join(PAGE_DIR, 'index.html'), 'utf8');
  return template.replace('<!-- SCRIPT -->', () => `<script>${script}</script>`);
}
