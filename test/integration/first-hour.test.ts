// A new user's first hour, through the built bundle: formulas typed into a sheet (the playground's engine places
// results as Sheets does, spills and #REF! included), the advice messages give, the Help dialog, and what is refused
// before anything is spent.
import { PLAIN_TEXT_FORMAT } from '../../dev/gas-fakes/cell-input';
import type { FakeSheet } from '../../dev/gas-fakes';
import { FormulaEngine } from '../../dev/playground/engine';
import { addonWithKey, formula, loadAddon, type LoadedAddon, OWNER, TEAMMATE, useIntegrationMock } from './harness';

const mock = useIntegrationMock(11);

const FUNCTIONS = ['SCRAPE_PROFILE', 'FIND_CONTACTS', 'ENRICH_PROFILE', 'SEARCH_COMPANIES', 'SEARCH_PEOPLE'];
const url = (slug: string) => `https://www.network.com/in/${slug}`;
const slugOf = (value: unknown) => /\/in\/([^/?#]+)/.exec(String(value))?.[1].toLowerCase() ?? '';

async function apiRequests() {
  return (await mock.control.requests()).filter((entry) => entry.path.startsWith('/api/'));
}

/** A sheet where typed formulas run the add-on's functions, as a teammate of the owner recalculating them. */
function sheetOf(addon: LoadedAddon) {
  const sheet = addon.env.spreadsheet.activeSheet();
  const engine = new FormulaEngine(addon.env.spreadsheet, (name, args) => formula(addon, name, args), FUNCTIONS);
  const type = (a1: string, input: string) => {
    const { row, column } = sheet.rect(a1);
    engine.setInput(sheet, row, column, input);
  };
  const error = (a1: string) => {
    const { row, column } = sheet.rect(a1);
    return engine.notes(sheet, row, column).error;
  };
  return { sheet, engine, type, error };
}

/** The values of one column of `sheet`, rows first to last. */
function column(sheet: FakeSheet, letter: string, first: number, last: number): unknown[] {
  return sheet.values(`${letter}${first}:${letter}${last}`).map(([value]) => value);
}

describe('output rows line up with input rows', () => {
  const slugs = ['ann', 'bob', '', 'cy', 'ann'];

  it('a range formula beside its inputs puts each profile on its input row; TRUE in the header row adds headers', async () => {
    const addon = await addonWithKey(mock);
    const { sheet, type, error } = sheetOf(addon);
    slugs.forEach((slug, i) => type(`P${i + 2}`, slug === '' ? '' : url(slug)));
    type('Q2', '=SCRAPE_PROFILE(P2:P6, "network_url, name")');
    expect(error('Q2')).toBeUndefined();
    expect(column(sheet, 'Q', 2, 6).map(slugOf)).toEqual(slugs);
    expect(sheet.values('Q1:R1')).toEqual([['', '']]);

    type('Q2', '');
    type('Q1', '=SCRAPE_PROFILE(P2:P6, "network_url, name", TRUE)');
    expect(sheet.values('Q1:R1')).toEqual([['network_url', 'name']]);
    expect(column(sheet, 'Q', 2, 6).map(slugOf)).toEqual(slugs);
  });

  it('without fields too: every per-row lookup gives exactly one row per input cell', async () => {
    const addon = await addonWithKey(mock);
    const input = slugs.map((slug) => [slug === '' ? '' : url(slug)]);
    for (const name of ['SCRAPE_PROFILE', 'ENRICH_PROFILE', 'FIND_CONTACTS']) {
      const rows = formula(addon, name, [input]) as unknown[][];
      expect(rows).toHaveLength(input.length);
      expect(rows[2].every((cell) => cell === '')).toBe(true);
      const withHeaders = formula(addon, name, [input, undefined, true]) as unknown[][];
      expect(withHeaders.slice(1)).toEqual(rows);
      expect(withHeaders[0].every((header) => typeof header === 'string' && header !== '')).toBe(true);
    }
  });

  it('a single-cell formula filled down gives one row per cell, with no #REF!', async () => {
    const addon = await addonWithKey(mock);
    const { sheet, type, error } = sheetOf(addon);
    ['ann', 'bob', 'cy'].forEach((slug, i) => type(`A${i + 2}`, url(slug)));
    for (const row of [2, 3, 4]) type(`B${row}`, `=SCRAPE_PROFILE(A${row})`);
    for (const row of [2, 3, 4]) expect(error(`B${row}`)).toBeUndefined();
    const width = (formula(addon, 'SCRAPE_PROFILE', [url('ann')]) as unknown[][])[0].length;
    const last = String.fromCharCode('B'.charCodeAt(0) + width - 1);
    const urls = sheet.values(`B2:${last}4`).map((row) => row[width - 1]);
    expect(urls.map(slugOf)).toEqual(['ann', 'bob', 'cy']);
  });

  it('headers typed in row 1 from the documented names work as fields for a filled-down column', async () => {
    const addon = await addonWithKey(mock);
    const { sheet, type, error } = sheetOf(addon);
    type('B1', 'name');
    type('C1', 'experience.1.employer_name');
    type('A2', url('ann'));
    type('A3', url('bob'));
    type('B2', '=SCRAPE_PROFILE(A2, $B$1:$C$1)');
    type('B3', '=SCRAPE_PROFILE(A3, $B$1:$C$1)');
    expect([error('B2'), error('B3')]).toEqual([undefined, undefined]);
    expect(sheet.values('B2:C3').every((row) => row.every((cell) => cell !== ''))).toBe(true);
  });
});

describe('what would misalign or is missing is refused, before any request', () => {
  it('a range of several columns', async () => {
    const addon = await addonWithKey(mock);
    const { type, error } = sheetOf(addon);
    type('A2', url('ann'));
    type('B2', url('bob'));
    type('D2', '=SCRAPE_PROFILE(A2:B3)');
    expect(error('D2')).toEqual({
      code: '#ERROR!',
      message:
        'SCRAPE_PROFILE takes one column of profile URLs (such as A2:A100), so that each output row lines up with ' +
        'its input row; this range has 2 columns.',
    });
    expect(await apiRequests()).toHaveLength(0);
  });

  it.each([
    ['SCRAPE_PROFILE', '=SCRAPE_PROFILE(profile_url, [fields], [include_headers])'],
    ['FIND_CONTACTS', '=FIND_CONTACTS(lookup, [fields], [include_headers])'],
    ['ENRICH_PROFILE', '=ENRICH_PROFILE(profile_url, [fields], [include_headers])'],
    ['SEARCH_COMPANIES', '=SEARCH_COMPANIES(query, [limit], [acceptance_threshold], [fields], [include_headers])'],
    ['SEARCH_PEOPLE', '=SEARCH_PEOPLE(query, [limit], [fields], [include_headers])'],
  ])('=%s() with no argument shows the usage', async (name, usage) => {
    const addon = await addonWithKey(mock);
    const { type, error } = sheetOf(addon);
    type('A1', `=${name}()`);
    expect(error('A1')?.code).toBe('#ERROR!');
    expect(error('A1')?.message).toMatch(new RegExp(`^${name} needs .*: ${usage.replace(/[()[\]]/g, '\\$&')}\\.$`));
    expect(await apiRequests()).toHaveLength(0);
  });
});

describe('phone numbers: the advice given is what works in Sheets', () => {
  it('typed with its +, a phone is a broken formula; with an apostrophe or in a plain-text column it is looked up', async () => {
    const addon = await addonWithKey(mock);
    const { sheet, type, error } = sheetOf(addon);
    type('A2', '+1 (415) 555-0123');
    expect(sheet.displayValues('A2')).toEqual([['#ERROR!']]);

    type('A3', '14155550123');
    type('B3', '=FIND_CONTACTS(A3, "email")');
    const advice = error('B3')?.message ?? '';
    expect(advice).toMatch(/apostrophe in front \('\+14155550100\)/);
    expect(advice).toMatch(/format the column as plain text \(Format → Number → Plain text\) and type it again/);
    expect(advice).not.toMatch(/punctuation/);

    // Both ways the advice names.
    type('A4', "'+14155550123");
    sheet.setCell(5, 1, { value: '', formula: '', format: PLAIN_TEXT_FORMAT });
    type('A5', '+1 (415) 555-0123');
    type('B4', '=FIND_CONTACTS(A4, "email")');
    type('B5', '=FIND_CONTACTS(A5, "email")');
    expect([error('B4'), error('B5')]).toEqual([undefined, undefined]);
    const phones = (await apiRequests()).map((entry) => entry.query.phone);
    expect(phones).toEqual(['+14155550123']);
  });

  it('a small number is told what a lookup is, not that it was a phone number', async () => {
    const addon = await addonWithKey(mock);
    expect(() => formula(addon, 'FIND_CONTACTS', [5])).toThrow(
      'The lookup must be a profile URL, an email address or a phone number, not the number 5.',
    );
    expect(await apiRequests()).toHaveLength(0);
  });
});

describe('field names a user can guess', () => {
  it('names of the other profile record, names run together, all unknown names at once', async () => {
    const addon = await addonWithKey(mock);
    expect(() => formula(addon, 'SCRAPE_PROFILE', [url('ann'), 'full_name'])).toThrow(/Did you mean "name"\?$/);
    expect(() => formula(addon, 'ENRICH_PROFILE', [url('ann'), 'num_of_connections'])).toThrow(
      /Did you mean "connections_count"\?$/,
    );
    expect(() => formula(addon, 'SCRAPE_PROFILE', [url('ann'), 'name headline'])).toThrow(
      'Unknown field "name headline": separate field names with commas, as in "name, headline".',
    );
    expect(() => formula(addon, 'FIND_CONTACTS', ['ann@example.com', 'phone_number, emial'])).toThrow(
      '2 field names are not valid: "phone_number" (did you mean "phone", "phone_type" or "phone_rating"?) and ' +
        '"emial" (did you mean "email"?).',
    );
    expect(await apiRequests()).toHaveLength(0);
  });

  it('a 100,000-character fields argument is refused with a short message, sending nothing', async () => {
    const addon = await addonWithKey(mock);
    const names = Array.from({ length: 12_000 }, (_, i) => `nm${i}`).join(', ');
    for (const fields of ['x'.repeat(100_000), names]) {
      expect(fields.length).toBeGreaterThanOrEqual(90_000);
      let message = '';
      try {
        formula(addon, 'SCRAPE_PROFILE', [url('ann'), fields]);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^(Invalid field|12000 field names are not valid)/);
      expect(message.length).toBeLessThan(800);
    }
    expect(await apiRequests()).toHaveLength(0);
  });

  it('a criterion column the service did not evaluate says so instead of staying blank', async () => {
    const addon = await addonWithKey(mock);
    const rows = formula(addon, 'SEARCH_COMPANIES', [
      'fintech startups in Berlin',
      3,
      undefined,
      'company_name, criteria.Based in Berlin, criteria.Sells to hospitals',
    ]) as unknown[][];
    expect(rows[0]).toEqual(['company_name', 'criteria.Based in Berlin', 'criteria.Sells to hospitals']);
    expect(rows).toHaveLength(1 + 3); // the header and the 3 companies asked for
    for (const row of rows.slice(1)) {
      expect(['YES', 'MAYBE', 'NO']).toContain(row[1]);
      expect(row[2]).toBe('NOT EVALUATED');
    }
  });
});

describe('onboarding', () => {
  it('a formula without the owner key tells an editor that the owner must set it', async () => {
    const addon = loadAddon();
    addon.env.properties.user(TEAMMATE).API_KEY = 'lk_teammate_own_key_0000';
    expect(() => formula(addon, 'SCRAPE_PROFILE', [url('ann')], TEAMMATE)).toThrow(
      "The spreadsheet's owner has no API key set; formulas use the owner's settings, so the owner must add a key in " +
        'Extensions → sheet-enrich → Settings.',
    );
    expect(await apiRequests()).toHaveLength(0);
  });

  it('the menu has Help, which shows what it does, costs, who pays and "Use in this document"', () => {
    const { env, bundle } = loadAddon();
    bundle.call('onOpen', [{}], { mode: 'authModeNone', user: OWNER });
    const items = env.ui.menus.find((menu) => menu.addon)?.items ?? [];
    expect(items).toContainEqual(
      expect.objectContaining({
        title: 'Help',
        items: expect.arrayContaining([{ caption: 'Help and costs', functionName: 'showHelp' }]),
      }),
    );
    bundle.call('showHelp', [], { mode: 'menu', user: TEAMMATE });
    expect(env.ui.dialogs).toHaveLength(1);
    const { title, html } = env.ui.dialogs[0];
    expect(title).toBe('sheet-enrich help');
    for (const text of [
      'SCRAPE_PROFILE: 2 per profile',
      'FIND_CONTACTS: 1 per lookup',
      "owner's</b> settings",
      'Extensions → Add-ons → Manage add-ons',
      'Use in this document',
      'user manual',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.)/);
  });

  it('a research limit that is not a whole number is refused, and no job starts', async () => {
    const addon = await addonWithKey(mock);
    for (const limit of [true, [5], '5']) {
      expect(() => addon.bundle.callFromSidebar('startResearch', [{ query: 'nurses in Porto', limit }], OWNER)).toThrow(
        'The result limit must be a whole number from 1 to 1000.',
      );
    }
    expect(await apiRequests()).toHaveLength(0);
  });
});
