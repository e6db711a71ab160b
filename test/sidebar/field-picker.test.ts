// The fields a run writes: typed names split as the formulas take them, or picked from the operation's catalog
// through a filter; an empty field means the defaults, which are listed.
import { JOB_CHANGES_FIELDS } from '../../src/core/refresh/job-changes';
import { FieldPicker, splitNames } from '../../src/sidebar/field-picker';
import { FIELD_CHOICES } from '../browser/fake-server';
import { click, mount, pageElement, typeInto, useFakeDocument } from './fake-document';

useFakeDocument();

test('field names are split on commas, semicolons and new lines, blanks dropped', () => {
  expect(splitNames(' name, headline;;\nexperience.1.title ,  ')).toEqual(['name', 'headline', 'experience.1.title']);
  expect(splitNames('  ')).toEqual([]);
});

/** The picker over the elements it finds by id; `changes` counts its change notices. */
function mountPicker() {
  mount('textarea', { id: 'enrich-fields' });
  mount('p', { id: 'enrich-fields-error', hidden: '' });
  mount('input', { id: 'enrich-field-filter' });
  mount('ul', { id: 'enrich-field-choices' });
  mount('p', { id: 'enrich-field-more' });
  mount('p', { id: 'enrich-fields-defaults' });
  const presets = mount('fieldset', { id: 'enrich-presets', hidden: '' });
  mount('ul', { id: 'enrich-preset-choices' }, presets);
  const changes = { count: 0 };
  const picker = new FieldPicker(() => changes.count++);
  return { picker, changes };
}

const chips = () =>
  pageElement('enrich-field-choices')
    .querySelectorAll('button[data-field]')
    .map((chip) => chip.getAttribute('data-field'));

test('the catalog shows as chips, the defaults as a sentence', () => {
  const { picker } = mountPicker();
  picker.setChoices(FIELD_CHOICES.profile);
  expect(chips()).toEqual(FIELD_CHOICES.profile.fields);
  for (const name of FIELD_CHOICES.profile.defaults) {
    expect(pageElement('enrich-fields-defaults').textContent).toContain(name);
  }
  picker.setChoices({ defaults: [], fields: ['a'], presets: [] });
  expect(pageElement('enrich-fields-defaults').textContent).toBe('');
});

test('the filter narrows the chips, ignoring case, and says when none matches', () => {
  const { picker } = mountPicker();
  picker.setChoices(FIELD_CHOICES.contacts);
  typeInto(pageElement('enrich-field-filter'), 'EMAIL');
  expect(chips()).toEqual(FIELD_CHOICES.contacts.fields.filter((name) => name.includes('email')));
  expect(pageElement('enrich-field-more').textContent).toBe('');
  typeInto(pageElement('enrich-field-filter'), 'zzz');
  expect(chips()).toEqual([]);
  expect(pageElement('enrich-field-more').textContent).toBe('No field matches.');
});

test('a long catalog shows its first chips and says how many more the filter hides', () => {
  const { picker } = mountPicker();
  const fields = Array.from({ length: 100 }, (_, index) => `field${index}`);
  picker.setChoices({ defaults: [], fields, presets: [] });
  const shown = chips();
  expect(shown.length).toBeLessThan(fields.length);
  expect(shown).toEqual(fields.slice(0, shown.length));
  expect(pageElement('enrich-field-more').textContent).toBe(`${fields.length - shown.length} more: narrow the filter.`);
});

test('a chip adds its name once, clears a refusal and tells the form', () => {
  const { picker, changes } = mountPicker();
  picker.setChoices(FIELD_CHOICES.scrape);
  typeInto(pageElement('enrich-fields'), 'name;');
  picker.field.reject('Unknown field "nme".');
  const before = changes.count;
  const chip = (name: string) => pageElement('enrich-field-choices').querySelector(`[data-field="${name}"]`);
  click(chip('headline')!);
  click(chip('name')!);
  expect(pageElement('enrich-fields').value).toBe('name, headline');
  expect(picker.names()).toEqual(['name', 'headline']);
  expect(pageElement('enrich-fields-error').hidden).toBe(true);
  expect(changes.count).toBe(before + 2);
});

test('typing in the field tells the form; an empty field asks for the defaults', () => {
  const { picker, changes } = mountPicker();
  expect(picker.names()).toBeUndefined();
  typeInto(pageElement('enrich-fields'), ' , ');
  expect(changes.count).toBe(1);
  expect(picker.names()).toBeUndefined();
});

const presetButton = (name: string) =>
  pageElement('enrich-preset-choices').querySelector(`button[data-preset="${name}"]`);

test('an operation’s presets show as buttons; none hides the group', () => {
  const { picker } = mountPicker();
  picker.setChoices(FIELD_CHOICES.profile);
  expect(pageElement('enrich-presets').hidden).toBe(false);
  const button = presetButton('Job changes')!;
  expect(button.textContent).toBe('Job changes');
  for (const name of JOB_CHANGES_FIELDS) expect(button.getAttribute('title')).toContain(name);
  picker.setChoices(FIELD_CHOICES.scrape);
  expect(pageElement('enrich-presets').hidden).toBe(true);
  expect(presetButton('Job changes')).toBeNull();
  picker.setChoices({ defaults: [], fields: ['a'], presets: [] });
  expect(pageElement('enrich-presets').hidden).toBe(true);
});

test('a preset adds its fields after those typed, once each, clears a refusal and tells the form', () => {
  const { picker, changes } = mountPicker();
  picker.setChoices(FIELD_CHOICES.profile);
  const [first] = JOB_CHANGES_FIELDS;
  typeInto(pageElement('enrich-fields'), `skills; ${first}`);
  picker.field.reject('Unknown field "skils".');
  const before = changes.count;
  click(presetButton('Job changes')!);
  expect(picker.names()).toEqual(['skills', ...JOB_CHANGES_FIELDS]);
  expect(pageElement('enrich-fields-error').hidden).toBe(true);
  click(presetButton('Job changes')!);
  expect(picker.names()).toEqual(['skills', ...JOB_CHANGES_FIELDS]);
  expect(changes.count).toBe(before + 2);
});

test('a preset on an empty field adds to the defaults that field stood for', () => {
  const { picker } = mountPicker();
  picker.setChoices(FIELD_CHOICES.profile);
  click(presetButton('Job changes')!);
  expect(picker.names()).toEqual([...FIELD_CHOICES.profile.defaults, ...JOB_CHANGES_FIELDS]);
  expect(pageElement('enrich-fields').value).toBe(picker.names()!.join(', '));
});
