// The playground's pace: the add-on's sleeps are owed until real time × the speed pays them, a background execution
// ends at its first pacing sleep unless a request failed in it, and time let pass owes nothing.
import { createGasEnvironment, type GasEnvironment } from '../../dev/gas-fakes';
import { PacedClock } from '../../dev/playground/pace';
import { BACKGROUND_RUN_BUDGET_MS } from '../../src/core/background';

const OWNER = 'you@example.com';
let env: GasEnvironment;
let pace: PacedClock;

beforeEach(() => {
  jest.useFakeTimers();
  env = createGasEnvironment({ owner: OWNER, clock: 'virtual' });
  pace = new PacedClock(env, null);
});

afterEach(() => {
  pace.close();
  env.dispose();
  jest.useRealTimers();
});

const utilities = () => env.globals.Utilities as GoogleAppsScript.Utilities.Utilities;
const sleep = (ms: number) => env.run('menu', OWNER, () => utilities().sleep(ms));

test('the clock moves with real time; a sleep moves it at once and is owed until real time pays it', async () => {
  const start = env.clock.now();
  jest.advanceTimersByTime(1_000);
  expect(env.clock.now() - start).toBe(1_000);

  sleep(5_000);
  expect(env.clock.now() - start).toBe(6_000);
  expect(pace.owed()).toBe(5_000);
  let caughtUp = false;
  void pace.caughtUp().then(() => (caughtUp = true));
  jest.advanceTimersByTime(4_000);
  await Promise.resolve();
  expect(caughtUp).toBe(false);
  jest.advanceTimersByTime(1_000);
  await Promise.resolve();
  expect(caughtUp).toBe(true);
  expect(pace.owed()).toBe(0);
});

test('at 10× real time pays ten times as much', () => {
  pace.setSpeed(10);
  sleep(60_000);
  jest.advanceTimersByTime(5_000);
  expect(pace.owed()).toBe(10_000);
  jest.advanceTimersByTime(1_000);
  expect(pace.owed()).toBe(0);
});

test('a background execution ends at its first pacing sleep: the clock passes its budget, only the sleep is owed', () => {
  const start = env.clock.now();
  pace.background(() => sleep(60_000));
  expect(env.clock.now() - start).toBeGreaterThan(BACKGROUND_RUN_BUDGET_MS);
  expect(pace.owed()).toBe(60_000);

  // Retry backoffs are shorter, and sleeps outside background executions are never cut.
  const before = env.clock.now();
  pace.background(() => sleep(8_000));
  sleep(60_000);
  expect(env.clock.now() - before).toBe(68_000);
});

test('time let pass moves the clock and owes nothing', () => {
  const start = env.clock.now();
  pace.pass(7 * 24 * 60 * 60_000);
  expect(env.clock.now() - start).toBe(7 * 24 * 60 * 60_000);
  expect(pace.owed()).toBe(0);
});
