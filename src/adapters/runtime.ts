import type { Clock, Lock } from '../core/ports';
import { forgetPropertyCopy, type StoreKind } from './properties';

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.round(ms))),
};

/** The document lock, asked of LockService when first tried (an execution that never locks never asks). */
export function documentLock(): Lock {
  return lazyLock(() => LockService.getDocumentLock(), 'sheet-enrich must run inside a spreadsheet.', 'document');
}

/** The current user's lock (for this script), asked of LockService when first tried. */
export function userLock(): Lock {
  return lazyLock(() => LockService.getUserLock(), 'The user lock is not available here.', 'user');
}

/**
 * The user's lock for pacing scrapes, or none where Apps Script refuses one: Google does not say whether custom
 * functions may take it. Without it, concurrent formulas pace as before the lock (each reads the shared window), and
 * a 429 the tier then answers is retried.
 */
export function paceLock(): Lock {
  let available = true;
  // It guards the tier's window in the cache, not the user's properties: their copy stays good.
  const lock = lazyLock(() => LockService.getUserLock(), 'The user lock is not available here.', null);
  return {
    tryLock(timeoutMs) {
      if (!available) return true;
      try {
        return lock.tryLock(timeoutMs);
      } catch {
        available = false;
        return true;
      }
    },
    release: () => {
      if (available) lock.release();
    },
  };
}

/** `guards`: the property store whose writers take this lock, if any. */
function lazyLock(open: () => GoogleAppsScript.Lock.Lock | null, missing: string, guards: StoreKind | null): Lock {
  let lock: GoogleAppsScript.Lock.Lock | null = null;
  const held = (): GoogleAppsScript.Lock.Lock => {
    lock ??= open();
    if (lock === null) throw new Error(missing);
    return lock;
  };
  return {
    tryLock(timeoutMs) {
      const taken = held().tryLock(timeoutMs);
      // Others may have written the store while this execution waited: read it afresh under the lock.
      if (taken && guards !== null) forgetPropertyCopy(guards);
      return taken;
    },
    release: () => held().releaseLock(),
  };
}
