// Lint keeps the layers (eslint.config.mjs): Apps Script services are called only in src/adapters/, the core
// imports nothing outside the core, and the sidebar imports neither the server nor the adapters. Each rule is shown
// failing on a snippet linted as if it were a file of that layer. ESLint loads its config with a dynamic import,
// which Jest's module system does not run, so the snippets are linted together in one Node process.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

jest.setTimeout(60_000);

const ROOT = join(__dirname, '..', '..');
const SERVICES = [
  'SpreadsheetApp',
  'PropertiesService',
  'CacheService',
  'LockService',
  'UrlFetchApp',
  'ScriptApp',
  'Utilities',
  'HtmlService',
  'Session',
];

/** Lints each snippet as the file at its path; answers the rules each fails, in order. */
const LINT_SNIPPETS = `
import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
const eslint = new ESLint({ cwd: process.cwd() });
const snippets = JSON.parse(readFileSync(0, 'utf8'));
const failed = [];
for (const { path, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath: path });
  failed.push(result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? 'parse: ' + m.message));
}
process.stdout.write(JSON.stringify(failed));
`;

function failedRules(snippets: { path: string; code: string }[]): string[][] {
  const input = JSON.stringify(snippets.map(({ path, code }) => ({ path: join(ROOT, path), code })));
  const lint = spawnSync(process.execPath, ['--input-type=module', '-e', LINT_SNIPPETS], {
    cwd: ROOT,
    input,
    encoding: 'utf8',
  });
  if (lint.status !== 0) throw new Error(lint.stderr);
  return JSON.parse(lint.stdout) as string[][];
}

const everyService = SERVICES.map((name) => `export const uses${name} = () => ${name}.toString();`).join('\n');
const SNIPPETS = [
  { path: 'src/server/example.ts', code: everyService },
  { path: 'src/core/example.ts', code: everyService },
  { path: 'src/Code.ts', code: everyService },
  { path: 'src/adapters/example.ts', code: everyService },
  {
    path: 'src/sidebar/example.ts',
    code: "import { startResearch } from '../server/research';\nimport { toast } from '../adapters/spreadsheet';\nexport { startResearch, toast };",
  },
  { path: 'src/core/imports.ts', code: "import { toast } from '../adapters/spreadsheet';\nexport { toast };" },
];

describe('the layers in lint', () => {
  let failed: string[][];
  beforeAll(() => {
    failed = failedRules(SNIPPETS);
  });
  const serviceFailures = (index: number) => failed[index].filter((rule) => rule === 'no-restricted-globals');

  it('refuses every Apps Script service in the server, the core and the entry', () => {
    expect(serviceFailures(0)).toHaveLength(SERVICES.length);
    expect(serviceFailures(1)).toHaveLength(SERVICES.length);
    expect(serviceFailures(2)).toHaveLength(SERVICES.length);
  });

  it('lets the adapters call them', () => {
    expect(failed[3]).toEqual([]);
  });

  it('refuses an import of the server or the adapters in the sidebar', () => {
    expect(failed[4]).toEqual(['no-restricted-imports', 'no-restricted-imports']);
  });

  it('refuses an import of the adapters in the core', () => {
    expect(failed[5]).toEqual(['no-restricted-imports']);
  });
});
