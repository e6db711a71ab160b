import { RECORD_CATALOGS, type RecordType } from '../../../src/core/fields/catalog';
import { flattenRecord, headerFor, parseFieldList } from '../../../src/core/fields/flatten';
import { SAMPLES, catalogNames, profileRecord, scrapedProfile } from './samples';

describe('field catalog', () => {
  it.each(Object.keys(RECORD_CATALOGS) as RecordType[])(
    'resolves every name of %s and reads it without error',
    (type) => {
      const names = catalogNames(RECORD_CATALOGS[type]);
      const result = parseFieldList([names], type);
      if (!result.ok) throw new Error(result.error.message);
      expect(result.fields.map(headerFor)).toEqual(names);
      const row = flattenRecord(SAMPLES[type] as never, result.fields);
      expect(row).toHaveLength(names.length);
      for (const cell of row) expect(['string', 'number', 'boolean']).toContain(typeof cell);
    },
  );

  it('names the 94 root fields of the profile record the API names', () => {
    expect(Object.keys(RECORD_CATALOGS.profileRecord)).toHaveLength(94);
    expect(Object.keys(RECORD_CATALOGS.profileRecord).sort()).toEqual(Object.keys(profileRecord).sort());
  });

  it('fills every root leaf of the profile record of a complete sample', () => {
    const scalarNames = Object.keys(RECORD_CATALOGS.profileRecord).filter((name) => {
      const { kind } = RECORD_CATALOGS.profileRecord[name];
      return kind !== 'list' && kind !== 'object';
    });
    const result = parseFieldList([scalarNames], 'profileRecord');
    if (!result.ok) throw new Error(result.error.message);
    const row = flattenRecord(profileRecord, result.fields);
    const blanks = scalarNames.filter((_, index) => row[index] === '');
    expect(blanks).toEqual([]);
  });

  it('lifts the scraped profile object to the top, without prefix', () => {
    const result = parseFieldList('name, headline, num_of_connections, websites, skills', 'scrapedProfile');
    if (!result.ok) throw new Error(result.error.message);
    expect(flattenRecord(scrapedProfile, result.fields)).toEqual([
      'Grace Hopper',
      'Rear Admiral, computing pioneer',
      500,
      'https://grace.example, https://cobol.example',
      'COBOL, Compilers, Leadership',
    ]);
  });

  it('reads the top-level location of a scraped profile, else the profile object one', () => {
    const result = parseFieldList('location', 'scrapedProfile');
    if (!result.ok) throw new Error(result.error.message);
    expect(flattenRecord(scrapedProfile, result.fields)).toEqual(['Arlington, Virginia, United States']);
    expect(flattenRecord({ ...scrapedProfile, location: '' }, result.fields)).toEqual(['Arlington, Virginia']);
  });
});
