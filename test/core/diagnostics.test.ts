// The diagnostics' report (src/core/diagnostics.ts) over in-memory ports: each check answers either way, one that
// fails leaves the others, and the key appears only as its hint.
import type { ApiClient } from '../../src/core/api/client';
import {
  escapeHtml,
  PARSE_PROBES,
  reportText,
  runDiagnostics,
  type DiagnosticLine,
  type DiagnosticsPorts,
} from '../../src/core/diagnostics';
import type { Consent, PlatformProbe } from '../../src/core/ports';
import type { Permission } from '../../src/core/scopes';
import { API_KEY, BASE_URL, json, setup } from './api/fakes';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const UID = 'trigger-1';

function probe(overrides: Partial<PlatformProbe> = {}): PlatformProbe {
  return {
    plainTextRoundTrip: (texts) => ({ values: [...texts], formulas: texts.map(() => '') }),
    listedTriggers: () => ({ inDocument: [UID], inProject: [UID] }),
    installationSource: () => 'WEB_STORE_ADD_ON',
    ...overrides,
  };
}

const consent = (missing: Permission[] = []): Consent => ({
  missing: (asked) => asked.filter((permission) => missing.includes(permission)),
  require: () => undefined,
});

function ports(overrides: Partial<DiagnosticsPorts> = {}, answer = json(404, { detail: 'Job not found' })) {
  const { client, http } = setup(() => answer);
  const base: DiagnosticsPorts = {
    probe: probe(),
    consent: consent(),
    settings: { apiKey: API_KEY, baseUrl: BASE_URL, tier: '1', formulaDailyBudget: null },
    client,
    triggerUid: UID,
    handler: 'runBackgroundWork',
    now: NOW,
  };
  return { ports: { ...base, ...overrides }, http };
}

const byCheck = (lines: DiagnosticLine[]) => Object.fromEntries(lines.map(({ check, result }) => [check, result]));
const results = (p: DiagnosticsPorts) => byCheck(runDiagnostics(p));

describe('runDiagnostics', () => {
  it('reports every check, each on its own line of the text', () => {
    const { ports: p, http } = ports();
    const lines = runDiagnostics(p);
    expect(lines.map((line) => line.check)).toEqual([
      'Checked at',
      'Permissions',
      'Installed from',
      'Plain-text cells stop setValues from parsing',
      'getUserTriggers lists the add-on’s trigger',
      'API key',
      'Service',
    ]);
    expect(byCheck(lines)).toMatchObject({
      'Checked at': '2026-03-02T10:00:00.000Z',
      'Installed from': 'WEB_STORE_ADD_ON',
      'Plain-text cells stop setValues from parsing': 'yes (all 5 test texts stayed text)',
      'getUserTriggers lists the add-on’s trigger': 'yes',
      'API key': `lk_…${API_KEY.slice(-4)} accepted`,
      Service: BASE_URL,
    });
    expect(reportText(lines).split('\n')).toHaveLength(lines.length + 1);
    // The key check reads a job no one has: free.
    expect(http.requests.map((request) => request.url)).toEqual([expect.stringContaining('sheet-enrich-key-check')]);
  });

  it('names each text Sheets parsed in plain-text cells', () => {
    const parsing = probe({
      plainTextRoundTrip: () => ({ values: [2, 14155550100, '1-10', 501, true], formulas: ['=1+1', '', '', '', ''] }),
    });
    expect(results(ports({ probe: parsing }).ports)['Plain-text cells stop setValues from parsing']).toBe(
      'no (=1+1 became a formula; +14155550100 became number 14155550100; 00501 became number 501; TRUE became boolean true); the add-on writes such text as rich text, which Sheets never parses',
    );
    expect(PARSE_PROBES).toContain('1-10');
  });

  it.each([
    [{ inDocument: [], inProject: [UID] }, 'no (only getProjectTriggers lists it)'],
    [{ inDocument: [], inProject: [] }, 'no (neither listing shows it: it may have been deleted)'],
  ])('says when getUserTriggers does not list the trigger (%j)', (listed, expected) => {
    const p = ports({ probe: probe({ listedTriggers: () => listed }) }).ports;
    expect(results(p)['getUserTriggers lists the add-on’s trigger']).toBe(expected);
  });

  it('cannot tell about the listing while no trigger is known', () => {
    const p = ports({ triggerUid: null }).ports;
    expect(results(p)['getUserTriggers lists the add-on’s trigger']).toMatch(/^unknown: .*\(it lists 1\); start/);
  });

  it('lists the permissions granted and not, and skips the checks they would need', () => {
    const { ports: p, http } = ports({ consent: consent(['scriptApp', 'externalRequest']) });
    expect(results(p)).toMatchObject({
      Permissions:
        'granted spreadsheets.currentonly, script.container.ui; not granted script.external_request, script.scriptapp',
      'getUserTriggers lists the add-on’s trigger': 'not checked: background work (script.scriptapp) is not allowed',
      'API key': 'not checked: connecting to the service is not allowed',
    });
    expect(http.requests).toEqual([]);
  });

  it('says a rejected key by its hint, and no key as none', () => {
    const rejected = ports({}, json(401, { detail: 'bad key' })).ports;
    expect(results(rejected)['API key']).toBe(`lk_…${API_KEY.slice(-4)} rejected by the service (401)`);
    const none = ports({ client: null as ApiClient | null, settings: { ...rejected.settings, apiKey: null } }).ports;
    expect(results(none)['API key']).toBe('none set');
  });

  it('goes on past a check that fails, saying why', () => {
    const failing = probe({
      plainTextRoundTrip: () => {
        throw new Error('Service Spreadsheets failed');
      },
    });
    const found = results(ports({ probe: failing }).ports);
    expect(found['Plain-text cells stop setValues from parsing']).toBe('could not check (Service Spreadsheets failed)');
    expect(found['Installed from']).toBe('WEB_STORE_ADD_ON');
  });

  it('never shows the key', () => {
    const text = reportText(runDiagnostics(ports().ports));
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(API_KEY.slice(3, -4));
  });
});

describe('escapeHtml', () => {
  it('leaves no markup', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')"> & </textarea>`)).toBe(
      '&#60;img src=x onerror=&#34;a(&#39;b&#39;)&#34;&#62; &#38; &#60;/textarea&#62;',
    );
  });
});
