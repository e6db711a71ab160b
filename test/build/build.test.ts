// The production base URL is set at build time (API_BASE_URL=https://… npm run build) and the manifest's
// allowlist is generated from it. Each build here goes to its own temporary DIST_DIR, so the dist/ that the
// integration tests read at the same time is never touched.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, disposeAddons, loadAddon, OWNER } from '../integration/harness';

const ROOT = join(__dirname, '..', '..');
const BUILD_SCRIPT = join(ROOT, 'scripts', 'build.mjs');

let outDir: string;
beforeEach(() => {
  outDir = mkdtempSync(join(tmpdir(), 'sheet-enrich-build-'));
});
afterEach(() => {
  disposeAddons();
  rmSync(outDir, { recursive: true, force: true });
});

/** Runs the build script into outDir; `apiBaseUrl` undefined builds without API_BASE_URL. */
function build(apiBaseUrl: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env, DIST_DIR: outDir };
  delete env.API_BASE_URL;
  if (apiBaseUrl !== undefined) env.API_BASE_URL = apiBaseUrl;
  return spawnSync(process.execPath, [BUILD_SCRIPT], { cwd: ROOT, env, encoding: 'utf8' });
}

function manifestOf(dir: string): { urlFetchWhitelist: string[] } {
  return JSON.parse(readFileSync(join(dir, 'appsscript.json'), 'utf8')) as { urlFetchWhitelist: string[] };
}

/** What the built add-on reports as its base URL to a user who has set none. */
function builtBaseUrl(dir: string): string {
  const { bundle } = loadAddon({}, dir);
  return (bundle.callFromSidebar('getSettings', [], OWNER) as { baseUrl: string }).baseUrl;
}

describe('API_BASE_URL at build time', () => {
  // With a trailing slash, which the build drops (each build takes seconds; the plain origin is the same path).
  it.each(['https://x.example/'])(
    '%s becomes the allowlist and the default base URL of the built add-on',
    (apiBaseUrl) => {
      const repoManifest = readFileSync(join(DIST, 'appsscript.json'), 'utf8');
      const result = build(apiBaseUrl);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(readdirSync(outDir).sort()).toEqual(['Code.js', 'Sidebar.html', 'appsscript.json']);
      expect(manifestOf(outDir).urlFetchWhitelist).toEqual(['https://x.example/api/']);
      expect(builtBaseUrl(outDir)).toBe('https://x.example');
      // The build went to DIST_DIR only.
      expect(readFileSync(join(DIST, 'appsscript.json'), 'utf8')).toBe(repoManifest);
    },
  );

  it('without API_BASE_URL, the allowlist holds the base URL the built add-on defaults to', () => {
    const result = build(undefined);
    expect(result.status).toBe(0);
    const baseUrl = builtBaseUrl(outDir);
    expect(baseUrl).toMatch(/^https:\/\/[^/]+$/);
    expect(manifestOf(outDir).urlFetchWhitelist).toEqual([`${baseUrl}/api/`]);
  });

  it.each(['http://x.example', 'ftp://x.example', 'x.example'])(
    'refuses %s: exits non-zero with a one-line message and builds nothing',
    (apiBaseUrl) => {
      const result = build(apiBaseUrl);
      expect(result.status).not.toBe(0);
      expect(result.status).not.toBeNull();
      const message = result.stderr.trim();
      expect(message.split('\n')).toHaveLength(1);
      expect(message).toContain('API_BASE_URL must be an https:// origin');
      expect(message).toContain(`"${apiBaseUrl}"`);
      expect(readdirSync(outDir)).toEqual([]);
    },
  );
});
