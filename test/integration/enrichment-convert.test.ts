// Convert formulas to values, and the menu items of Enrich selection, in the built bundle. The fakes never evaluate
// formulas: each formula is set with the result Sheets would show for it (setFormulaResult).
import type { ConvertResult } from '../../src/core/contract';
import { checkKeysAndDisposeAddons, loadAddon, OWNER } from './harness';
import { url } from './enrichment-helpers';

afterEach(() => checkKeysAndDisposeAddons());

function leads() {
  const addon = loadAddon();
  const sheet = addon.env.spreadsheet.sheets()[0];
  sheet.name = 'Leads';
  sheet.write('A1', [['Profile URL'], [url('ada')], [url('missing-bob')], [url('cy')]]);
  return { addon, sheet };
}

const convert = (addon: ReturnType<typeof loadAddon>) =>
  addon.bundle.callFromSidebar('convertToValues', [], OWNER) as ConvertResult;

describe('convertToValues', () => {
  it('turns the add-on’s formulas into the values they show, with all they spilled, and leaves other formulas', () => {
    const { addon, sheet } = leads();
    sheet.setFormulaResult('B1', '=SCRAPE_PROFILE(A2:A4, "name, num_of_connections, location", TRUE)', [
      ['name', 'num_of_connections', 'location'],
      ['Ada', 500, '00501'],
      ['#ERROR: Profile not found (404): the service has no profile at this URL.', '', ''],
      ['=HYPERLINK("http://evil.example","click")', 1234, '1-10'],
    ]);
    // The user formatted the connections column with thousands separators.
    for (const row of [2, 3, 4]) sheet.setCell(row, 3, { ...sheet.cell(row, 3), format: '#,##0' });
    sheet.setFormulaResult('F2', '=FIND_CONTACTS(A2, "email, email_rating")', [['ada@acme.example', 95]]);
    sheet.setFormulaResult('F9', '=SUM(1, 2)', 3);
    // Only the formulas' own cells are selected; what they spilled lies past the selection.
    addon.env.spreadsheet.select('Leads', 'B1:F2');
    expect(convert(addon)).toEqual({ cells: 12 + 2, errors: 0, loading: 0 });
    expect(
      sheet
        .formulas('A1:G9')
        .flat()
        .filter((formula) => formula !== ''),
    ).toEqual(['=SUM(1, 2)']);
    expect(sheet.values('B1:D4')).toEqual([
      ['name', 'num_of_connections', 'location'],
      ['Ada', 500, '00501'],
      ['#ERROR: Profile not found (404): the service has no profile at this URL.', '', ''],
      ['=HYPERLINK("http://evil.example","click")', 1234, '1-10'],
    ]);
    expect(sheet.values('F2:G2')).toEqual([['ada@acme.example', 95]]);
    // Text is kept as text; a number keeps the format it was shown in.
    expect(sheet.numberFormats('B2:D2')).toEqual([['@', '#,##0', '@']]);
    expect(sheet.displayValues('C2:C4')).toEqual([['500'], [''], ['1,234']]);
  });

  it('works out the spill of a per-row lookup from its input range, blank rows included', () => {
    const { addon, sheet } = leads();
    sheet.write('A3', [['']]);
    sheet.setFormulaResult('B2', '=ENRICH_PROFILE(A2:A4, "full_name")', [['Ada'], [''], ['Cy']]);
    sheet.write('B6', [['my own note']]);
    addon.env.spreadsheet.select('Leads', 'B2');
    expect(convert(addon)).toEqual({ cells: 3, errors: 0, loading: 0 });
    expect(sheet.values('B2:B6')).toEqual([['Ada'], [''], ['Cy'], [''], ['my own note']]);
    expect(sheet.formulas('B2:B4')).toEqual([[''], [''], ['']]);
  });

  it('converts a formula wrapped in another by the block of values it shows', () => {
    const { addon, sheet } = leads();
    sheet.setFormulaResult('B2', '=IFERROR(SCRAPE_PROFILE(A2:A4, "name, headline"), "")', [
      ['Ada', 'Countess'],
      ['Bob', 'Builder'],
    ]);
    sheet.write('B5', [['below a gap']]);
    addon.env.spreadsheet.select('Leads', 'A1:C9');
    expect(convert(addon)).toEqual({ cells: 4, errors: 0, loading: 0 });
    expect(sheet.values('B2:C5')).toEqual([
      ['Ada', 'Countess'],
      ['Bob', 'Builder'],
      ['', ''],
      ['below a gap', ''],
    ]);
  });

  it('leaves a formula that shows an error or is still loading', () => {
    const { addon, sheet } = leads();
    sheet.setFormulaResult('B2', '=SCRAPE_PROFILE("not a url")', '#ERROR!');
    sheet.setFormulaResult('C2', '=SEARCH_PEOPLE("data engineers in Lisbon")', 'Loading...');
    addon.env.spreadsheet.select('Leads', 'B2:C2');
    expect(convert(addon)).toEqual({ cells: 0, errors: 1, loading: 1 });
    expect(sheet.formulas('B2:C2')).toEqual([
      ['=SCRAPE_PROFILE("not a url")', '=SEARCH_PEOPLE("data engineers in Lisbon")'],
    ]);
  });

  it('from the menu, says how many cells it converted', () => {
    const { addon, sheet } = leads();
    sheet.setFormulaResult('B2', '=SCRAPE_PROFILE(A2:A4, "name")', [['Ada'], ['Bob'], ['Cy']]);
    addon.env.spreadsheet.select('Leads', 'B2');
    addon.bundle.call('convertSelectionToValues', [], { mode: 'menu', user: OWNER });
    expect(addon.env.ui.toasts).toEqual([{ message: 'Converted 3 cells to plain values.', title: 'sheet-enrich' }]);
    addon.env.spreadsheet.select('Leads', 'A1');
    addon.bundle.call('convertSelectionToValues', [], { mode: 'menu', user: OWNER });
    expect(addon.env.ui.toasts[1].message).toBe(
      "The selection holds none of sheet-enrich's formulas showing values, so nothing was converted.",
    );
  });

  it('from the menu, says how many error formulas it left as they are, and why', () => {
    const { addon, sheet } = leads();
    sheet.setFormulaResult('B2', '=SCRAPE_PROFILE(A2, "name")', [['Ada']]);
    sheet.setFormulaResult('B3', '=SCRAPE_PROFILE(A3, "name")', '#ERROR!');
    sheet.setFormulaResult('B4', '=SCRAPE_PROFILE(A4, "nme")', '#ERROR!');
    addon.env.spreadsheet.select('Leads', 'B2:B4');
    addon.bundle.call('convertSelectionToValues', [], { mode: 'menu', user: OWNER });
    expect(addon.env.ui.toasts).toEqual([
      {
        message:
          'Converted 1 cell to plain values. 2 formulas show an error, so they stay as they are: point at one to ' +
          'read why.',
        title: 'sheet-enrich',
      },
    ]);
    expect(sheet.formulas('B3:B4')).toEqual([['=SCRAPE_PROFILE(A3, "name")'], ['=SCRAPE_PROFILE(A4, "nme")']]);
  });
});

describe('the menu', () => {
  it('has Enrich selection…, which opens the sidebar on the Enrich panel, and Convert formulas to values', () => {
    const { addon } = leads();
    addon.bundle.call('onOpen', [{}], { mode: 'authModeNone', user: OWNER });
    const items = JSON.stringify(addon.env.ui.menus);
    expect(items).toContain('Enrich selection…');
    expect(items).toContain('Convert formulas to values');
    addon.bundle.call('showEnrich', [], { mode: 'menu', user: OWNER });
    expect(addon.env.ui.sidebars[0].html).toContain('data-initial-panel="enrich"');
  });
});
