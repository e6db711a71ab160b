// A field with its own message underneath: a refusal is said there, marks the field invalid and puts the cursor in
// it; typing clears it.
import { ValidatedField } from '../../src/sidebar/form-field';
import { mount, real, typeInto, useFakeDocument } from './fake-document';

useFakeDocument();

function field() {
  const input = mount('input', { id: 'research-limit', value: '25' });
  const message = mount('p', { id: 'research-limit-error', hidden: '' });
  return { input, message, field: new ValidatedField(real<HTMLInputElement>(input)) };
}

test('the value is the input’s', () => {
  const { input, field: limit } = field();
  expect(limit.value).toBe('25');
  input.value = '40';
  expect(limit.value).toBe('40');
});

test('a refusal shows under the field, marks it invalid and focuses it', () => {
  const { input, message, field: limit } = field();
  limit.reject('The result limit must be a whole number from 1 to 1000.');
  expect(message.hidden).toBe(false);
  expect(message.textContent).toBe('The result limit must be a whole number from 1 to 1000.');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(input);
});

test('typing clears the refusal', () => {
  const { input, message, field: limit } = field();
  limit.reject('Too many.');
  typeInto(input, '30');
  expect(message.hidden).toBe(true);
  expect(message.textContent).toBe('');
  expect(input.hasAttribute('aria-invalid')).toBe(false);
});

test('a field without its message element is a page bug, said at once', () => {
  const input = mount('input', { id: 'lonely' });
  expect(() => new ValidatedField(real<HTMLInputElement>(input))).toThrow('#lonely-error');
});
