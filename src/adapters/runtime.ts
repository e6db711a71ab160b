import type { Clock, Lock } from '../core/ports';

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.round(ms))),
};

export function documentLock(): Lock {
  const lock = LockService.getDocumentLock();
  if (lock === null) throw new Error('sheet-enrich must run inside a spreadsheet.');
  return {
    tryLock: (timeoutMs) => lock.tryLock(timeoutMs),
    release: () => lock.releaseLock(),
  };
}
