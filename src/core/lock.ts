// The one way the add-on holds a lock (the document lock, through the Lock port): the run loop, the user's clicks,
// research polls and the usage ledger all go through withLock.
import type { Lock } from './ports';

/** Runs `fn` holding the lock, or returns `busy` without running it when the lock stays taken for waitMs. */
export function withLock<T, B>(lock: Lock, waitMs: number, busy: B, fn: () => T): T | B {
  if (!lock.tryLock(waitMs)) return busy;
  try {
    return fn();
  } finally {
    lock.release();
  }
}
