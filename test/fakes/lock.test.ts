import { OWNER, gas, newEnv } from './gas';

describe('LockService', () => {
  it('tryLock fails while another execution holds the document lock, costing the wait in fake time', () => {
    const env = newEnv({ clock: 'virtual' });
    const { LockService } = gas(env);
    const release = env.locks.holdDocumentLock();
    env.run('trigger', OWNER, () => {
      const lock = LockService.getDocumentLock();
      const before = env.clock.now();
      expect(lock.tryLock(5000)).toBe(false);
      expect(env.clock.now() - before).toBe(5000);
      expect(lock.hasLock()).toBe(false);
      expect(() => lock.waitLock(1000)).toThrow('Lock timeout: another process was holding the lock for too long.');
      expect(LockService.getScriptLock().tryLock(0)).toBe(true);
    });
    release();
    env.run('trigger', OWNER, () => expect(LockService.getDocumentLock().tryLock(0)).toBe(true));
  });

  it('releases the locks of an execution when it ends', () => {
    const env = newEnv();
    const { LockService } = gas(env);
    env.run('sidebar', OWNER, () => {
      const lock = LockService.getDocumentLock();
      lock.waitLock(1000);
      expect(lock.hasLock()).toBe(true);
    });
    expect(() => env.locks.holdDocumentLock()).not.toThrow();
  });

  it('releaseLock frees the lock at once', () => {
    const env = newEnv();
    const { LockService } = gas(env);
    env.run('sidebar', OWNER, () => {
      const lock = LockService.getUserLock();
      expect(lock.tryLock(0)).toBe(true);
      lock.releaseLock();
      expect(lock.hasLock()).toBe(false);
      const doc = LockService.getDocumentLock();
      doc.tryLock(0);
      doc.releaseLock();
    });
    const release = env.locks.holdDocumentLock();
    expect(() => env.locks.holdDocumentLock()).toThrow('already held');
    release();
  });

  it('a failed wait can push a custom function past its 30 seconds', () => {
    const env = newEnv();
    const release = env.locks.holdDocumentLock();
    expect(() =>
      env.run('customFunction', OWNER, () => gas(env).LockService.getDocumentLock().tryLock(31_000)),
    ).toThrow('Exceeded maximum execution time');
    release();
  });
});
