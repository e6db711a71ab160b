// A confirm step in place of a browser dialog: the question as text, one button that goes ahead, one that keeps
// things as they are (Escape too), and a way to answer "keep" when what was asked about went away.
import { confirmStep, type ConfirmQuestion } from '../../src/sidebar/confirm-step';
import { click, dispatch, elements, fake, page, texts, useFakeDocument } from './fake-document';

useFakeDocument();
const XSS = '<img src=x onerror=alert(1)>';
const question: ConfirmQuestion = { question: 'Cancel the run?', confirmLabel: 'Cancel run', keepLabel: 'Keep it' };

function ask(asked: ConfirmQuestion = question) {
  const step = confirmStep(asked);
  const element = fake(step.element);
  page().append(element);
  const button = (answer: 'yes' | 'no') => element.querySelector(`[data-confirm="${answer}"]`)!;
  return { step, element, button };
}

test('the confirm button answers yes, the keep button no', async () => {
  const first = ask();
  click(first.button('yes'));
  await expect(first.step.answer).resolves.toBe(true);
  const second = ask();
  click(second.button('no'));
  await expect(second.step.answer).resolves.toBe(false);
});

test('Escape keeps things as they are and goes no further; other keys do nothing', async () => {
  const { step, element, button } = ask();
  const other = dispatch(button('yes'), 'keydown', { key: 'Enter' });
  expect(other.defaultPrevented).toBe(false);
  const escape = dispatch(element, 'keydown', { key: 'Escape' });
  expect(escape.defaultPrevented).toBe(true);
  await expect(step.answer).resolves.toBe(false);
});

test('the first answer stands: a later click or dismiss does not change it', async () => {
  const { step, button } = ask();
  click(button('yes'));
  step.dismiss();
  click(button('no'));
  await expect(step.answer).resolves.toBe(true);
});

test('dismissing answers keep', async () => {
  const { step } = ask();
  step.dismiss();
  await expect(step.answer).resolves.toBe(false);
});

test('focus goes to the confirm button', () => {
  const { step, button } = ask();
  step.focus();
  expect(document.activeElement).toBe(button('yes'));
});

test('the question, as text, names the group; each step has its own id', () => {
  const { element } = ask({ ...question, question: XSS });
  const other = ask();
  expect(elements(element).map((node) => node.tagName)).not.toContain('IMG');
  const labelled = element.getAttribute('aria-labelledby');
  expect(element.querySelector(`#${labelled}`)?.textContent).toBe(XSS);
  expect(other.element.getAttribute('aria-labelledby')).not.toBe(labelled);
});

test('the labels are the ones asked for; a danger confirm looks destructive, another primary', () => {
  const { element, button } = ask({ ...question, danger: true });
  expect(texts(element)).toEqual(['Cancel the run?', 'Cancel run', 'Keep it']);
  expect(button('yes').getAttribute('class')).toContain('button-danger');
  expect(ask().button('yes').getAttribute('class')).toContain('button-primary');
});
