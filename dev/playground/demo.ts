// The sheet the playground opens on: profile URLs (one of them twice, written differently), emails and a company
// query, with formulas in place, so the first look already shows enriched rows; and a column of profile URLs under
// a header, ready to be selected for "Enrich selection…" (its first two are the people the emails in A8:A9 lead to,
// on the mock's default seed).
import { FORMULAS_KEY } from '../../src/core/spending';
import type { FakeSpreadsheet } from '../gas-fakes';

export const DEMO_SHEET_NAME = 'Demo';
/** Room to the right, so wide results (and columns past Z) fit, as after inserting columns in Sheets. */
const DEMO_COLUMNS = 52;

/** Row by row from A1; formulas are typed as a person would, and calculated by the engine. */
const DEMO_ROWS: string[][] = [
  ['Profile URL', 'name', 'headline', 'location', 'email', 'phone'],
  [
    'https://www.network.com/in/anna-schmidt-1a2b3c4',
    '=SCRAPE_PROFILE(A2:A5, B1:D1)',
    '',
    '',
    '=FIND_CONTACTS(A2:A5, E1:F1)',
  ],
  ['https://www.network.com/in/kenji-tanaka-7f3e9d2'],
  ['https://www.network.com/in/camille-dubois-4c8a1e0'],
  // The first profile again: fetched once, since the URLs name the same person.
  ['https://network.com/in/Anna-Schmidt-1a2b3c4/'],
  [],
  ['Email', 'phone', 'li'],
  ['lars.andersson@example.com', '=FIND_CONTACTS(A8:A9, B7:C7)'],
  ['sofia.rossi@example.com'],
  [],
  ['Company query', 'B2B SaaS startups in Lyon'],
  ['=SEARCH_COMPANIES(B11, 5)'],
];

/** Column H from H1: a header and profile URLs, nothing computed yet. */
const PROFILES_TO_ENRICH = [
  'Profiles to enrich',
  'https://www.network.com/in/lars-andersson-12ca5ba',
  'https://www.network.com/in/sofia-rossi-fdc1d54',
  'https://www.network.com/in/mateo-garcia-9d1f3b5',
  'https://www.network.com/in/priya-patel-6c2e8a4',
  'https://www.network.com/in/olivia-smith-0b7d5e9',
];

export function writeDemoSheet(spreadsheet: FakeSpreadsheet): void {
  spreadsheet.name = 'sheet-enrich playground';
  const sheet = spreadsheet.activeSheet();
  spreadsheet.rename(sheet, DEMO_SHEET_NAME);
  sheet.insertColumns(sheet.maxColumns, DEMO_COLUMNS - sheet.maxColumns);
  DEMO_ROWS.forEach((line, r) => {
    if (line.length > 0) sheet.write(`A${r + 1}`, [line]);
  });
  sheet.write(
    'H1',
    PROFILES_TO_ENRICH.map((text) => [text]),
  );
}

/**
 * The demo's start-up formulas are the playground's setup, not the user's spending: once they have answered, their
 * credits leave this document's formulas' ledger, so Settings shows nothing spent today and a budget the user sets
 * is all theirs. Their answers stay in the document cache: the demo still shows values, and recalculating it costs
 * nothing.
 */
export function forgetDemoSpend(documentProperties: Record<string, string>): void {
  for (const key of Object.keys(documentProperties)) {
    if (key.startsWith(FORMULAS_KEY)) delete documentProperties[key];
  }
}
