// Argument hints as Sheets builds them from a script's JSDoc: only @customfunction blocks, right above a top-level
// function; and which call and argument a formula being typed is in.
import { callAt, customFunctionHelp, type FunctionHelp } from '../../dev/playground/function-help';

const SCRIPT = `
/**
 * Scrapes live profile data (2 credits per profile).
 * A range gives one row per cell.
 * @param {"https://www.network.com/in/jane-doe"} profile_url A profile URL, or one column of them.
 * @param {"name, headline"} fields Optional. Field names separated by commas.
 * @return Profile data, one row per profile.
 * @customfunction
 * @preserve
 */
function SCRAPE_PROFILE(profile_url, fields) {}

/**
 * Not a formula: the menu's.
 * @param {Object} e The event.
 */
function onOpen(e) {}

/**
 * Searches people in plain language.
 * @param {"data engineers in Lisbon"} query Who you are looking for.
 * @customfunction
 */
function SEARCH_PEOPLE(query) {}
`;

describe('customFunctionHelp', () => {
  it('reads each @customfunction block: its summary, and each parameter with its example and whether optional', () => {
    expect(customFunctionHelp(SCRIPT)).toEqual([
      {
        name: 'SCRAPE_PROFILE',
        summary: 'Scrapes live profile data (2 credits per profile). A range gives one row per cell.',
        params: [
          {
            name: 'profile_url',
            example: '"https://www.network.com/in/jane-doe"',
            description: 'A profile URL, or one column of them.',
            optional: false,
          },
          {
            name: 'fields',
            example: '"name, headline"',
            description: 'Optional. Field names separated by commas.',
            optional: true,
          },
        ],
      },
      {
        name: 'SEARCH_PEOPLE',
        summary: 'Searches people in plain language.',
        params: [
          {
            name: 'query',
            example: '"data engineers in Lisbon"',
            description: 'Who you are looking for.',
            optional: false,
          },
        ],
      },
    ]);
  });
});

describe('callAt', () => {
  const functions: FunctionHelp[] = customFunctionHelp(SCRIPT);
  const at = (text: string) => {
    const position = callAt(text, functions);
    return position && [position.help.name, position.argument];
  };

  it('finds the call being typed and its argument, whatever the case of its name', () => {
    expect(at('=SCRAPE_PROFILE(')).toEqual(['SCRAPE_PROFILE', 0]);
    expect(at('=scrape_profile(A2, ')).toEqual(['SCRAPE_PROFILE', 1]);
    expect(at('=SEARCH_PEOPLE("CTOs')).toEqual(['SEARCH_PEOPLE', 0]);
  });

  it('skips commas and parentheses in text, nested calls and arrays', () => {
    expect(at('=SCRAPE_PROFILE("a, (b", ')).toEqual(['SCRAPE_PROFILE', 1]);
    expect(at('=SCRAPE_PROFILE(TRIM(A2), {"name", "headline"}')).toEqual(['SCRAPE_PROFILE', 1]);
    expect(at('=SCRAPE_PROFILE(TRIM(A2')).toEqual(['SCRAPE_PROFILE', 0]);
    expect(at('=IFERROR(SCRAPE_PROFILE(A2), SEARCH_PEOPLE(')).toEqual(['SEARCH_PEOPLE', 0]);
  });

  it('is nothing outside a formula, an unknown call, or once the call is closed', () => {
    expect(at('SCRAPE_PROFILE(')).toBeNull();
    expect(at('=SUM(')).toBeNull();
    expect(at('=SCRAPE_PROFILE(A2)')).toBeNull();
    expect(at('=onOpen(')).toBeNull();
  });
});
