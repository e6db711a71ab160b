// The BUILT dist/Code.js as Apps Script loads it: one plain script, entry points as top-level functions, custom
// functions documented for autocomplete, and nothing run at load time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { sidebarFunctionNames } from '../support/contract-names';
import { freeIdentifiers } from '../support/free-identifiers';
import { bundleCode, DIST, loadAddon, OWNER, disposeAddons } from './harness';

afterEach(disposeAddons);

const CUSTOM_FUNCTIONS: Record<string, string[]> = {
  SCRAPE_PROFILE: ['profile_url', 'fields', 'include_headers'],
  FIND_CONTACTS: ['lookup', 'fields', 'include_headers'],
  SEARCH_COMPANIES: ['query', 'limit', 'acceptance_threshold', 'fields', 'include_headers'],
  SEARCH_PEOPLE: ['query', 'limit', 'fields', 'include_headers'],
  ENRICH_PROFILE: ['profile_url', 'fields', 'include_headers'],
};
// The sidebar's functions, read from the contract's type.
const SERVER_FUNCTIONS = sidebarFunctionNames();
const OTHER_ENTRY_POINTS = [
  'onOpen',
  'onInstall',
  'showSettings',
  'showResearch',
  'checkSpreadsheet',
  'runBackgroundWork',
];

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
    // A name ending in _ is private in Apps Script: neither a custom function nor callable from the sidebar.
    expect(names.filter((name) => name.endsWith('_'))).toEqual([]);
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
  });

  it('reads no global but the ECMAScript built-ins and the Apps Script services', () => {
    // The globals of a fresh V8 context, less what the host adds there (console is an Apps Script service below).
    const builtins = (vm.runInNewContext('Object.getOwnPropertyNames(globalThis)') as string[]).filter(
      (name) => name !== 'console' && name !== 'WebAssembly',
    );
    const services = Object.keys(loadAddon().env.globals);
    const known = new Set([...builtins, ...services]);
    // docs/platform.md names fetch, URL, URLSearchParams, TextEncoder, setTimeout, Buffer, process, require and window;
    // any other undeclared name would fail in Apps Script just the same.
    expect(freeIdentifiers(code).filter((name) => !known.has(name))).toEqual([]);
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
      { caption: 'Enrich selection…', functionName: 'showEnrich' },
      { caption: 'Convert formulas to values', functionName: 'convertSelectionToValues' },
      { caption: 'Settings…', functionName: 'showSettings' },
      {
        title: 'Help',
        addon: false,
        items: [
          { caption: 'Help and costs', functionName: 'showHelp' },
          { caption: 'Check this spreadsheet', functionName: 'checkSpreadsheet' },
        ],
      },
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

describe('the free-identifier scan the bundle is checked with', () => {
  it('finds each name a script reads or writes without declaring it there, and no other', () => {
    const script = `
      var a = 1; let b = 2; const { c, d: [e = f], ...g } = h;
      function k(p, { q } = r, ...s) { var t = p + q + s + arguments.length + u; return function inner() { return inner + t + v.w + x[y]; }; }
      class K extends Base { method() { return this.z + K + z2; } }
      label: for (let i = 0; i < 3; i++) { if (i) continue label; }
      for (const key in obj) key;
      try { a(); } catch ({ message }) { message + m2; }
      ({ a, [computed]: 1, plain: b, method() { return hoisted + c + e + g; } });
      function hoisted() {}
      z3 = 1; [z4] = [1];
      { let blockOnly = 1; blockOnly; } blockOnly;
      const arrow = (n) => n + outer;
      later(); function later() { return laterVar; } var laterVar;
      typeof maybe;
      switch (a) { case 1: let inSwitch = fetch('x'); inSwitch; }
      arguments;
    `;
    expect(freeIdentifiers(script)).toEqual([
      'Base',
      'arguments',
      'blockOnly',
      'computed',
      'f',
      'fetch',
      'h',
      'm2',
      'maybe',
      'obj',
      'outer',
      'r',
      'u',
      'v',
      'x',
      'y',
      'z2',
      'z3',
      'z4',
    ]);
  });
});
