import type { Clock, Hash, Lock } from '../core/ports';

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => Utilities.sleep(Math.max(0, Math.round(ms))),
};

export const sha256Hex: Hash = (text) =>
  Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, text, Utilities.Charset.UTF_8)
    .map((byte) => ((byte + 256) % 256).toString(16).padStart(2, '0'))
    .join('');

export function documentLock(): Lock {
  const lock = LockService.getDocumentLock();
  if (lock === null) throw new Error('sheet-enrich must run inside a spreadsheet.');
  return {
    tryLock: (timeoutMs) => lock.tryLock(timeoutMs),
    release: () => lock.releaseLock(),
  };
}
