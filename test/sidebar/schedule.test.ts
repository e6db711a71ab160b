// The open sidebar's check schedule: fast while work moves, backing off to 5 minutes while it stands still, nothing
// while hidden, without work of the user's, or after 30 still minutes.
import {
  enrichmentPolicy,
  MAX_POLL_WAIT_MS,
  nextPoll,
  researchPolicy,
  STALL_MS,
  type PollState,
} from '../../src/sidebar/schedule';

const research = researchPolicy(10_000);
const moving: PollState = { hasWork: true, hidden: false, unchangedChecks: 0, quietMs: 0 };

test('while work moves, the research poll waits the page interval and a run is continued at once', () => {
  expect(nextPoll(moving, research)).toEqual({ poll: true, delayMs: 10_000 });
  expect(nextPoll(moving, enrichmentPolicy(10_000))).toEqual({ poll: true, delayMs: 0 });
});

test('each check that saw nothing move doubles the wait, up to 5 minutes', () => {
  const waits = [1, 2, 3, 4, 5, 6, 12, 40].map((unchangedChecks) => {
    const decision = nextPoll({ ...moving, unchangedChecks, quietMs: 0 }, research);
    return decision.poll ? decision.delayMs : null;
  });
  expect(waits).toEqual([20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000, 300_000]);
  expect(MAX_POLL_WAIT_MS).toBe(300_000);
});

test('no check while hidden, or without work of the user’s', () => {
  expect(nextPoll({ ...moving, hidden: true }, research)).toEqual({ poll: false, reason: 'hidden' });
  expect(nextPoll({ ...moving, hasWork: false }, research)).toEqual({ poll: false, reason: 'no-work' });
  expect(nextPoll({ ...moving, hasWork: false, hidden: true }, research)).toEqual({ poll: false, reason: 'no-work' });
});

test('work still for 30 minutes is checked once at the 30-minute mark, then left alone', () => {
  const late = { ...moving, unchangedChecks: 9, quietMs: STALL_MS - 60_000 };
  expect(nextPoll(late, research)).toEqual({ poll: true, delayMs: 60_000 });
  expect(nextPoll({ ...late, quietMs: STALL_MS }, research)).toEqual({ poll: false, reason: 'stalled' });
  expect(nextPoll({ ...late, quietMs: STALL_MS + 1 }, research)).toEqual({ poll: false, reason: 'stalled' });
  expect(STALL_MS).toBe(30 * 60_000);
});

test('an idle sidebar over one hour: the checks of a research job that never moves', () => {
  // Simulates the loop: the first check at load, then one per decision, nothing moving.
  const times: number[] = [];
  let now = 0;
  let unchangedChecks = 0;
  for (;;) {
    times.push(now);
    unchangedChecks++;
    const decision = nextPoll({ hasWork: true, hidden: false, unchangedChecks, quietMs: now }, research);
    if (!decision.poll) break;
    now += decision.delayMs;
  }
  expect(times.map((ms) => ms / 1000)).toEqual([0, 20, 60, 140, 300, 600, 900, 1200, 1500, 1800]);
});
