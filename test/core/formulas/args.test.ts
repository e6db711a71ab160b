// Reading custom-function arguments as Sheets passes them: a value or a 2-D range, '' for an empty cell, booleans and
// numbers as themselves, and a one-sentence UserError for anything the formula cannot take.
import {
  booleanArg,
  cellsOf,
  fieldsArg,
  integerArg,
  lookupCells,
  queryArg,
  requireArg,
} from '../../../src/core/formulas/args';
import { UserError } from '../../../src/core/user-error';

/** The message a UserError carries; fails the test when nothing (or something else) is thrown. */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as Error).message;
  }
  throw new Error('not refused');
}

describe('cellsOf', () => {
  it('reads a range in reading order, row by row', () => {
    expect(
      cellsOf([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toEqual({ cells: ['a', 'b', 'c', 'd'], isRange: true });
  });

  it('takes a single value as one cell, even an empty one', () => {
    expect(cellsOf('a')).toEqual({ cells: ['a'], isRange: false });
    expect(cellsOf('')).toEqual({ cells: [''], isRange: false });
  });

  it('takes a one-dimensional list as a range of single cells', () => {
    expect(cellsOf(['a', 'b'])).toEqual({ cells: ['a', 'b'], isRange: true });
  });
});

describe('requireArg', () => {
  it('accepts an empty cell, which Sheets passes as ""', () => {
    expect(() => requireArg('', 'SEARCH_PEOPLE')).not.toThrow();
  });

  it('refuses an argument left out with what the formula needs and how it is called', () => {
    expect(refusal(() => requireArg(undefined, 'SEARCH_COMPANIES'))).toBe(
      'SEARCH_COMPANIES needs a query: =SEARCH_COMPANIES(query, [limit], [acceptance_threshold], [fields], ' +
        '[include_headers]).',
    );
  });
});

describe('lookupCells', () => {
  it('takes one column of any length, top to bottom', () => {
    expect(lookupCells([['a'], [''], ['b']], 'SCRAPE_PROFILE')).toEqual({ cells: ['a', '', 'b'], isRange: true });
    expect(lookupCells('a', 'ENRICH_PROFILE')).toEqual({ cells: ['a'], isRange: false });
  });

  it('refuses a range of several columns, counting its widest row', () => {
    expect(refusal(() => lookupCells([['a'], ['b', 'c', 'd']], 'ENRICH_PROFILE'))).toBe(
      'ENRICH_PROFILE takes one column of profile URLs (such as A2:A100), so that each output row lines up with its ' +
        'input row; this range has 3 columns.',
    );
  });

  it('refuses a missing first argument before looking at its shape', () => {
    expect(refusal(() => lookupCells(undefined, 'FIND_CONTACTS'))).toMatch(/^FIND_CONTACTS needs /);
  });
});

describe('fieldsArg', () => {
  it('means the defaults (null) when blank, or when every cell of the range is blank', () => {
    expect(fieldsArg('', 'scrapedProfile')).toBeNull();
    expect(fieldsArg(undefined, 'scrapedProfile')).toBeNull();
    expect(fieldsArg([[''], ['  ']], 'company')).toBeNull();
  });

  it('reads names from text or from a range, in the order given', () => {
    expect(fieldsArg('headline, name', 'scrapedProfile')?.map((field) => field.name)).toEqual(['headline', 'name']);
    expect(fieldsArg([['full_name'], ['headline']], 'profileRecord')?.map((field) => field.name)).toEqual([
      'full_name',
      'headline',
    ]);
  });

  it('refuses an unknown name with the field list’s own sentence', () => {
    const message = refusal(() => fieldsArg('name, no_such_field', 'scrapedProfile'));
    expect(message).toContain('no_such_field');
  });
});

describe('booleanArg', () => {
  it('answers the fallback for a blank cell', () => {
    expect(booleanArg('', 'include_headers', true)).toBe(true);
    expect(booleanArg(undefined, 'include_headers', false)).toBe(false);
  });

  it('reads booleans, 1 and 0, and TRUE/FALSE text in any case and spacing', () => {
    expect([true, false, 1, 0, ' true ', 'False'].map((value) => booleanArg(value, 'x', false))).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('refuses anything else, naming the argument', () => {
    for (const value of [2, 'yes', new Date(0)]) {
      expect(refusal(() => booleanArg(value, 'include_headers', false))).toBe('include_headers must be TRUE or FALSE.');
    }
  });
});

describe('integerArg', () => {
  it('answers undefined for a blank cell, so the caller applies its default', () => {
    expect(integerArg('', 'limit', 1, 100)).toBeUndefined();
  });

  it('reads whole numbers in range, as numbers or as text, bounds included', () => {
    expect(integerArg(1, 'limit', 1, 100)).toBe(1);
    expect(integerArg(' 100 ', 'limit', 1, 100)).toBe(100);
  });

  it.each([0, 101, 2.5, 'ten', true])('refuses %p, naming the argument and its range', (value) => {
    expect(refusal(() => integerArg(value, 'limit', 1, 100))).toBe('limit must be a whole number from 1 to 100.');
  });
});

describe('queryArg', () => {
  it.each([
    ['SEARCH_COMPANIES', 'fintech startups in Berlin'],
    ['SEARCH_PEOPLE', 'data engineers in Lisbon'],
  ] as const)('answers an empty %s query with its own sentence and an example', (formula, example) => {
    // "" typed in, an empty cell, blanks, an empty range.
    for (const value of ['', '  ', [['']], [[''], ['  ']]]) {
      expect(refusal(() => queryArg(value, formula))).toBe(
        `The search query is empty: say what to look for, as in =${formula}("${example}").`,
      );
    }
  });

  it('folds runs of white space, so the same query caches once', () => {
    expect(queryArg('  fintech \n in\tBerlin ', 'SEARCH_COMPANIES')).toBe('fintech in Berlin');
  });

  it('takes the one non-blank cell of a range', () => {
    expect(queryArg([[''], ['CTOs'], ['']], 'SEARCH_PEOPLE')).toBe('CTOs');
  });

  it('reads a number as its text', () => {
    expect(queryArg(42, 'SEARCH_PEOPLE')).toBe('42');
  });

  it('refuses no query, several queries, and values that are not text', () => {
    expect(refusal(() => queryArg(undefined, 'SEARCH_PEOPLE'))).toMatch(/^SEARCH_PEOPLE needs a query/);
    expect(refusal(() => queryArg([['a'], ['b']], 'SEARCH_PEOPLE'))).toBe('Give the search query as one text value.');
    for (const value of [true, new Date(0)]) {
      expect(refusal(() => queryArg(value, 'SEARCH_COMPANIES'))).toBe('The query must be text.');
    }
  });
});
