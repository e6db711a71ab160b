import { fieldChoices } from '../../../src/core/enrichment/field-choices';
import { OPERATIONS } from '../../../src/core/enrichment/operations';
import { headerFor, parseFieldList } from '../../../src/core/fields/flatten';
import { JOB_CHANGES_FIELDS } from '../../../src/core/refresh/job-changes';

describe.each(['scrape', 'profile', 'contacts'] as const)('fieldChoices(%s)', (operation) => {
  const choices = fieldChoices(operation);

  it('offers every name once, each one the formulas take and print back the same', () => {
    expect(new Set(choices.fields).size).toBe(choices.fields.length);
    for (const name of choices.fields) {
      const parsed = parseFieldList([[name]], OPERATIONS[operation].recordType);
      expect(parsed.ok && parsed.fields.map(headerFor)).toEqual([name]);
    }
  });

  it('starts from the formula’s defaults, all of them offered', () => {
    expect(choices.defaults).toEqual(OPERATIONS[operation].defaults().map(headerFor));
    expect(choices.fields).toEqual(expect.arrayContaining(choices.defaults));
  });
});

it('offers lists whole and by their first entry’s fields', () => {
  expect(fieldChoices('scrape').fields).toEqual(
    expect.arrayContaining(['name', 'experience', 'experience.1.employer_name', 'skills', 'criteria']),
  );
  expect(fieldChoices('contacts').fields.slice(0, 3)).toEqual(['contacts', 'contacts.1.type', 'contacts.1.value']);
  expect(fieldChoices('profile').fields).toContain('match_data.similarity_score');
});

describe('presets', () => {
  it('offer a profile run the Job changes fields, every one of them a choice', () => {
    const choices = fieldChoices('profile');
    expect(choices.presets).toEqual([{ name: 'Job changes', fields: [...JOB_CHANGES_FIELDS] }]);
    expect(choices.fields).toEqual(expect.arrayContaining([...JOB_CHANGES_FIELDS]));
  });

  it.each(['scrape', 'contacts'] as const)('offer a %s run none', (operation) => {
    expect(fieldChoices(operation).presets).toEqual([]);
  });

  it('hand out copies: changing one leaves the next answer whole', () => {
    fieldChoices('profile').presets![0].fields.push('name');
    expect(fieldChoices('profile').presets![0].fields).toEqual([...JOB_CHANGES_FIELDS]);
  });
});
