import { Poller } from '../../src/sidebar/poller';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A poll that stays open until the test answers it, counting how many run at once. */
function controllablePoll() {
  const state = { started: 0, running: 0, maxRunning: 0, answer: (_more: boolean) => undefined as void };
  const pollOnce = () => {
    state.started++;
    state.running++;
    state.maxRunning = Math.max(state.maxRunning, state.running);
    return new Promise<boolean>((resolve) => {
      state.answer = (more) => {
        state.running--;
        resolve(more);
      };
    });
  };
  return { state, pollOnce };
}

test('never starts a poll while one is under way, however long it takes', async () => {
  const { state, pollOnce } = controllablePoll();
  const poller = new Poller(pollOnce, 100);
  poller.schedule();
  await jest.advanceTimersByTimeAsync(100);
  expect(state.started).toBe(1);

  poller.schedule();
  void poller.pollNow();
  await jest.advanceTimersByTimeAsync(1000);
  expect(state.started).toBe(1);

  state.answer(true);
  await jest.advanceTimersByTimeAsync(100);
  expect(state.started).toBe(2);
  expect(state.maxRunning).toBe(1);
});

test('stops when a poll says nothing is left, and starts again when scheduled', async () => {
  const { state, pollOnce } = controllablePoll();
  const poller = new Poller(pollOnce, 100);
  poller.schedule();
  poller.schedule();
  await jest.advanceTimersByTimeAsync(100);
  state.answer(false);
  await jest.advanceTimersByTimeAsync(1000);
  expect(state.started).toBe(1);

  poller.schedule();
  await jest.advanceTimersByTimeAsync(100);
  expect(state.started).toBe(2);
});

test('a poll that throws is retried after the interval', async () => {
  let calls = 0;
  const poller = new Poller(async () => {
    calls++;
    if (calls === 1) throw new Error('offline');
    return false;
  }, 100);
  await poller.pollNow();
  await jest.advanceTimersByTimeAsync(100);
  expect(calls).toBe(2);
  await jest.advanceTimersByTimeAsync(1000);
  expect(calls).toBe(2);
});
