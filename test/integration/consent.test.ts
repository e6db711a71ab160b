// Granular consent through the built bundle: each of the manifest's scopes missing in turn, and granted again. A menu
// or sidebar action asks for what it needs (Google's consent prompt), formulas say the owner must allow connecting,
// and without the trigger scope work goes on from the open sidebar, which says background work is off. No raw
// permission error reaches the user.
import { ConsentPromptShown, SCOPES } from '../../dev/gas-fakes';
import type { ConsentView, JobSummary } from '../../src/core/contract';
import { continueRuns, inputSheet, start as startRun, url } from './enrichment-helpers';
import { addonWithKey, formula, OWNER, sidebar, TEAMMATE, useIntegrationMock, type LoadedAddon } from './harness';
import { resultsAppear } from './research-helpers';

const mock = useIntegrationMock(13);

const ALL = Object.values(SCOPES).filter((scope) => scope !== SCOPES.spreadsheets);
const without = (scope: string) => ALL.filter((granted) => granted !== scope);
const RAW_REFUSAL = /You do not have permission|Required permissions|Authorization is required/;
const RUN = { sheetName: 'Leads', inputA1: 'A1:A3', operation: 'scrape' } as const;

const menu = (addon: LoadedAddon, name: string, user = OWNER) => addon.bundle.call(name, [], { mode: 'menu', user });
const prompts = (addon: LoadedAddon) => addon.env.consent.prompts;
const calls = (addon: LoadedAddon, name: string) => addon.env.stats.callsByName[name] ?? 0;
const apiRequests = async () => (await mock.control.requests()).filter((entry) => entry.path.startsWith('/api/'));

describe('without script.external_request', () => {
  it('formulas say in one sentence that the owner must allow connecting, and send nothing; allowed, they work', async () => {
    const addon = await addonWithKey(mock);
    addon.env.consent.setGranted(without(SCOPES.externalRequest), OWNER);
    // A custom function runs on the owner's consent: the teammate's own grant changes nothing.
    const single = () => formula(addon, 'SCRAPE_PROFILE', [url('ada-lovelace')], TEAMMATE);
    expect(single).toThrow(
      /not allowed to connect to the service.*spreadsheet's owner.*Connect to an external service/,
    );
    expect(single).not.toThrow(RAW_REFUSAL);
    const rows = formula(addon, 'SCRAPE_PROFILE', [[[url('ann')], [url('bob')]], 'name']) as unknown[][];
    for (const [cell] of rows) expect(cell).toMatch(/^#ERROR: sheet-enrich is not allowed to connect/);
    expect(await apiRequests()).toEqual([]);
    expect(prompts(addon)).toEqual([]);

    addon.env.consent.setGranted(ALL, OWNER);
    const answered = formula(addon, 'SCRAPE_PROFILE', [url('ada-lovelace'), 'name'], TEAMMATE) as unknown[][];
    expect(String(answered[0][0])).not.toMatch(/ERROR/);
  });

  it('a cached formula asks Google nothing about consent', async () => {
    const addon = await addonWithKey(mock);
    formula(addon, 'SCRAPE_PROFILE', [url('ada-lovelace'), 'name']);
    addon.env.consent.setGranted(without(SCOPES.externalRequest), OWNER);
    const cached = formula(addon, 'SCRAPE_PROFILE', [url('ada-lovelace'), 'name']) as unknown[][];
    expect(String(cached[0][0])).not.toMatch(/ERROR/);
    expect(calls(addon, 'ScriptApp.getAuthorizationInfo') + calls(addon, 'ScriptApp.requireScopes')).toBe(0);
  });

  it('opening the sidebar and starting research show Google’s prompt for it, and start nothing', async () => {
    const addon = await addonWithKey(mock);
    addon.env.consent.setGranted(without(SCOPES.externalRequest), OWNER);
    expect(() => menu(addon, 'showResearch')).toThrow(ConsentPromptShown);
    expect(() => sidebar(addon, 'startResearch', [{ query: 'data engineers in Lisbon' }])).toThrow(ConsentPromptShown);
    expect(prompts(addon)).toEqual([
      { user: OWNER, mode: 'menu', missing: [SCOPES.externalRequest] },
      { user: OWNER, mode: 'sidebar', missing: [SCOPES.externalRequest] },
    ]);
    expect(addon.env.ui.sidebars).toEqual([]);
    expect(addon.env.properties.document()).toEqual({});
    expect(await apiRequests()).toEqual([]);

    addon.env.consent.setGranted(ALL, OWNER);
    menu(addon, 'showResearch');
    const job = sidebar<JobSummary>(addon, 'startResearch', [{ query: 'data engineers in Lisbon' }]);
    expect(addon.env.ui.sidebars).toHaveLength(1);
    expect(job.error).toBeNull();
    expect(prompts(addon)).toHaveLength(2);
  });

  it('a run continued after the user withdrew it pauses with the one sentence', async () => {
    const addon = await addonWithKey(mock);
    inputSheet(addon.env, 'Leads', 'Profile URL', [url('ada'), url('bob')]);
    const run = startRun(addon, RUN);
    addon.env.consent.setGranted(without(SCOPES.externalRequest), OWNER);
    const [paused] = continueRuns(addon, run.runId);
    expect(paused.status).toBe('paused');
    expect(paused.error).toMatch(/^sheet-enrich is not allowed to connect to the service/);
    expect(JSON.stringify(paused)).not.toMatch(RAW_REFUSAL);
    expect(await apiRequests()).toEqual([]);

    addon.env.consent.setGranted(ALL, OWNER);
    sidebar(addon, 'resumeEnrichment', [run.runId]);
    const [resumed] = continueRuns(addon, run.runId);
    expect(resumed).toMatchObject({ status: 'completed', ok: 2 });
  });
});

describe('without script.container.ui', () => {
  it.each(['showSettings', 'showEnrich', 'showHelp', 'checkSpreadsheet'])(
    '%s shows Google’s prompt for it; allowed, it opens',
    async (item) => {
      const addon = await addonWithKey(mock);
      addon.env.consent.setGranted(without(SCOPES.containerUi), OWNER);
      expect(() => menu(addon, item)).toThrow(ConsentPromptShown);
      expect(prompts(addon)).toEqual([{ user: OWNER, mode: 'menu', missing: [SCOPES.containerUi] }]);
      expect([...addon.env.ui.sidebars, ...addon.env.ui.dialogs]).toEqual([]);

      addon.env.consent.setGranted(ALL, OWNER);
      menu(addon, item);
      expect([...addon.env.ui.sidebars, ...addon.env.ui.dialogs]).toHaveLength(1);
    },
  );
});

describe('without script.spreadsheets.currentonly', () => {
  it('a menu action asks first; a sidebar read asks once Google refused it', async () => {
    const addon = await addonWithKey(mock);
    addon.env.consent.setGranted(without(SCOPES.spreadsheetsCurrentOnly), OWNER);
    expect(() => menu(addon, 'convertSelectionToValues')).toThrow(ConsentPromptShown);
    expect(() => sidebar(addon, 'getSelectionInfo')).toThrow(ConsentPromptShown);
    expect(prompts(addon)).toEqual([
      { user: OWNER, mode: 'menu', missing: [SCOPES.spreadsheetsCurrentOnly] },
      { user: OWNER, mode: 'sidebar', missing: [SCOPES.spreadsheetsCurrentOnly] },
    ]);
    expect(addon.env.ui.toasts).toEqual([]);

    addon.env.consent.setGranted(ALL, OWNER);
    menu(addon, 'convertSelectionToValues');
    expect(addon.env.ui.toasts).toHaveLength(1);
  });

  it('an action with everything granted makes no consent call unless it asks first', async () => {
    const addon = await addonWithKey(mock);
    sidebar(addon, 'listEnrichments');
    sidebar(addon, 'listResearchJobs');
    expect(calls(addon, 'ScriptApp.requireScopes') + calls(addon, 'ScriptApp.getAuthorizationInfo')).toBe(0);
    menu(addon, 'showEnrich');
    expect(calls(addon, 'ScriptApp.requireScopes')).toBe(1);
    expect(prompts(addon)).toEqual([]);
  });
});

describe('without script.scriptapp', () => {
  it('research goes on from the open sidebar, with no trigger, and the sidebar says background work is off', async () => {
    const addon = await addonWithKey(mock);
    addon.env.consent.setGranted(without(SCOPES.scriptApp), OWNER);
    menu(addon, 'showResearch');
    const consent = sidebar<ConsentView>(addon, 'getConsent');
    expect(consent.backgroundOff).toMatch(/^Background work is off .*only while this sidebar is open/);
    const job = sidebar<JobSummary>(addon, 'startResearch', [{ query: 'data engineers in Lisbon', limit: 5 }]);
    expect(job.error).toBeNull();
    expect(addon.env.triggers.list()).toEqual([]);
    await resultsAppear(mock, job.jobId);
    const [polled] = sidebar<JobSummary[]>(addon, 'pollResearch', [job.jobId]);
    expect(polled.rowsWritten).toBeGreaterThan(0);
    expect(polled.error).toBeNull();
    expect(JSON.stringify(polled)).not.toMatch(RAW_REFUSAL);
    expect(calls(addon, 'ScriptApp.getAuthorizationInfo')).toBe(1);

    expect(() => sidebar(addon, 'allowBackgroundWork')).toThrow(ConsentPromptShown);
    expect(prompts(addon)).toEqual([{ user: OWNER, mode: 'sidebar', missing: [SCOPES.scriptApp] }]);
  });

  it('a run goes on from the open sidebar; allowed again, the trigger is set up and the notice goes', async () => {
    const addon = await addonWithKey(mock);
    addon.env.consent.setGranted(without(SCOPES.scriptApp), OWNER);
    inputSheet(addon.env, 'Leads', 'Profile URL', [url('ada'), url('bob')]);
    const run = startRun(addon, RUN);
    expect(run.error).toBeNull();
    const [done] = continueRuns(addon, run.runId);
    expect(done).toMatchObject({ status: 'completed', ok: 2, error: null });
    expect(addon.env.triggers.list()).toEqual([]);

    addon.env.consent.setGranted(ALL, OWNER);
    expect(sidebar<ConsentView>(addon, 'getConsent')).toEqual({ backgroundOff: null });
    sidebar(addon, 'allowBackgroundWork');
    sidebar(addon, 'startResearch', [{ query: 'data engineers in Lisbon', limit: 5 }]);
    expect(addon.env.triggers.list()).toHaveLength(1);
    expect(prompts(addon)).toEqual([]);
  });
});
