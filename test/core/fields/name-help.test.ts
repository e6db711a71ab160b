// What helps a user to the right field name: which formulas show a record, example names, and the same fact under
// the other profile record's name.
import { RECORD_CATALOGS, type RecordType } from '../../../src/core/fields/catalog';
import { parseFieldList } from '../../../src/core/fields/flatten';
import { EXAMPLE_NAMES, FORMULAS_OF, sameFactIn } from '../../../src/core/fields/name-help';
import { catalogNames } from './samples';

const RECORD_TYPES = Object.keys(RECORD_CATALOGS) as RecordType[];

/** The canonical name of a valid field, or undefined when the record type has no such field. */
function canonical(name: string, recordType: RecordType): string | undefined {
  const parsed = parseFieldList(name, recordType);
  return parsed.ok ? parsed.fields[0].name : undefined;
}

describe('FORMULAS_OF and EXAMPLE_NAMES', () => {
  it('name the formulas of every record type', () => {
    expect(Object.keys(FORMULAS_OF).sort()).toEqual([...RECORD_TYPES].sort());
    expect(FORMULAS_OF.profileRecord).toBe('ENRICH_PROFILE and SEARCH_PEOPLE');
  });

  it.each(RECORD_TYPES)('give only names that %s answers, as the user would type them', (recordType) => {
    expect(EXAMPLE_NAMES[recordType].length).toBeGreaterThan(0);
    for (const name of EXAMPLE_NAMES[recordType]) expect(canonical(name, recordType)).toBe(name);
  });
});

describe('sameFactIn', () => {
  it('names a fact of one profile record as the other names it', () => {
    expect(sameFactIn('full_name', 'profileRecord', 'scrapedProfile')).toBe('name');
    expect(sameFactIn('name', 'scrapedProfile', 'profileRecord')).toBe('full_name');
    expect(sameFactIn('num_of_connections', 'scrapedProfile', 'profileRecord')).toBe('connections_count');
  });

  it('keeps the position of a list entry', () => {
    expect(sameFactIn('experience.3.company_name', 'profileRecord', 'scrapedProfile')).toBe(
      'experience.3.employer_name',
    );
    expect(sameFactIn('education.12.institute_name', 'scrapedProfile', 'profileRecord')).toBe(
      'education.12.institution_name',
    );
  });

  it('knows nothing of facts without a counterpart, nor of records other than the two profiles', () => {
    expect(sameFactIn('headline', 'scrapedProfile', 'company')).toBeUndefined();
    expect(sameFactIn('skills', 'scrapedProfile', 'profileRecord')).toBeUndefined();
    expect(sameFactIn('email', 'contact', 'scrapedProfile')).toBeUndefined();
  });

  it.each([
    ['scrapedProfile', 'profileRecord'],
    ['profileRecord', 'scrapedProfile'],
  ] as const)('maps every field of %s with a counterpart to a valid field of %s, and back', (from, to) => {
    let mapped = 0;
    for (const name of catalogNames(RECORD_CATALOGS[from])) {
      const other = sameFactIn(name, from, to);
      if (other === undefined) continue;
      mapped++;
      expect(canonical(other, to)).toBe(other);
      expect(sameFactIn(other, to, from)).toBe(name);
    }
    expect(mapped).toBeGreaterThan(0);
  });
});
