import type { ContactResult, ProfileRecord, ScrapedProfile } from '../../../src/core/api/types';
import { CELL_TEXT_LIMIT, planWrite, type CellValue } from '../../../src/core/cells';
import { flattenRecord, parseFieldList, type FieldPath } from '../../../src/core/fields/flatten';
import type { RecordType } from '../../../src/core/fields/catalog';
import {
  changeKind,
  changeOfRow,
  changeRecords,
  changeRow,
  CHANGES_COLUMNS,
  CHANGES_HEADER,
  CHANGES_SHEET_NAME,
  changesLimit,
  compareRow,
  countChanges,
  latestChanges,
  noteFor,
  sameAsWritten,
  type ChangeRecord,
} from '../../../src/core/refresh/changes';
import { statusHeaderOf } from '../../../src/core/refresh/checked';
import { contactLookup, profileRecord, scrapedProfile } from '../fields/samples';

function fieldsOf<T extends RecordType>(names: string, recordType: T): FieldPath<T>[] {
  const parsed = parseFieldList(names, recordType);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.fields;
}

/** What getValues returns for cells written with planWrite's plan: Sheets may store line breaks and Unicode its way. */
function readBackOf(rows: readonly (readonly CellValue[])[]): unknown[][] {
  return rows.map((row) =>
    row.map((cell) => (typeof cell === 'string' ? cell.replace(/\r\n/g, '\n').normalize('NFC') : cell)),
  );
}

const SCRAPE_FIELDS = fieldsOf(
  'name, headline, title, location, experience.1.employer_name, experience.1.employee_title, num_of_connections, skills, emails, experience.1.is_current',
  'scrapedProfile',
);
const STATUS = statusHeaderOf('scrape');

/** The row as the sheet holds it after a run wrote `record`, every column planned as one block. */
function writtenRow<T extends RecordType>(fields: FieldPath<T>[], values: CellValue[]): unknown[] {
  return readBackOf(planWrite(fields, [values]).rows)[0];
}

describe('comparing a refreshed row with the sheet', () => {
  const before = flattenRecord(scrapedProfile, SCRAPE_FIELDS);

  it('finds nothing when the answer is the same, whatever form the writer gave each cell', () => {
    const cells = writtenRow(SCRAPE_FIELDS, before);
    expect(compareRow(SCRAPE_FIELDS, cells, before, 'OK', 'OK', STATUS)).toEqual([]);
  });

  it('finds nothing for a number written as text because its block held text, read back against the number', () => {
    // A column of numbers with one text cell is written as text altogether (planWrite).
    const numberField = fieldsOf('num_of_connections, experience.1.is_current', 'scrapedProfile');
    const block = planWrite(numberField, [
      [500, true],
      ['500+', 'yes'],
    ]);
    expect(block.rows[0]).toEqual(['500', 'TRUE']);
    expect(compareRow(numberField, block.rows[0], [500, true], 'OK', 'OK', STATUS)).toEqual([]);
  });

  it('finds nothing for text Sheets stores with other line breaks or Unicode composition', () => {
    const field = fieldsOf('headline', 'scrapedProfile');
    const written = 'Cafe\u0301 owner\r\nand baker';
    expect(compareRow(field, writtenRow(field, [written]), [written], 'OK', 'OK', STATUS)).toEqual([]);
  });

  it('keeps whitespace: the writer writes it, so a cell without it differs', () => {
    const field = fieldsOf('headline', 'scrapedProfile');
    expect(compareRow(field, ['  Baker \n'], ['  Baker \n'], 'OK', 'OK', STATUS)).toEqual([]);
    expect(compareRow(field, ['Baker'], ['Baker '], 'OK', 'OK', STATUS)).toEqual([
      { field: 'headline', old: 'Baker', new: 'Baker ' },
    ]);
  });

  it('compares capped text as capped: a difference past the cap is not written, so it is no change', () => {
    const field = fieldsOf('summary', 'scrapedProfile');
    const long = (tail: string) =>
      flattenRecord(
        { ...scrapedProfile, profile: { ...scrapedProfile.profile, summary: 'a'.repeat(CELL_TEXT_LIMIT + 10) + tail } },
        field,
      );
    const cells = writtenRow(field, long('x'));
    expect(String(cells[0]).length).toBeLessThanOrEqual(CELL_TEXT_LIMIT);
    expect(compareRow(field, cells, long('y'), 'OK', 'OK', STATUS)).toEqual([]);
    expect(compareRow(field, cells, long('yy'), 'OK', 'OK', STATUS)).toHaveLength(1);
  });

  it("ignores the order of a contact's emails and phones, which the writer sorts by rating", () => {
    const fields = fieldsOf('emails, phones, email', 'contact');
    const old = flattenRecord(contactLookup, fields);
    const result = contactLookup.data[0] as ContactResult;
    const [first, ...rest] = result.contacts;
    const reordered = flattenRecord({ data: [{ ...result, contacts: [...rest.reverse(), first] }] }, fields);
    expect(reordered[0]).not.toEqual(old[0]);
    const changes = compareRow(fields, writtenRow(fields, old), reordered, 'OK', 'OK', statusHeaderOf('contacts'));
    // The two best emails tie on rating, so the best one shown changed: that cell is a change, the lists are not.
    expect(changes.map((change) => change.field)).toEqual(['email']);
  });

  it("counts a new order of a scraped profile's emails, which the writer keeps as the API sent them", () => {
    const field = fieldsOf('emails', 'scrapedProfile');
    expect(sameAsWritten('a@x.example, b@x.example', 'b@x.example, a@x.example', field[0])).toBe(false);
  });

  it('treats null, undefined and the empty string as the same blank', () => {
    const field = fieldsOf('headline', 'scrapedProfile');
    for (const blank of [null, undefined, '']) expect(compareRow(field, [blank], [''], 'OK', 'OK', STATUS)).toEqual([]);
    expect(compareRow(field, [null], ['Baker'], 'OK', 'OK', STATUS)).toEqual([
      { field: 'headline', old: '', new: 'Baker' },
    ]);
  });

  it('gives each changed cell its old value as read and its new value as written', () => {
    const moved: ScrapedProfile = {
      ...scrapedProfile,
      profile: { ...scrapedProfile.profile, num_of_connections: 501, headline: 'Retired' },
      experience: [{ ...scrapedProfile.experience[0], employer_name: 'Remington Rand' }],
    };
    const changes = compareRow(
      SCRAPE_FIELDS,
      writtenRow(SCRAPE_FIELDS, before),
      flattenRecord(moved, SCRAPE_FIELDS),
      'OK',
      'OK',
      STATUS,
    );
    expect(changes).toEqual([
      { field: 'headline', old: 'Rear Admiral, computing pioneer', new: 'Retired' },
      { field: 'experience.1.employer_name', old: 'US Navy', new: 'Remington Rand' },
      { field: 'num_of_connections', old: 500, new: 501 },
    ]);
  });

  it('makes a profile gone its one change: its values are kept, its status is new', () => {
    const cells = writtenRow(SCRAPE_FIELDS, before);
    for (const gone of ['NOT FOUND', 'PRIVATE']) {
      expect(compareRow(SCRAPE_FIELDS, cells, null, 'OK', gone, STATUS)).toEqual([
        { field: STATUS, old: 'OK', new: gone },
      ]);
    }
    expect(compareRow(SCRAPE_FIELDS, cells, null, 'NOT FOUND', 'NOT FOUND', STATUS)).toEqual([]);
    expect(compareRow(SCRAPE_FIELDS, cells, null, 'PRIVATE', 'NOT FOUND', STATUS)).toEqual([]);
  });

  it('compares the kept values when a profile that was gone is found again', () => {
    const field = fieldsOf('headline', 'scrapedProfile');
    expect(compareRow(field, ['Old'], ['New'], 'NOT FOUND', 'OK', STATUS)).toEqual([
      { field: 'headline', old: 'Old', new: 'New' },
    ]);
  });
});

describe('kinds of change', () => {
  it.each([
    ['scrape', 'experience.1.employer_name', false, 'new employer'],
    ['profile', 'experience.1.company_name', false, 'new employer'],
    ['profile', 'active_experience_company_id', false, 'new employer'],
    ['scrape', 'title', false, 'new title'],
    ['scrape', 'headline', false, 'new title'],
    ['scrape', 'experience.1.employee_title', false, 'new title'],
    ['profile', 'experience.1.position_title', false, 'new title'],
    ['profile', 'active_experience_title', false, 'new title'],
    ['profile', 'headline', false, 'new title'],
    ['scrape', 'title', true, 'new employer'],
    ['profile', 'active_experience_title', true, 'new employer'],
    ['profile', 'active_experience_department', true, 'new employer'],
    ['scrape', 'experience.1.start_date', true, 'new employer'],
    ['scrape', 'experience.1.start_date', false, 'changed'],
    ['scrape', 'location', false, 'new location'],
    ['profile', 'location_full', false, 'new location'],
    ['profile', 'location_country_iso2', true, 'new location'],
    ['contacts', 'email', false, 'new email'],
    ['contacts', 'emails', false, 'new email'],
    ['contacts', 'phone', false, 'new phone'],
    ['contacts', 'phones', false, 'new phone'],
    ['contacts', 'email_rating', false, 'changed'],
    ['scrape', 'emails', false, 'changed'],
    ['scrape', 'skills', true, 'changed'],
    ['scrape', 'sheet-enrich scrape status', false, 'profile gone'],
    ['contacts', 'sheet-enrich contacts status', false, 'profile gone'],
    ['profile', 'experience.1.company_name', true, 'new employer'],
  ] as const)('%s %s (employer changed: %p) is %s', (operation, field, employerChanged, kind) => {
    expect(changeKind(operation, field, employerChanged)).toBe(kind);
  });

  it("gives a row's job fields to the employer change of the same row", () => {
    const fields = fieldsOf(
      'headline, experience.1.company_name, active_experience_title, location_full',
      'profileRecord',
    );
    const moved: ProfileRecord = {
      ...profileRecord,
      headline: 'CTO at Globex',
      active_experience_title: 'CTO',
      location_full: 'Austin, Texas',
      experience: [{ ...profileRecord.experience![0], company_name: 'Globex' }, ...profileRecord.experience!.slice(1)],
    };
    const old = writtenRow(fields, flattenRecord(profileRecord, fields));
    const changes = compareRow(fields, old, flattenRecord(moved, fields), 'OK', 'OK', statusHeaderOf('profile'));
    const where = {
      detectedAt: Date.parse('2026-11-27T20:07:07Z'),
      sheetName: 'Leads',
      row: 7,
      input: 'https://x.example/in/a',
      runId: 'r1',
    };
    expect(changeRecords('profile', changes, where).map((record) => [record.field, record.change])).toEqual([
      ['headline', 'new employer'],
      ['experience.1.company_name', 'new employer'],
      ['active_experience_title', 'new employer'],
      ['location_full', 'new location'],
    ]);
    const titleOnly = changes.filter((change) => change.field === 'active_experience_title');
    expect(changeRecords('profile', titleOnly, where)[0].change).toBe('new title');
  });
});

const record = (overrides: Partial<ChangeRecord>): ChangeRecord => ({
  detectedAt: '2026-11-27T20:07:07Z',
  sheetName: 'Leads',
  row: 2,
  input: 'https://network.example/in/ada',
  field: 'headline',
  old: 'Engineer',
  new: 'CTO',
  change: 'new title',
  runId: 'run-1',
  ...overrides,
});

describe('the changes sheet', () => {
  it('has the contract header', () => {
    expect(CHANGES_SHEET_NAME).toBe('sheet-enrich changes');
    expect(CHANGES_HEADER).toEqual(['detected at', 'sheet', 'row', 'input', 'field', 'old', 'new', 'change', 'run']);
  });

  it('stamps records with the detection time, the row and the input', () => {
    const [made] = changeRecords('scrape', [{ field: 'headline', old: 'A', new: 'B' }], {
      detectedAt: Date.parse('2026-11-27T20:07:07.600Z'),
      sheetName: 'Leads',
      row: 12,
      input: '+14155550100',
      runId: 'run-9',
    });
    expect(made).toEqual(record({ row: 12, input: '+14155550100', old: 'A', new: 'B', runId: 'run-9' }));
  });

  it('writes old values exactly as text and reads them back so', () => {
    const written = { old: '=SUM(A1:A2)', new: 501 };
    const plan = planWrite(CHANGES_COLUMNS, [changeRow(record(written))]);
    expect(plan.formats.filter((format) => format === '@')).toHaveLength(CHANGES_HEADER.length - 1);
    const back = changeOfRow(readBackOf(plan.rows)[0]);
    expect(back).toEqual(record({ old: '=SUM(A1:A2)', new: '501' }));
  });

  it('skips rows that are not changes', () => {
    expect(changeOfRow(CHANGES_HEADER)).toBeNull();
    expect(changeOfRow(changeRow(record({ change: 'weird' as never })))).toBeNull();
    expect(changeOfRow([...changeRow(record({})).slice(0, 2), 'two'])).toBeNull();
    expect(changeOfRow([])).toBeNull();
  });

  it('lists the latest changes newest first, of one run when asked, up to the limit', () => {
    const rows = [
      record({ detectedAt: '2026-11-01T00:00:00Z', field: 'a', runId: 'run-1' }),
      record({ detectedAt: '2026-11-03T00:00:00Z', field: 'b', runId: 'run-2' }),
      record({ detectedAt: '2026-11-03T00:00:00Z', field: 'c', runId: 'run-1' }),
      record({ detectedAt: '2026-11-02T00:00:00Z', field: 'd', runId: 'run-1' }),
    ].map(changeRow);
    const fields = (list: ChangeRecord[]) => list.map((change) => change.field);
    expect(fields(latestChanges([CHANGES_HEADER, ...rows]))).toEqual(['c', 'b', 'd', 'a']);
    expect(fields(latestChanges(rows, 'run-1'))).toEqual(['c', 'd', 'a']);
    expect(fields(latestChanges(rows, null, 2))).toEqual(['c', 'b']);
  });

  it.each([
    [undefined, 100],
    [null, 100],
    ['5', 100],
    [NaN, 100],
    [0, 1],
    [2.7, 2],
    [1_000, 1_000],
    [50_000, 1_000],
  ])('limit %p is %p', (asked, used) => expect(changesLimit(asked)).toBe(used));

  it('counts changes by kind', () => {
    const records = [record({}), record({ change: 'new employer' }), record({ change: 'new employer' })];
    expect(countChanges(records)).toEqual({ changes: 3, changesByKind: { 'new title': 1, 'new employer': 2 } });
    expect(countChanges([])).toEqual({ changes: 0, changesByKind: {} });
  });
});

describe('the note of a changed cell', () => {
  const date = Date.parse('2026-11-27T20:07:07Z');

  it('says what the cell was and until when', () => {
    expect(noteFor('Acme Robotics', date, '')).toBe('sheet-enrich: was "Acme Robotics" until 2026-11-27T20:07:07Z');
    expect(noteFor(500, date, '')).toBe('sheet-enrich: was "500" until 2026-11-27T20:07:07Z');
    expect(noteFor(true, date, '')).toBe('sheet-enrich: was "TRUE" until 2026-11-27T20:07:07Z');
    expect(noteFor('', date, '')).toBe('sheet-enrich: was "" until 2026-11-27T20:07:07Z');
  });

  it('keeps the old value on one line, quoted', () => {
    expect(noteFor('Ships are safe\nin "harbor"', date, '')).toBe(
      'sheet-enrich: was "Ships are safe\\nin \\"harbor\\"" until 2026-11-27T20:07:07Z',
    );
  });

  it("replaces its own earlier line and keeps the user's note below", () => {
    const first = noteFor('Multi\nline', date - 86_400_000, 'Call after Easter.\nAsk about budget.');
    expect(first.split('\n').slice(1)).toEqual(['Call after Easter.', 'Ask about budget.']);
    const second = noteFor('Globex', date, first);
    expect(second).toBe('sheet-enrich: was "Globex" until 2026-11-27T20:07:07Z\nCall after Easter.\nAsk about budget.');
  });

  it('finds its own line below a note the user wrote above it', () => {
    const note = `Met at the fair.\nsheet-enrich: was "A" until 2026-10-01T00:00:00Z`;
    expect(noteFor('B', date, note)).toBe('sheet-enrich: was "B" until 2026-11-27T20:07:07Z\nMet at the fair.');
  });

  it('shortens a very long old value, which the changes sheet keeps whole', () => {
    const note = noteFor('x'.repeat(CELL_TEXT_LIMIT), date, '');
    expect(note.length).toBeLessThan(600);
    expect(note).toMatch(/^sheet-enrich: was "x+…" until 2026-11-27T20:07:07Z$/);
  });
});
