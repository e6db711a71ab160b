import type { ProfileRecord } from '../../../src/core/api/types';
import { CELL_TEXT_LIMIT } from '../../../src/core/cells';
import { RECORD_CATALOGS, type RecordType } from '../../../src/core/fields/catalog';
import { DEFAULT_COLUMNS, RESEARCH_COLUMNS, defaultCompanyColumns } from '../../../src/core/fields/defaults';
import {
  collectionColumns,
  flattenCollection,
  flattenRecord,
  flattenRows,
  headerFor,
  MAX_DESCRIBED_PROBLEMS,
  MAX_FIELD_NAME_LENGTH,
  parseFieldList,
  type FieldPath,
} from '../../../src/core/fields/flatten';
import { SAMPLES, catalogNames, companies, currentJob, profileRecord, scrapedProfile } from './samples';

function fields<T extends RecordType>(input: string | unknown[][], type: T): FieldPath<T>[] {
  const result = parseFieldList(input, type);
  if (!result.ok) throw new Error(result.error.message);
  return result.fields;
}

function errorOf(input: string | unknown[][], type: RecordType): string {
  const result = parseFieldList(input, type);
  if (result.ok) throw new Error(`${JSON.stringify(input)} was accepted`);
  return result.error.message;
}

const profileRecordCells = (names: string, record: unknown = profileRecord) =>
  flattenRecord(record as ProfileRecord, fields(names, 'profileRecord'));

describe('field names', () => {
  it('reads nested values by path with 1-based positions', () => {
    expect(
      profileRecordCells('experience.1.company_name, experience.2.company_name, education.2.institution_name'),
    ).toEqual(['Acme Robotics', 'Globex', 'University of London']);
    expect(profileRecordCells('experience.1.company_stock_ticker.1.ticker, match_data.similarity_score')).toEqual([
      'ACME',
      0.87,
    ]);
    expect(profileRecordCells('skills.2, experience.1.company_hq_regions.1')).toEqual(['Python', 'Northern America']);
  });

  it('gives a blank for a position past the end', () => {
    expect(profileRecordCells('experience.3.company_name, skills.9, education.5')).toEqual(['', '', '']);
  });

  it('matches names ignoring case and prints the canonical name', () => {
    const [field] = fields(' Experience.01.COMPANY_Name ', 'profileRecord');
    expect(headerFor(field)).toBe('experience.1.company_name');
    expect(flattenRecord(profileRecord, [field])).toEqual(['Acme Robotics']);
  });

  it('splits text on commas and semicolons and skips blanks', () => {
    expect(fields('full_name; headline,,id ;', 'profileRecord').map(headerFor)).toEqual([
      'full_name',
      'headline',
      'id',
    ]);
  });

  it('keeps repeated names as repeated columns', () => {
    expect(profileRecordCells('id, id')).toEqual(['p-1001', 'p-1001']);
  });

  it('takes names from a range in reading order, one name a cell', () => {
    const range = [
      ['company_name', '', 'hq_country'],
      [null, ' id ', ''],
      ['criteria.Sells to hospitals, in the U.S.', '', ''],
    ];
    expect(fields(range, 'company').map(headerFor)).toEqual([
      'company_name',
      'hq_country',
      'id',
      'criteria.Sells to hospitals, in the U.S.',
    ]);
  });

  it('takes a name holding a comma in text when it is quoted', () => {
    const [criterion] = fields('company_name, "criteria.Sells to hospitals, in the U.S."', 'company').slice(1);
    expect(headerFor(criterion)).toBe('criteria.Sells to hospitals, in the U.S.');
    expect(flattenRecord(companies[0], [criterion])).toEqual(['YES']);
  });

  it('refuses an empty list', () => {
    expect(errorOf(' ,; ', 'profileRecord')).toBe('No field names given.');
    expect(errorOf([['', null]], 'profileRecord')).toBe('No field names given.');
  });
});

describe('unknown and invalid names', () => {
  it('suggests the closest valid names', () => {
    expect(errorOf('name, headlin', 'scrapedProfile')).toBe('Unknown field "headlin". Did you mean "headline"?');
    expect(errorOf('experience.1.employer_nam', 'scrapedProfile')).toBe(
      'Unknown field "experience.1.employer_nam". Did you mean "experience.1.employer_name"?',
    );
    expect(errorOf('phone_rate', 'contact')).toBe(
      'Unknown field "phone_rate". Did you mean "phone_type" or "phone_rating"?',
    );
  });

  it('suggests the whole corrected name when a part before the end is mistyped', () => {
    expect(errorOf('experiance.1.employer_name', 'scrapedProfile')).toBe(
      'Unknown field "experiance.1.employer_name". Did you mean "experience.1.employer_name"?',
    );
    expect(errorOf('educaton.2.institution_name', 'profileRecord')).toMatch(
      /Did you mean "education.2.institution_name"\?$/,
    );
    // A second typo further on is put right too.
    expect(errorOf('experiance.1.employer_nam', 'scrapedProfile')).toMatch(
      /Did you mean "experience.1.employer_name"\?$/,
    );
    // What follows cannot be put right: the corrected part alone.
    expect(errorOf('experiance.x.employer_name', 'scrapedProfile')).toMatch(/Did you mean "experience"\?$/);
  });

  it('suggests at most three names, and examples when nothing is close', () => {
    expect(errorOf('location_c', 'profileRecord')).toBe(
      'Unknown field "location_c". Did you mean "location", "location_city" or "location_country"?',
    );
    expect(errorOf('zzzzzzzzzz', 'company')).toBe(
      'Unknown field "zzzzzzzzzz": names are the API\'s own, such as "company_name", "company_website" or "headquarters".',
    );
    expect(errorOf('experience.1.zzzz', 'profileRecord')).toBe(
      'Unknown field "experience.1.zzzz": "experience.1" has fields such as "experience.1.active_experience", ' +
        '"experience.1.position_title" or "experience.1.department".',
    );
  });

  it('suggests names far from the typed one that plainly mean the same', () => {
    expect(errorOf('phone_number', 'contact')).toBe(
      'Unknown field "phone_number". Did you mean "phone", "phone_type" or "phone_rating"?',
    );
    expect(errorOf('email_address', 'contact')).toMatch(/^Unknown field "email_address"\. Did you mean "email"/);
  });

  it('points a name of the other profile record to the name here', () => {
    expect(errorOf('full_name', 'scrapedProfile')).toBe(
      'Unknown field "full_name": it is a field of ENRICH_PROFILE and SEARCH_PEOPLE, not of SCRAPE_PROFILE. ' +
        'Did you mean "name"?',
    );
    expect(errorOf('experience.2.company_name', 'scrapedProfile')).toMatch(
      /Did you mean "experience.2.employer_name"\?$/,
    );
    expect(errorOf('num_of_connections', 'profileRecord')).toBe(
      'Unknown field "num_of_connections": it is a field of SCRAPE_PROFILE, not of ENRICH_PROFILE and SEARCH_PEOPLE. ' +
        'Did you mean "connections_count"?',
    );
    expect(errorOf('title', 'profileRecord')).toMatch(/Did you mean "active_experience_title"\?$/);
    expect(errorOf('education.1.institute_name', 'profileRecord')).toMatch(
      /Did you mean "education.1.institution_name"\?$/,
    );
    expect(errorOf('email', 'scrapedProfile')).toBe(
      'Unknown field "email": it is a field of FIND_CONTACTS, not of SCRAPE_PROFILE. Did you mean "emails"?',
    );
    // The profile record has `name` too (kept for older clients), so it is a valid name there.
    expect(fields('name', 'profileRecord').map(headerFor)).toEqual(['name']);
  });

  it('explains names run together without commas', () => {
    expect(errorOf('name headline', 'scrapedProfile')).toBe(
      'Unknown field "name headline": separate field names with commas, as in "name, headline".',
    );
    expect(errorOf('email phone li', 'contact')).toMatch(/as in "email, phone, li"\.$/);
  });

  it('reports every invalid name of one list in one sentence, each name once', () => {
    expect(errorOf('nme, headline, headlin, experience.employer_name, nme', 'scrapedProfile')).toBe(
      '3 field names are not valid: "nme" (did you mean "name"?), "headlin" (did you mean "headline"?) and ' +
        '"experience.employer_name" ("experience" is a list, so a position comes next, as in ' +
        '"experience.1.employer_name").',
    );
    const many = Array.from({ length: 12 }, (_, i) => `bad_${i}`).join(', ');
    expect(errorOf(many, 'company')).toMatch(/^12 field names are not valid: "bad_0" \(.*, "bad_4" \(.* and 7 more\.$/);
  });

  it('refuses a 100,000-character argument with a short message and bounded work', () => {
    // The work is the "did you mean" search: each call compares one name with every name of a record.
    // The module's own exports, through which flatten calls it (a namespace import would be a copy).
    /* eslint-disable @typescript-eslint/no-require-imports */
    const suggestModule =
      require('../../../src/core/fields/suggest') as typeof import('../../../src/core/fields/suggest');
    /* eslint-enable @typescript-eslint/no-require-imports */
    const suggest = jest.spyOn(suggestModule, 'closestNames');
    const distinctNames = Array.from({ length: 12_000 }, (_, i) => `nm${i}`).join(',');
    try {
      for (const [input, searches] of [
        ['x'.repeat(100_000), 0],
        ['headlin '.repeat(12_500), 0],
        ['nme,'.repeat(25_000), 1],
        [distinctNames, MAX_DESCRIBED_PROBLEMS],
      ] as const) {
        expect(input.length).toBeGreaterThanOrEqual(70_000);
        suggest.mockClear();
        const message = errorOf(input, 'scrapedProfile');
        expect(message.length).toBeLessThan(800);
        expect(suggest).toHaveBeenCalledTimes(searches);
        for (const [typed] of suggest.mock.calls) expect(typed.length).toBeLessThanOrEqual(MAX_FIELD_NAME_LENGTH);
      }
      expect(errorOf('x'.repeat(100_000), 'company')).toMatch(
        /^Invalid field "x{50,}…": a field name has at most 500 characters\.$/,
      );
      expect(errorOf(distinctNames, 'company')).toMatch(/^12000 field names are not valid: .* and 11995 more\.$/);
    } finally {
      suggest.mockRestore();
    }
  });

  it('requires positions from 1', () => {
    expect(errorOf('experience.0.employer_name', 'scrapedProfile')).toBe(
      'Invalid field "experience.0.employer_name": positions are whole numbers from 1, as in "experience.1.employer_name".',
    );
    expect(errorOf('experience.employer_name', 'scrapedProfile')).toBe(
      'Invalid field "experience.employer_name": "experience" is a list, so a position comes next, as in "experience.1.employer_name".',
    );
  });

  it('refuses parts after a value and a map without key', () => {
    expect(errorOf('headline.x', 'scrapedProfile')).toBe('Invalid field "headline.x": "headline" has no parts.');
    expect(errorOf('criteria. ', 'company')).toBe('Invalid field "criteria.": name a key after "criteria.".');
    expect(errorOf('experience.1.nope', 'profileRecord')).toMatch(/^Unknown field "experience.1.nope"[.:]/);
  });

  it('is not fooled by names of the object prototype', () => {
    expect(errorOf('constructor', 'company')).toMatch(/^Unknown field "constructor"[.:]/);
    expect(flattenRecord(companies[0], fields('criteria.constructor, criteria.__proto__', 'company'))).toEqual([
      '',
      '',
    ]);
  });
});

describe('values', () => {
  it('joins lists of strings, keeps numbers and booleans, keeps ISO dates and zip codes as text', () => {
    expect(
      profileRecordCells(
        'skills, connections_count, projected_total_salary, is_decision_maker, is_working, updated_at, experience.1.company_hq_zipcode',
      ),
    ).toEqual(['Robotics, Python, Team Leadership', 500, 312000.5, true, 1, '2025-10-01T09:30:00Z', '00501']);
  });

  it('gives blanks for null and missing values', () => {
    expect(
      profileRecordCells(
        'experience.1.date_to, experience.2.company_id, education.2.institution_regions, courses.2.title',
      ),
    ).toEqual(['', '', '', '']);
    expect(profileRecordCells('full_name, skills, experience.1.company_name', { id: 'x' })).toEqual(['', '', '']);
  });

  it('shows an object or a list of objects as readable text', () => {
    expect(profileRecordCells('experience.1.company_stock_ticker, match_data, languages')).toEqual([
      'exchange: NASDAQ; ticker: ACME',
      'similarity_score: 0.87; matched_criteria: [VP level, Robotics]',
      'language: English; proficiency: Native or bilingual; order_in_profile: 1\nlanguage: German; order_in_profile: 2',
    ]);
    const [job] = profileRecordCells('experience.1');
    expect(job).toContain('company_stock_ticker: [{exchange: NASDAQ; ticker: ACME}]');
    expect(job).not.toContain('[object Object]');
  });

  it('shows elements of unshown shape as text', () => {
    expect(
      flattenRecord(scrapedProfile, fields('languages, languages.2, honors.1, certifications', 'scrapedProfile')),
    ).toEqual([
      'English\nname: Latin; proficiency: Elementary',
      'name: Latin; proficiency: Elementary',
      'title: National Medal of Technology; year: 1991',
      '',
    ]);
  });

  it('reads a lone value where a list is expected, and a list where an object is expected', () => {
    expect(profileRecordCells('experience.1.company_social2_url, experience.1.company_social2_url.1')).toEqual([
      'https://social2.example/acme',
      'https://social2.example/acme',
    ]);
    const listed = { ...profileRecord, match_data: [{ similarity_score: 0.5, matched_criteria: null }] };
    expect(profileRecordCells('match_data.similarity_score', listed)).toEqual([0.5]);
  });

  it('never throws on data that does not match the catalog', () => {
    const odd = {
      id: 42,
      full_name: { first: 'Ada' },
      skills: null,
      experience: 'not a list',
      education: [null, 7, { institution_name: ['A', 'B'] }],
      connections_count: 'many',
      is_working: 'yes',
      match_data: 'none',
      extra_field: 'ignored',
    };
    const names = [
      'id, full_name, skills, skills.1, experience.1.company_name, education.1.degree',
      'education.3.institution_name, connections_count, is_working, match_data.similarity_score',
    ];
    expect(profileRecordCells(names.join(','), odd)).toEqual([
      '42',
      'first: Ada',
      '',
      '',
      '',
      '',
      'A, B',
      'many',
      'yes',
      '',
    ]);
    for (const type of Object.keys(RECORD_CATALOGS) as RecordType[]) {
      const everyName = fields([catalogNames(RECORD_CATALOGS[type])], type);
      for (const record of [null, undefined, 'text', 12, [], odd, { profile: 5, data: [odd, null] }]) {
        expect(() => flattenRecord(record as never, everyName)).not.toThrow();
      }
    }
  });

  it('caps text at the cell limit with a visible marker', () => {
    const long = { ...profileRecord, summary: 'x'.repeat(60_000) };
    const [summary] = profileRecordCells('summary', long) as string[];
    // As much text as fits beside the marker: 49,969 characters kept, 10,031 cut, 50,000 in all.
    expect(summary).toBe(`${'x'.repeat(49_969)}… [truncated 10,031 characters]`);
    expect(summary).toHaveLength(CELL_TEXT_LIMIT);
  });
});

describe('criteria columns', () => {
  it('adds one column per criterion in the order first seen, case-insensitive duplicates once', () => {
    const columns = defaultCompanyColumns(companies);
    const criteria = columns.map(headerFor).filter((name) => name.startsWith('criteria.'));
    expect(criteria).toEqual([
      'criteria.Sells to hospitals, in the U.S.',
      'criteria.Has SOC 2',
      'criteria.Founded after 2015',
    ]);
    expect(flattenRows(companies, columns, { headers: false }).map((row) => row.slice(-3))).toEqual([
      ['YES', 'MAYBE', ''],
      ['NO', 'NO', 'YES'],
    ]);
  });

  it('tolerates results without criteria', () => {
    const bare = { ...companies[0], criteria: null } as never;
    expect(defaultCompanyColumns([bare]).map(headerFor)).not.toContainEqual(expect.stringMatching(/^criteria\./));
  });
});

describe('round trip: every printed header selects the same column', () => {
  const sets: [string, RecordType, FieldPath[], unknown][] = [
    ['SCRAPE_PROFILE', 'scrapedProfile', DEFAULT_COLUMNS.SCRAPE_PROFILE, scrapedProfile],
    ['FIND_CONTACTS', 'contact', DEFAULT_COLUMNS.FIND_CONTACTS, SAMPLES.contact],
    ['SEARCH_PEOPLE', 'profileRecord', DEFAULT_COLUMNS.SEARCH_PEOPLE, profileRecord],
    ['ENRICH_PROFILE', 'profileRecord', DEFAULT_COLUMNS.ENRICH_PROFILE, profileRecord],
    ['SEARCH_COMPANIES', 'company', defaultCompanyColumns(companies), companies[1]],
    ['research essentials', 'profileRecord', RESEARCH_COLUMNS.essentials, profileRecord],
    ['research all', 'profileRecord', RESEARCH_COLUMNS.all, profileRecord],
    ...(Object.keys(RECORD_CATALOGS) as RecordType[]).map((type): [string, RecordType, FieldPath[], unknown] => [
      `every name of ${type}`,
      type,
      fields([catalogNames(RECORD_CATALOGS[type])], type),
      SAMPLES[type],
    ]),
  ];

  it.each(sets)('%s', (_, type, columns, record) => {
    const [headers, ...rows] = flattenRows([record as never], columns as never, { headers: true });
    const names = headers as string[];
    const fromRange = fields([names], type);
    const text = names.map((name) => (/[,;"]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name)).join(',');
    for (const parsed of [fromRange, fields(text, type)]) {
      expect(parsed.map(headerFor)).toEqual(names);
      expect(parsed.map((field) => field.kind)).toEqual(columns.map((field) => field.kind));
      expect(flattenRows([record as never], parsed as never, { headers: false })).toEqual(rows);
    }
    if (!names.some((name) => /[,;"]/.test(name))) expect(fields(names.join(','), type).map(headerFor)).toEqual(names);
  });
});

describe('companion rows', () => {
  it('gives one row per experience entry, led by the profile id', () => {
    const headers = collectionColumns('experience').map(headerFor);
    expect(headers).toEqual(['profile_id', ...Object.keys(currentJob)]);
    expect(
      collectionColumns('experience')
        .map((column) => column.kind)
        .slice(0, 3),
    ).toEqual(['text', 'boolean', 'text']);
    const rows = flattenCollection(profileRecord, 'experience');
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toHaveLength(headers.length);
    const cell = (row: number, name: string) => rows[row][headers.indexOf(name)];
    expect(cell(0, 'profile_id')).toBe('p-1001');
    expect(cell(0, 'company_name')).toBe('Acme Robotics');
    expect(cell(0, 'company_categories_and_keywords')).toBe('robotics, warehouse automation, AI');
    expect(cell(0, 'company_stock_ticker')).toBe('exchange: NASDAQ; ticker: ACME');
    expect(cell(1, 'company_name')).toBe('Globex');
    expect(cell(1, 'date_to')).toBe('February 2021');
    expect(cell(1, 'company_is_b2b')).toBe(0);
  });

  it('gives education rows and skips what is not an entry', () => {
    expect(collectionColumns('education').map(headerFor)).toEqual([
      'profile_id',
      ...Object.keys(profileRecord.education![0]),
    ]);
    expect(flattenCollection(profileRecord, 'education').map((row) => row[4])).toEqual([
      'Technical University of Munich',
      'University of London',
    ]);
    const odd = { ...profileRecord, education: [null, 'x', { degree: 'PhD' }] } as never;
    expect(flattenCollection(odd, 'education')).toEqual([['p-1001', 'PhD', ...Array(15).fill('')]]);
    expect(flattenCollection({ ...profileRecord, experience: null }, 'experience')).toEqual([]);
    expect(flattenCollection(null as never, 'experience')).toEqual([]);
  });
});
