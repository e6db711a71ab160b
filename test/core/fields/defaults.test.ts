import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORD_CATALOGS } from '../../../src/core/fields/catalog';
import { DEFAULT_COLUMNS, RESEARCH_COLUMNS, defaultCompanyColumns } from '../../../src/core/fields/defaults';
import { flattenRecord, headerFor } from '../../../src/core/fields/flatten';
import { companies, profileRecord, scrapedProfile } from './samples';

describe('default columns', () => {
  it('shows what a recruiter reads first of a scraped profile', () => {
    expect(flattenRecord(scrapedProfile, DEFAULT_COLUMNS.SCRAPE_PROFILE)).toEqual([
      'Grace Hopper',
      'Rear Admiral, computing pioneer',
      'Director of Computing',
      'Arlington, Virginia, United States',
      'Director of Computing',
      'US Navy',
      'Yale University',
      500,
      'COBOL, Compilers, Leadership',
      'https://network.example/in/grace-hopper',
    ]);
  });

  it('shows the profile record columns for enrichment, and for people search why each person matched', () => {
    const enriched = [
      'Ada Lovelace',
      'VP Engineering at Acme Robotics',
      'VP of Engineering',
      'Acme Robotics',
      'VP',
      true,
      'San Francisco, California, United States',
      'Robotics, Python, Team Leadership',
      'https://network.example/in/ada-lovelace',
    ];
    expect(flattenRecord(profileRecord, DEFAULT_COLUMNS.ENRICH_PROFILE)).toEqual(enriched);
    expect(flattenRecord(profileRecord, DEFAULT_COLUMNS.SEARCH_PEOPLE)).toEqual([
      ...enriched.slice(0, 4),
      0.87,
      'VP level, Robotics',
      ...enriched.slice(4),
    ]);
  });

  it('starts the company columns with the company and ends with its criteria', () => {
    expect(defaultCompanyColumns([]).map(headerFor)).toEqual([
      'company_name',
      'company_website',
      'headquarters',
      'hq_country',
      'employee_count_range',
      'network_industry',
      'company_type',
      'year_founded',
      'network_profile_url',
    ]);
    expect(defaultCompanyColumns(companies).map(headerFor).slice(9)).toEqual([
      'criteria.Sells to hospitals, in the U.S.',
      'criteria.Has SOC 2',
      'criteria.Founded after 2015',
    ]);
  });

  it('gives research essentials with id and full_name first, and why each person matched', () => {
    const names = RESEARCH_COLUMNS.essentials.map(headerFor);
    expect(names.slice(0, 2)).toEqual(['id', 'full_name']);
    expect(names).toEqual(expect.arrayContaining(['match_data.similarity_score', 'match_data.matched_criteria']));
  });

  it('gives every root field a cell can hold as research "all", experience and education left to companion sheets', () => {
    const names = RESEARCH_COLUMNS.all.map(headerFor);
    expect(names).toEqual(
      expect.arrayContaining(['id', 'full_name', 'skills', 'updated_at', 'languages', 'match_data.similarity_score']),
    );
    expect(names).not.toContain('experience');
    expect(names).not.toContain('education');
    expect(names).not.toContain('match_data');
    // Every root field but the two collections, with match_data split into its two fields.
    expect(names).toHaveLength(Object.keys(RECORD_CATALOGS.profileRecord).length - 2 - 1 + 2);
    const row = flattenRecord(profileRecord, RESEARCH_COLUMNS.all);
    expect(names.filter((_, index) => row[index] === '')).toEqual(['experience_recently_closed']);
  });
});

describe('the default columns README.md documents', () => {
  const readme = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');

  /** The section of README's "Formulas" that documents `=NAME(…)`, up to the next heading. */
  function formulaSection(name: string): string {
    const start = readme.indexOf(`### \`=${name}(`);
    expect(start).toBeGreaterThanOrEqual(0);
    const end = readme.indexOf('\n#', start + 1);
    return readme.slice(start, end < 0 ? undefined : end);
  }

  /** The backticked names of a list such as "`a`, `b`,\n`c`" that directly follows `label`. */
  function listAfter(text: string, label: string): string[] {
    const at = text.indexOf(label);
    expect(at).toBeGreaterThanOrEqual(0);
    const list = /^\s*((?:`[^`]+`(?:,\s*)?)+)/.exec(text.slice(at + label.length));
    if (!list) throw new Error(`No list of names after "${label}"`);
    return Array.from(list[1].matchAll(/`([^`]+)`/g), (match) => match[1]);
  }

  it.each(['SCRAPE_PROFILE', 'FIND_CONTACTS', 'ENRICH_PROFILE', 'SEARCH_PEOPLE'] as const)(
    '%s shows exactly the README list, in order',
    (name) => {
      const documented = listAfter(formulaSection(name), 'Default columns:');
      expect(documented.length).toBeGreaterThan(5);
      expect(DEFAULT_COLUMNS[name].map(headerFor)).toEqual(documented);
    },
  );

  it('SEARCH_COMPANIES starts with the README list, before its criteria', () => {
    const section = formulaSection('SEARCH_COMPANIES');
    const documented = listAfter(section, 'Default columns:');
    expect(section).toContain(`\`${documented[documented.length - 1]}\`, then one column per evaluated criterion`);
    expect(defaultCompanyColumns([]).map(headerFor)).toEqual(documented);
  });

  it('research Essentials are exactly the README list, in order', () => {
    expect(RESEARCH_COLUMNS.essentials.map(headerFor)).toEqual(listAfter(readme, '**Essentials** ('));
  });
});

describe('building the column sets', () => {
  // Every formula execution runs the bundle's top-level code: loading must not parse the column names.
  it('builds none while the module loads, each on its first read, and each once', () => {
    /* eslint-disable @typescript-eslint/no-require-imports -- a fresh module registry needs require */
    jest.isolateModules(() => {
      const flatten = require('../../../src/core/fields/flatten') as typeof import('../../../src/core/fields/flatten');
      const parse = jest.spyOn(flatten, 'parseFieldList');
      const defaults =
        require('../../../src/core/fields/defaults') as typeof import('../../../src/core/fields/defaults');
      expect(parse).not.toHaveBeenCalled();

      const all = defaults.RESEARCH_COLUMNS.all;
      expect(parse).toHaveBeenCalledTimes(1);
      expect(defaults.RESEARCH_COLUMNS.all).toBe(all);
      expect(defaults.DEFAULT_COLUMNS.ENRICH_PROFILE).toBe(defaults.DEFAULT_COLUMNS.ENRICH_PROFILE);
      /* eslint-enable @typescript-eslint/no-require-imports */
      expect(parse).toHaveBeenCalledTimes(2);
    });
  });
});
