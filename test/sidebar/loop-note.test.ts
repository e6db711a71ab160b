// The note under a list says when the sidebar stopped checking still work, and how to wake it; otherwise it hides.
import { describeLoop } from '../../src/sidebar/loop-note';
import type { LoopState } from '../../src/sidebar/poller';
import { STALL_MS } from '../../src/sidebar/schedule';
import { mount, real, useFakeDocument } from './fake-document';

useFakeDocument();

test('a stalled loop is said, with the stall time and how to check again', () => {
  const note = mount('p', { hidden: '' });
  describeLoop(real<HTMLElement>(note), 'stalled');
  expect(note.hidden).toBe(false);
  expect(note.textContent).toContain(`${STALL_MS / 60_000} minutes`);
  expect(note.textContent).toMatch(/click/i);
});

test.each<LoopState>(['waiting', 'checking', 'no-work', 'hidden'])('a %s loop hides and empties the note', (state) => {
  const note = mount('p');
  describeLoop(real<HTMLElement>(note), 'stalled');
  describeLoop(real<HTMLElement>(note), state);
  expect(note.hidden).toBe(true);
  expect(note.textContent).toBe('');
});
