// The panel's status line: what just happened, with its kind; a failed background check stands until the next good
// check, the user's own messages until the next action; an error about a key that is gone can be dropped.
import { StatusLine } from '../../src/sidebar/status-line';
import { mount, real, useFakeDocument } from './fake-document';

useFakeDocument();

function statusLine() {
  const region = mount('p', { role: 'status' });
  return { region, status: new StatusLine(real<HTMLElement>(region)) };
}

test('a message shows with its kind; info unless told', () => {
  const { region, status } = statusLine();
  status.say('Saving…');
  expect([region.textContent, region.dataset.tone]).toEqual(['Saving…', 'info']);
  status.say('Saved.', 'success');
  expect([region.textContent, region.dataset.tone]).toEqual(['Saved.', 'success']);
});

test('a failed action shows the server’s sentence as an error, after the prefix', () => {
  const { region, status } = statusLine();
  status.fail(new Error('The key was rejected.'), 'Could not save: ');
  expect([region.textContent, region.dataset.tone]).toEqual(['Could not save: The key was rejected.', 'error']);
  status.fail('offline');
  expect(region.textContent).toBe('offline');
});

test('a failed check is cleared by the next good one', () => {
  const { region, status } = statusLine();
  status.checkFailed('Could not refresh research: offline');
  expect(region.dataset.tone).toBe('error');
  status.checkSucceeded();
  expect(region.textContent).toBe('');
});

test('a good check leaves the user’s own messages, even one said after a failed check', () => {
  const { region, status } = statusLine();
  status.say('Research started.', 'success');
  status.checkSucceeded();
  expect(region.textContent).toBe('Research started.');
  status.checkFailed('Could not refresh research: offline');
  status.fail(new Error('The cancel could not be sent.'));
  status.checkSucceeded();
  expect(region.textContent).toBe('The cancel could not be sent.');
});

test('dropping an error clears only an error', () => {
  const { region, status } = statusLine();
  status.say('Research started.', 'success');
  status.dropError();
  expect(region.textContent).toBe('Research started.');
  status.fail(new Error('No API key is set.'));
  status.dropError();
  expect(region.textContent).toBe('');
  expect(region.dataset.tone).not.toBe('error');
});
