// The clock and the document lock over the fakes: sleeping moves the fakes' time, and the lock is exclusive between
// executions and asked of LockService only when first tried.
import { documentLock, systemClock } from '../../src/adapters/runtime';
import { newEnv } from '../fakes/gas';
import { inScript } from './gas-globals';

describe('the runtime adapters', () => {
  it('sleep on the platform', () => {
    const env = newEnv({ clock: 'virtual', startTime: Date.UTC(2026, 0, 1) });
    const before = env.clock.now();
    inScript(env, () => systemClock.sleep(1_500.4));
    expect(env.clock.now() - before).toBe(1_500);
  });

  it('take the document lock, which another execution holding it refuses', () => {
    const env = newEnv({ clock: 'virtual' });
    const release = env.locks.holdDocumentLock();
    expect(inScript(env, () => documentLock().tryLock(0))).toBe(false);
    release();
    expect(
      inScript(env, () => {
        const lock = documentLock();
        const got = lock.tryLock(0);
        lock.release();
        return got;
      }),
    ).toBe(true);
  });

  it('ask for the lock only when it is tried', () => {
    const env = newEnv();
    const calls = () => env.stats.callsByName['LockService.getDocumentLock'] ?? 0;
    inScript(env, () => void documentLock());
    expect(calls()).toBe(0);
    inScript(env, () => {
      const lock = documentLock();
      if (lock.tryLock(0)) lock.release();
    });
    expect(calls()).toBe(1);
  });
});
