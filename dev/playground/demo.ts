// The sheet the playground opens on: profile URLs (one of them twice, written differently), emails and a company
// query, with formulas in place, so the first look already shows enriched rows.
import type { FakeSpreadsheet } from '../gas-fakes';

const DEMO_SHEET_NAME = 'Demo';

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
  ['Company query', 'fintech startups in Berlin'],
  ['=SEARCH_COMPANIES(B11, 5)'],
];

export function writeDemoSheet(spreadsheet: FakeSpreadsheet): void {
  spreadsheet.name = 'sheet-enrich playground';
  const sheet = spreadsheet.activeSheet();
  spreadsheet.rename(sheet, DEMO_SHEET_NAME);
  DEMO_ROWS.forEach((line, r) => {
    if (line.length > 0) sheet.write(`A${r + 1}`, [line]);
  });
}
