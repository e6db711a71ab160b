// The clock and the document lock over the fakes: sleeping moves the fakes' time, and the lock is exclusive between
// executions and asked of LockService only when first tried.
import { documentLock, paceLock, systemClock } from '../../src/adapters/runtime';
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

  it('pace under the user lock, and without one where LockService refuses it', () => {
    const env = newEnv();
    const calls = () => env.stats.callsByName['LockService.getUserLock'] ?? 0;
    const taken = inScript(
      env,
      () => {
        const lock = paceLock();
        const got = lock.tryLock(0);
        lock.release();
        return got;
      },
      'customFunction',
    );
    expect(taken).toBe(true);
    expect(calls()).toBe(1);

    // Google does not say whether a custom function may take the user lock: where it throws, pacing goes on.
    const lockService = env.globals.LockService as object;
    const refusing = Object.create(lockService, {
      getUserLock: {
        value: () => {
          throw new Error('LockService is not available in this context.');
        },
      },
    }) as object;
    const scope = globalThis as Record<string, unknown>;
    scope.LockService = refusing;
    try {
      const lock = inScript(env, () => paceLock(), 'customFunction');
      expect(inScript(env, () => [lock.tryLock(0), lock.tryLock(0)], 'customFunction')).toEqual([true, true]);
      expect(() => inScript(env, () => lock.release(), 'customFunction')).not.toThrow();
    } finally {
      delete scope.LockService;
    }
  });
});
