import type { Clock, Lock } from '../core/ports';

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.round(ms))),
};

/** The document lock, asked of LockService when first tried (an execution that never locks never asks). */
export function documentLock(): Lock {
  let lock: GoogleAppsScript.Lock.Lock | null = null;
  const held = (): GoogleAppsScript.Lock.Lock => {
    lock ??= LockService.getDocumentLock();
    if (lock === null) throw new Error('sheet-enrich must run inside a spreadsheet.');
    return lock;
  };
  return {
    tryLock: (timeoutMs) => held().tryLock(timeoutMs),
    release: () => held().releaseLock(),
  };
}
