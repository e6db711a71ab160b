// Without a key, the start button is shut and described by the notice that says why, and an error about the old key
// leaves the status line; with a key, the notice hides and the button opens (unless something else holds it).
import { ButtonGate } from '../../src/sidebar/button-gate';
import { KeyGate } from '../../src/sidebar/key-gate';
import { StatusLine } from '../../src/sidebar/status-line';
import { mount, real, useFakeDocument } from './fake-document';

useFakeDocument();

function keyGate() {
  const notice = mount('p', { id: 'key-warning', hidden: '' });
  const button = mount('button');
  const region = mount('p');
  const start = new ButtonGate(real<HTMLButtonElement>(button));
  const status = new StatusLine(real<HTMLElement>(region));
  return { notice, button, region, start, status, gate: new KeyGate(real<HTMLElement>(notice), start, status) };
}

test('until the settings answer, the key counts as there (the server refuses work without one anyway)', () => {
  const { button, gate } = keyGate();
  expect(gate.hasKey).toBe(true);
  expect(button.disabled).toBe(false);
});

test('no key: the notice shows, Start is shut and described by it, and a key error leaves', () => {
  const { notice, button, region, status, gate } = keyGate();
  status.fail(new Error('The API key was rejected.'));
  gate.update(false);
  expect(gate.hasKey).toBe(false);
  expect(notice.hidden).toBe(false);
  expect(button.disabled).toBe(true);
  expect(button.getAttribute('aria-describedby')).toBe('key-warning');
  expect(region.textContent).toBe('');
});

test('no key leaves a message that is not an error', () => {
  const { region, status, gate } = keyGate();
  status.say('Research started.', 'success');
  gate.update(false);
  expect(region.textContent).toBe('Research started.');
});

test('a key again: the notice hides, Start opens unless another reason holds it', () => {
  const { notice, button, start, gate } = keyGate();
  gate.update(false);
  start.hold('no-preview');
  gate.update(true);
  expect(gate.hasKey).toBe(true);
  expect(notice.hidden).toBe(true);
  expect(button.hasAttribute('aria-describedby')).toBe(false);
  expect(button.disabled).toBe(true);
  start.hold('no-preview', false);
  expect(button.disabled).toBe(false);
});
