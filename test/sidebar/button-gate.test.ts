// A button several reasons may hold shut: it opens only when none holds it, and a busy call relabels it.
import { ButtonGate } from '../../src/sidebar/button-gate';
import { mount, real, useFakeDocument } from './fake-document';

useFakeDocument();

const gateOver = () => {
  const button = mount('button');
  return { button, gate: new ButtonGate(real<HTMLButtonElement>(button)) };
};

test('the button opens only once every reason holding it is lifted', () => {
  const { button, gate } = gateOver();
  expect(button.disabled).toBe(false);
  gate.hold('no-key');
  gate.hold('no-preview');
  gate.hold('no-key', false);
  expect(button.disabled).toBe(true);
  gate.hold('no-preview', false);
  expect(button.disabled).toBe(false);
});

test('holding for the same reason twice needs one lift; lifting a reason not held changes nothing', () => {
  const { button, gate } = gateOver();
  gate.hold('busy');
  gate.hold('busy');
  gate.hold('no-key', false);
  expect(button.disabled).toBe(true);
  gate.hold('busy', false);
  expect(button.disabled).toBe(false);
});

test('a busy call shuts the button under its own label; done, the idle label comes back and other holds stay', () => {
  const { button, gate } = gateOver();
  gate.hold('no-preview');
  gate.busy('Starting…', 'Start');
  expect([button.textContent, button.disabled]).toEqual(['Starting…', true]);
  gate.busy(null, 'Start');
  expect([button.textContent, button.disabled]).toEqual(['Start', true]);
  gate.hold('no-preview', false);
  expect(button.disabled).toBe(false);
});
