// The playground page as one self-contained HTML document: the template with its TypeScript bundled and inlined,
// and the add-on's custom functions as its script documents them (for the argument hints).
import { buildSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FunctionHelp } from './function-help';

const PAGE_DIR = join(__dirname, 'page');

export function buildPage(functions: readonly FunctionHelp[]): string {
  const script = buildSync({
    entryPoints: [join(PAGE_DIR, 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
  }).outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
  const template = readFileSync(join(PAGE_DIR, 'index.html'), 'utf8');
  // As JSON in a script element: a "<" escaped, so no text of it can close the element.
  const functionHelp = JSON.stringify(functions).replace(/</g, '\\u003c');
  return template
    .replace('<!-- FUNCTION HELP -->', () => functionHelp)
    .replace('<!-- SCRIPT -->', () => `<script>${script}</script>`);
}
