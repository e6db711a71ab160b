// The BUILT dist/Code.js as Apps Script loads it: one plain script, entry points as top-level functions, custom
// functions documented for autocomplete, and nothing run at load time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleCode, DIST, loadAddon, OWNER, disposeAddons } from './harness';

afterEach(disposeAddons);

const CUSTOM_FUNCTIONS: Record<string, string[]> = {
  SCRAPE_PROFILE: ['profile_url', 'fields', 'include_headers'],
  FIND_CONTACTS: ['lookup', 'fields', 'include_headers'],
  SEARCH_COMPANIES: ['query', 'limit', 'acceptance_threshold', 'fields', 'include_headers'],
  SEARCH_PEOPLE: ['query', 'limit', 'fields', 'include_headers'],
  ENRICH_PROFILE: ['profile_url', 'fields', 'include_headers'],
};
const SERVER_FUNCTIONS = ['getSettings', 'saveSettings', 'startResearch', 'listResearchJobs', 'pollResearch', 'cancelResearch'];
const OTHER_ENTRY_POINTS = ['onOpen', 'onInstall', 'showSettings', 'showResearch', 'openResearchSheet', 'pollResearchInBackground'];

describe('dist/Code.js', () => {
  const code = bundleCode();

  it('loads without calling any Apps Script service', () => {
    const { env } = loadAddon();
    expect(env.stats.serviceCallsDuringLoad).toEqual([]);
  });

  it('defines every entry point of the contract as a top-level function', () => {
    const { bundle } = loadAddon();
    const names = bundle.globalNames();
    for (const name of [...Object.keys(CUSTOM_FUNCTIONS), ...SERVER_FUNCTIONS, ...OTHER_ENTRY_POINTS]) {
      expect(names).toContain(name);
      expect(code).toMatch(new RegExp(`^function ${name}\\(`, 'm'));
    }
  });

  it.each(Object.entries(CUSTOM_FUNCTIONS))('documents %s directly above its declaration', (name, params) => {
    const declaration = code.indexOf(`\nfunction ${name}(`);
    const docEnd = code.lastIndexOf('*/', declaration);
    const docStart = code.lastIndexOf('/**', docEnd);
    expect(code.slice(docEnd + 2, declaration).trim()).toBe('');
    const doc = code.slice(docStart, docEnd);
    expect(doc).toContain('@customfunction');
    expect(code.slice(declaration + 1)).toMatch(new RegExp(`^function ${name}\\(${params.join(', ')}\\)`));
    for (const param of params) expect(doc).toMatch(new RegExp(`@param \\{[^}]+\\} ${param} \\S`));
    expect(name.endsWith('_')).toBe(false);
  });

  it('uses no global that Apps Script lacks', () => {
    for (const missing of ['URLSearchParams', 'new URL(', 'TextEncoder', 'setTimeout(', 'require(', 'Buffer.', 'process.env', 'fetch(']) {
      expect(code).not.toContain(missing);
    }
  });

  it('builds the menu in AuthMode.NONE and nothing else', () => {
    const { env, bundle } = loadAddon();
    const before = env.stats.serviceCalls;
    bundle.call('onOpen', [{ authMode: 'NONE' }], { mode: 'authModeNone', user: OWNER });
    bundle.call('onInstall', [{ authMode: 'NONE' }], { mode: 'authModeNone', user: OWNER });
    const [menu] = env.ui.menus;
    expect(menu.addon).toBe(true);
    expect(menu.items).toEqual([
      { caption: 'Research people…', functionName: 'showResearch' },
      { caption: 'Settings…', functionName: 'showSettings' },
    ]);
    expect(env.stats.serviceCalls - before).toBeGreaterThan(0);
    expect(env.properties.document()).toEqual({});
  });

  it('opens the self-contained sidebar on the panel the menu asked for', () => {
    const { env, bundle } = loadAddon();
    bundle.call('showResearch', [], { mode: 'menu', user: OWNER });
    bundle.call('showSettings', [], { mode: 'menu', user: OWNER });
    expect(env.ui.sidebars).toHaveLength(2);
    expect(env.ui.sidebars[0].html).toContain('data-initial-panel="research"');
    expect(env.ui.sidebars[1].html).toContain('data-initial-panel="settings"');
    expect(env.ui.sidebars[0].html).not.toMatch(/<script[^>]+src=|<link[^>]+href=["']?https?:/i);
  });

  it('ships a manifest with V8, the minimal scopes and the API allowlist', () => {
    const manifest = JSON.parse(readFileSync(join(DIST, 'appsscript.json'), 'utf8'));
    expect(manifest.runtimeVersion).toBe('V8');
    expect(manifest.oauthScopes.sort()).toEqual(
      [
        'https://www.googleapis.com/auth/script.container.ui',
        'https://www.googleapis.com/auth/script.external_request',
        'https://www.googleapis.com/auth/script.scriptapp',
        'https://www.googleapis.com/auth/spreadsheets.currentonly',
      ].sort(),
    );
    expect(manifest.urlFetchWhitelist).toHaveLength(1);
    expect(manifest.urlFetchWhitelist[0]).toMatch(/^https:\/\/[^/]+\/.+/);
  });
});
