import { UserError } from '../../../src/core/user-error';
import { parseRequest, readColumn } from '../../../src/core/enrichment/request';
import { DEFAULT_COLUMNS } from '../../../src/core/fields/defaults';
import { headerFor } from '../../../src/core/fields/flatten';

const URL = 'https://www.network.com/in/ada-lovelace';
const base = { sheetName: 'Leads', inputA1: 'A2:A501', operation: 'scrape' };

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    return (error as Error).message;
  }
  throw new Error('not refused');
}

describe('parseRequest', () => {
  it('defaults to the matching formula’s columns and no overwrite', () => {
    const request = parseRequest(base);
    expect(request.fields.map(headerFor)).toEqual(DEFAULT_COLUMNS.SCRAPE_PROFILE.map(headerFor));
    expect(request).toMatchObject({ sheetName: 'Leads', operation: 'scrape', overwrite: false });
    expect(parseRequest({ ...base, operation: 'contacts' }).fields.map(headerFor)).toEqual(
      DEFAULT_COLUMNS.FIND_CONTACTS.map(headerFor),
    );
    expect(parseRequest({ ...base, operation: 'profile' }).fields.map(headerFor)).toEqual(
      DEFAULT_COLUMNS.ENRICH_PROFILE.map(headerFor),
    );
  });

  it('refuses more fields than a run’s entry can keep (a property holds 9 KB), in one sentence', () => {
    const fields = (count: number) => Array.from({ length: count }, (_, i) => `experience.${i + 1}.company_name`);
    expect(parseRequest({ ...base, operation: 'profile', fields: fields(190) }).fields).toHaveLength(190);
    expect(refusal(() => parseRequest({ ...base, operation: 'profile', fields: fields(300) }))).toBe(
      'These 300 fields are more than one run can keep; choose fewer, or split them over two runs.',
    );
  });

  it('takes fields as a list or as text, canonical and each once', () => {
    expect(
      parseRequest({ ...base, fields: ['Name', 'experience.1.employer_name', 'name'] }).fields.map(headerFor),
    ).toEqual(['name', 'experience.1.employer_name']);
    expect(parseRequest({ ...base, fields: 'name; headline' }).fields.map(headerFor)).toEqual(['name', 'headline']);
    expect(parseRequest({ ...base, fields: [] }).fields).toHaveLength(DEFAULT_COLUMNS.SCRAPE_PROFILE.length);
  });

  it('refuses an unknown field with the names the formulas suggest', () => {
    expect(refusal(() => parseRequest({ ...base, fields: ['nmae'] }))).toBe(
      'Unknown field "nmae". Did you mean "name"?',
    );
    expect(refusal(() => parseRequest({ ...base, operation: 'contacts', fields: 'emial' }))).toMatch(
      /^Unknown field "emial"\. Did you mean "email"/,
    );
  });

  it.each([
    [{ ...base, operation: 'search' }, 'Choose what to fetch: scrape, profile or contacts.'],
    [{ ...base, sheetName: '' }, 'Name the sheet that holds the inputs.'],
    [{ ...base, inputA1: 'A2:C9' }, 'Select one column of inputs, such as A2:A501; A2:C9 spans 3 columns.'],
    [{ ...base, inputA1: 'Other!A2:A9' }, 'The range Other!A2:A9 is not on the sheet "Leads".'],
    [{ ...base, overwrite: 'yes' }, 'Overwrite must be true or false.'],
    [{ ...base, fields: [3] }, 'Give each field as a name, such as "headline".'],
    [null, 'Choose a column to enrich.'],
  ])('refuses %j', (request, message) => {
    expect(refusal(() => parseRequest(request))).toBe(message);
  });
});

describe('readColumn', () => {
  const request = parseRequest(base);

  it('reads a header in the first cell', () => {
    expect(readColumn(request, { firstRow: 1, cells: ['Profile URL', URL, ''] })).toEqual({
      headerRow: 1,
      headerInSelection: true,
      firstInputRow: 2,
      inputs: [URL, ''],
    });
  });

  it('takes the row above as the header row when the first cell is an input', () => {
    expect(readColumn(request, { firstRow: 5, cells: [URL, 'not a url'] })).toEqual({
      headerRow: 4,
      headerInSelection: false,
      firstInputRow: 5,
      inputs: [URL, 'not a url'],
    });
  });

  it('refuses a row-1 selection without a header, and a column without inputs', () => {
    expect(refusal(() => readColumn(request, { firstRow: 1, cells: [URL] }))).toBe(
      'A selection that starts on row 1 needs a header in its first cell, such as "Profile URL", to name the column.',
    );
    expect(refusal(() => readColumn(request, { firstRow: 1, cells: ['Profile URL', '', ' '] }))).toBe(
      'The range A2:A501 holds no inputs to enrich.',
    );
    expect(refusal(() => readColumn(request, { firstRow: 3, cells: [] }))).toBe(
      'The range A2:A501 holds no inputs to enrich.',
    );
  });
});
