// The tips `npm start` prints under the playground's address: things to try first, each saying what really happens.
// A per-row lookup without include_headers gives one row per input, one column per field; a search gives a table
// with a header row. test/browser/playground-polish.test.ts does what the first tip says.

export const TIPS_WITH_MOCK = [
  'Click an empty cell (say A20), type =SCRAPE_PROFILE(A2) and press Enter: the profile fills row 20 to the right, ' +
    'one column per field (name, headline, title…).',
  'Type =SEARCH_COMPANIES("fintech startups in Berlin") somewhere with room: a table with a header row, one row per ' +
    'company and one YES/MAYBE/NO column per criterion.',
  'Change the query in B11: the search below it runs again.',
  'Type =SCRAPE_PROFILE(H2) in I2, drag the small square at its corner down to I6 (or select I2:I6 and press Ctrl+D).',
  'Drag over cells (or Shift+click) to select them; Ctrl+C and Ctrl+V copy and paste their values.',
  'Extensions → sheet-enrich → Research people…: start a job and watch its rows arrive in a new sheet tab.',
  'Playground → Let time pass…: days go by and some people change jobs, titles, cities; refresh to see it.',
  'Playground → Faults: errors, rate limits, dropped connections, an empty key; Playground → Speed for faster runs.',
];

export const TIPS_WITH_SERVICE = [
  "Extensions → sheet-enrich → Settings…: pick your plan's scrape tier first (the default, free, paces 5 scrapes a minute).",
  'Type a profile URL into A1 and =SCRAPE_PROFILE(A1) into A3: the profile fills row 3 to the right, one column per ' +
    'field.',
  'Type =SEARCH_COMPANIES("fintech startups in Berlin", 3) into a cell with room below and to the right: a header ' +
    'row and up to 3 companies.',
  'Extensions → sheet-enrich → Research people…: start a job and watch its rows arrive in a new sheet tab.',
];
