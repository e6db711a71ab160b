// Help → "Check this spreadsheet" through the built bundle: the dialog reports each uncertain behaviour the way the
// fakes play it, the permissions granted, the key by its hint and the installation source; the scratch sheet is gone
// afterwards, even when a step failed, and nothing in the user's sheets changed.
import { SCOPES, type GasEnvironment, type GasEnvironmentOptions } from '../../dev/gas-fakes';
import { FakeRange } from '../../dev/gas-fakes/spreadsheet-app';
import { start as startResearch } from './research-helpers';
import { addonWithKey, OWNER, useIntegrationMock, type LoadedAddon } from './harness';

const mock = useIntegrationMock(17);

const PARSING = 'Plain-text cells stop setValues from parsing';
const LISTING = 'getUserTriggers lists the add-on’s trigger';

/** What the user has in their sheets, as they see it: names, values, formulas, formats and the active sheet. */
function userSheets(env: GasEnvironment) {
  return {
    active: env.spreadsheet.activeSheet().name,
    sheets: env.spreadsheet.sheets().map((sheet) => ({
      name: sheet.name,
      values: sheet.values(),
      formulas: sheet.formulas(),
      hidden: sheet.hidden,
    })),
  };
}

/** Runs the menu item and reads its dialog's report back, as the user copies it. */
function check(addon: LoadedAddon, user = OWNER): Record<string, string> {
  const before = addon.env.ui.dialogs.length;
  addon.bundle.call('checkSpreadsheet', [], { mode: 'menu', user });
  const dialogs = addon.env.ui.dialogs.slice(before);
  expect(dialogs).toHaveLength(1);
  const text = /<textarea id="report" readonly>([^<]*)<\/textarea>/.exec(dialogs[0].html)?.[1];
  if (text === undefined) throw new Error('The dialog has no report.');
  const report = text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const [title, ...lines] = report.split('\n');
  expect(title).toBe('sheet-enrich diagnostics');
  return Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
  );
}

async function addonWithSheet(options: Partial<GasEnvironmentOptions> = {}) {
  const addon = await addonWithKey(mock, options);
  addon.env.spreadsheet.sheets()[0].write('A1', [['Profile URL'], ['+14155550100'], ['=1+1']]);
  return addon;
}

describe('Check this spreadsheet', () => {
  it.each([
    [true, 'yes (all 5 test texts stayed text)'],
    [false, /^no \(=1\+1 became a formula; .*TRUE became boolean true\); the add-on writes such text as rich text/],
  ])(
    'with plainTextStopsParsing %s, says so; the scratch sheet is gone and the user’s sheets unchanged',
    async (stops, said) => {
      const addon = await addonWithSheet({ uncertain: { plainTextStopsParsing: stops } });
      const before = userSheets(addon.env);
      const report = check(addon);
      expect(report[PARSING]).toEqual(typeof said === 'string' ? said : expect.stringMatching(said));
      expect(userSheets(addon.env)).toEqual(before);
    },
  );

  it('removes the scratch sheet when reading it back fails', async () => {
    const addon = await addonWithSheet();
    const before = userSheets(addon.env);
    const failing = jest.spyOn(FakeRange.prototype, 'getFormulas').mockImplementationOnce(() => {
      throw new Error('scratch read failed');
    });
    const report = check(addon);
    failing.mockRestore();
    expect(report[PARSING]).toMatch(/^could not check \(.*scratch read failed/);
    expect(userSheets(addon.env)).toEqual(before);
  });

  it.each([
    [true, 'yes'],
    [false, 'no (only getProjectTriggers lists it)'],
  ])('with userTriggersListAddOnClockTriggers %s, says %s once a trigger exists', async (listed, said) => {
    const addon = await addonWithKey(mock, { uncertain: { userTriggersListAddOnClockTriggers: listed } });
    expect(check(addon)[LISTING]).toMatch(/^unknown: no background trigger of yours is known/);
    startResearch(addon, { query: 'data engineers in Lisbon', limit: 5 });
    expect(addon.env.triggers.list()).toHaveLength(1);
    expect(check(addon)[LISTING]).toBe(said);
  });

  it('lists the scopes granted, the installation source, and the key by its hint when the service accepts it', async () => {
    const addon = await addonWithKey(mock, { installationSource: 'APPS_MARKETPLACE_DOMAIN_ADD_ON' });
    const report = check(addon);
    expect(report).toMatchObject({
      Permissions:
        'granted spreadsheets.currentonly, script.external_request, script.container.ui, script.scriptapp; not granted none',
      'Installed from': 'APPS_MARKETPLACE_DOMAIN_ADD_ON',
      'API key': `lk_…${addon.key.slice(-4)} accepted`,
      Service: mock.url,
    });
    expect(await mock.control.creditsCharged()).toBe(0);
  });

  it('says what it could not check for want of a permission', async () => {
    const addon = await addonWithKey(mock);
    addon.env.consent.setGranted([SCOPES.spreadsheetsCurrentOnly, SCOPES.containerUi], OWNER);
    expect(check(addon)).toMatchObject({
      Permissions:
        'granted spreadsheets.currentonly, script.container.ui; not granted script.external_request, script.scriptapp',
      [LISTING]: 'not checked: background work (script.scriptapp) is not allowed',
      'API key': 'not checked: connecting to the service is not allowed',
    });
    expect(await mock.control.requests()).toEqual([]);
  });

  it('says a rejected key, or none', async () => {
    const addon = await addonWithKey(mock);
    addon.env.properties.user(OWNER).API_KEY = 'lk_unknown_to_the_mock_000000009f2c';
    expect(check(addon)['API key']).toBe('lk_…9f2c rejected by the service (401)');
    delete addon.env.properties.user(OWNER).API_KEY;
    expect(check(addon)['API key']).toBe('none set');
  });

  it('shows words from outside as text, never markup', async () => {
    const addon = await addonWithKey(mock);
    const words = '<b>bold</b></textarea><script>alert(1)</script>';
    const failing = jest.spyOn(FakeRange.prototype, 'getFormulas').mockImplementationOnce(() => {
      throw new Error(words);
    });
    const report = check(addon);
    failing.mockRestore();
    expect(report[PARSING]).toMatch(/^could not check \(/);
    expect(report[PARSING]).toContain(words);
    const [dialog] = addon.env.ui.dialogs;
    expect(dialog.html.match(/<script>/g)).toHaveLength(1);
    expect(dialog.html.match(/<\/textarea>/g)).toHaveLength(1);
    expect(dialog.html).not.toContain('<b>');
  });
});
