// The poll loop on the page's timers (jest's fake ones here): never two checks at once, backing off while nothing
// moves, nothing while hidden, stopping after 30 still minutes until the user acts.
import { PollLoop, type LoopState } from '../../src/sidebar/poller';
import { researchPolicy } from '../../src/sidebar/schedule';

beforeEach(() => jest.useFakeTimers({ now: Date.parse('2025-06-02T09:00:00Z') }));
afterEach(() => jest.useRealTimers());

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A loop whose checks the test controls: what they answer, whether there is work, and every state it reports. */
function loopWith(options: { moved?: () => boolean; hasWork?: () => boolean } = {}) {
  const checks: number[] = [];
  const states: LoopState[] = [];
  const start = Date.now();
  const loop = new PollLoop({
    check: async () => {
      checks.push((Date.now() - start) / SECOND);
      return options.moved?.() ?? false;
    },
    hasWork: options.hasWork ?? (() => true),
    policy: researchPolicy(10 * SECOND),
    onState: (state) => states.push(state),
  });
  return { loop, checks, states };
}

test('a job that never moves is checked ever more rarely, then left alone after 30 minutes', async () => {
  const { loop, checks, states } = loopWith();
  await loop.checkNow();
  await jest.advanceTimersByTimeAsync(60 * MINUTE);
  expect(checks).toEqual([0, 20, 60, 140, 300, 600, 900, 1200, 1500, 1800]);
  expect(loop.state).toBe('stalled');
  expect(states.at(-1)).toBe('stalled');

  // Any click wakes it: a check at once, then the fast pace again.
  loop.wake();
  await jest.advanceTimersByTimeAsync(0);
  expect(checks.length).toBe(11);
  expect(checks.at(-1)).toBe(3600);
});

test('work that moves is checked at the page interval', async () => {
  const { loop, checks } = loopWith({ moved: () => true });
  await loop.checkNow();
  await jest.advanceTimersByTimeAsync(MINUTE);
  expect(checks).toEqual([0, 10, 20, 30, 40, 50, 60]);
});

test('nothing is checked while the sidebar is hidden; a check that fell due meanwhile runs when it shows again', async () => {
  const { loop, checks } = loopWith({ moved: () => true });
  await loop.checkNow();
  loop.setHidden(true);
  expect(loop.state).toBe('hidden');
  await jest.advanceTimersByTimeAsync(60 * MINUTE);
  expect(checks).toEqual([0]);
  loop.setHidden(false);
  await jest.advanceTimersByTimeAsync(0);
  expect(checks).toEqual([0, 3600]);
});

test('without work of the user’s nothing is checked, until work is started', async () => {
  let hasWork = false;
  const { loop, checks } = loopWith({ hasWork: () => hasWork });
  await loop.checkNow();
  await jest.advanceTimersByTimeAsync(10 * MINUTE);
  expect(checks).toEqual([]);
  expect(loop.state).toBe('no-work');

  hasWork = true;
  loop.restart();
  await jest.advanceTimersByTimeAsync(10 * SECOND);
  expect(checks).toEqual([610]);
});

test('a click before the stall only restarts the stall clock; it does not add a check', async () => {
  const { loop, checks } = loopWith();
  await loop.checkNow();
  await jest.advanceTimersByTimeAsync(25 * MINUTE);
  const before = checks.length;
  loop.wake();
  await jest.advanceTimersByTimeAsync(0);
  expect(checks.length).toBe(before);
  // The stall clock restarted at 25 minutes: checks go on every 5 minutes until 55.
  await jest.advanceTimersByTimeAsync(35 * MINUTE);
  expect(checks.slice(before)).toEqual([1800, 2100, 2400, 2700, 3000, 3300]);
  expect(loop.state).toBe('stalled');
});

test('never starts a check while one is under way, however long it takes', async () => {
  let running = 0;
  let maxRunning = 0;
  let answer: (moved: boolean) => void = () => undefined;
  const loop = new PollLoop({
    check: () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      return new Promise<boolean>((resolve) => {
        answer = (moved) => {
          running--;
          resolve(moved);
        };
      });
    },
    hasWork: () => true,
    policy: researchPolicy(100),
  });
  void loop.checkNow();
  void loop.checkNow();
  loop.restart();
  loop.refresh();
  await jest.advanceTimersByTimeAsync(10 * MINUTE);
  expect(running).toBe(1);
  answer(true);
  await jest.advanceTimersByTimeAsync(100);
  expect(running).toBe(1);
  expect(maxRunning).toBe(1);
});

test('a check that throws counts as one that saw nothing move, and the loop goes on', async () => {
  let calls = 0;
  const loop = new PollLoop({
    check: async () => {
      calls++;
      throw new Error('offline');
    },
    hasWork: () => true,
    policy: researchPolicy(10 * SECOND),
  });
  await loop.checkNow();
  await jest.advanceTimersByTimeAsync(20 * SECOND);
  expect(calls).toBe(2);
  expect(loop.state).toBe('waiting');
});
