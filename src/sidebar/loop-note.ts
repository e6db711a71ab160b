// Says on screen when the sidebar stopped checking work that stood still, and how to make it check again, so a card
// that no longer changes is not mistaken for live.
import type { LoopState } from './poller';
import { STALL_MS } from './schedule';

export function describeLoop(note: HTMLElement, state: LoopState): void {
  const stalled = state === 'stalled';
  note.hidden = !stalled;
  note.textContent = stalled
    ? `Nothing has changed for ${STALL_MS / 60_000} minutes, so the sidebar stopped checking. Click anywhere here to check again.`
    : '';
}
