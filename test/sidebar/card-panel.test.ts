// The parts of a card's panel: a whole-number field inside its label, reading what the user typed, and the error
// line that holds one sentence.
import { errorLine, inputOf, numberField, readWholeNumber, say } from '../../src/sidebar/card-panel';
import { fake, texts, useFakeDocument } from './fake-document';

useFakeDocument();

test('a number field is its label with the input inside, so the label names it', () => {
  const field = fake(numberField('Rows older than', 7, 0, 'days'));
  const input = fake(inputOf(numberField('At most', 5, 1)));
  expect(field.tagName).toBe('LABEL');
  expect(texts(field)).toEqual(['Rows older than ', ' days']);
  expect(field.querySelector('input')?.getAttribute('value')).toBe('7');
  expect([input.getAttribute('min'), input.getAttribute('step')]).toEqual(['1', '1']);
});

test('whole numbers at or above the least are read, with spaces and thousands commas; anything else is null', () => {
  expect(readWholeNumber(' 1,200 ', 1)).toBe(1200);
  expect(readWholeNumber('0', 0)).toBe(0);
  expect(['0', '-1', '1.5', '1e3', '', 'ten', '99999999999999999999'].map((text) => readWholeNumber(text, 1))).toEqual([
    null,
    null,
    null,
    null,
    null,
    null,
    null,
  ]);
});

test('the error line shows one sentence and hides when cleared', () => {
  const line = errorLine();
  expect([line.hidden, line.getAttribute('role')]).toEqual([true, 'alert']);
  say(line, 'Try again.');
  expect([line.hidden, line.textContent]).toEqual([false, 'Try again.']);
  say(line, null);
  expect([line.hidden, line.textContent]).toEqual([true, '']);
});
