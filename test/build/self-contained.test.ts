// The repository explains itself: no file points at documents outside it, at a path on someone's machine, or at a
// tracker's issue numbers. A comment that needs a reference names docs/api.md, docs/platform.md,
// docs/architecture.md or SECURITY.md instead.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const CHECKED = ['src', 'dev', 'test', 'bench', 'scripts', 'docs', '.ci', 'README.md', 'SECURITY.md'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.git']);
const BINARY = /\.(png|jpe?g|gif|ico|woff2?)$/i;
const THIS_FILE = relative(ROOT, __filename);

/** What may not appear, each with the reason a reader would be given. */
const OUTSIDE_REFERENCES: Array<{ pattern: RegExp; what: string }> = [
  { pattern: /\.\.\/shared/, what: 'a path outside the repository' },
  { pattern: /CONTRACT ?§|CONTRACT\.md/, what: 'a document outside the repository' },
  { pattern: /PLATFORM\.md/, what: 'a document outside the repository' },
  { pattern: /api-spec\.md/, what: 'a document outside the repository' },
  { pattern: /(^|[^\w.~-])\/(work|home|tmp|root)\//, what: 'an absolute path on a machine' },
  { pattern: /\bissues? ?#?\d+/i, what: 'a tracker issue number' },
];

/** Every text file under the checked places, relative to the root. */
function checkedFiles(): string[] {
  const files: string[] = [];
  const visit = (path: string) => {
    const name = relative(ROOT, path);
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) if (!SKIPPED_DIRECTORIES.has(entry)) visit(join(path, entry));
    } else if (!BINARY.test(name) && name !== THIS_FILE) {
      files.push(name);
    }
  };
  for (const place of CHECKED) visit(join(ROOT, place));
  return files;
}

/** "file:line: what — text" for every line of `text` that refers outside the repository. */
function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, what } of OUTSIDE_REFERENCES) {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what} — ${line.trim()}`);
    }
  });
  return found;
}

describe('the repository is self-contained', () => {
  it('checks the source, tools, tests, benchmarks, scripts, docs and CI', () => {
    const files = checkedFiles();
    for (const expected of ['README.md', 'SECURITY.md', 'src/Code.ts', 'docs/api.md', '.ci/run', 'scripts/build.mjs']) {
      expect(files).toContain(expected);
    }
    expect(files.some((file) => file.includes('node_modules') || file.startsWith('dist/'))).toBe(false);
  });

  it('has no file that refers to documents, machine paths or issue numbers outside it', () => {
    const found = checkedFiles().flatMap((file) => outsideReferences(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  // Built at run time, so this file does not itself hold what it looks for.
  const root = '/';
  const issue = (n: number) => `ssue ${n}`;
  it.each([
    ['// typed from ../shared/spec/x.md', 'a path outside the repository'],
    ['// as CONTRACT §4 says', 'a document outside the repository'],
    ['// see CONTRACT.md', 'a document outside the repository'],
    ['// the rules of PLATFORM.md', 'a document outside the repository'],
    ['// api-spec.md, Endpoints', 'a document outside the repository'],
    [`const file = '${root}work/main/dist/Code.js';`, 'an absolute path on a machine'],
    ['// written to /tmp/out.png', 'an absolute path on a machine'],
    [`cd ${root}home/me/sheet-enrich`, 'an absolute path on a machine'],
    ['`/root/.cache`', 'an absolute path on a machine'],
    [`name: 'I${issue(4)} — credits'`, 'a tracker issue number'],
    ['// fixes issue #12', 'a tracker issue number'],
  ])('finds %s', (line, what) => {
    expect(outsideReferences('x.ts', `first line\n${line}\n`)).toEqual([`x.ts:2: ${what} — ${line}`]);
  });

  it.each([
    '// see docs/platform.md "Triggers"',
    "const dist = join(root, 'dist');",
    'https://api.enrich.example/api/enrich/scrape',
    'const staging = join(dist, `.staging-${process.pid}`);',
    '// the contract of the sidebar (src/core/contract.ts)',
    "export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';",
    'an issue that no number follows',
  ])('lets %s pass', (line) => {
    expect(outsideReferences('x.ts', line)).toEqual([]);
  });
});
