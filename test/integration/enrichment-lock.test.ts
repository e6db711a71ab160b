// An enrichment run whose chunk cannot take the document lock (another execution holds it), through the built bundle
// against the mock API: what the service charged for that chunk is still counted, once, in the run and in the
// starter's usage, though the answers are then written from the cache for nothing; and the call stops sending
// rather than wait on the lock again for every batch.
jest.setTimeout(60_000);
import type { GasEnvironment } from '../../dev/gas-fakes';
import type { RunSummary, UsageView } from '../../src/core/contract';
import { columnByHeader, continueRuns, inputSheet, start, url } from './enrichment-helpers';
import { aroundFetchAll } from './faults-helpers';
import { addonWithKey, sidebar, useIntegrationMock } from './harness';

const KEY = 'lk_test_enrichment_lock_000000000a7c';
const ROWS = 30;
const PROFILE_PATH = '/api/enrich/network';

const mock = useIntegrationMock(23);

/** Every tryLock of the document lock the add-on made, with how long it would wait and whether it got the lock. */
function recordLockTries(env: GasEnvironment): Array<{ waitMs: number; got: boolean }> {
  const tries: Array<{ waitMs: number; got: boolean }> = [];
  const real = env.globals.LockService as GoogleAppsScript.Lock.LockService;
  env.globals.LockService = {
    getScriptLock: () => real.getScriptLock(),
    getUserLock: () => real.getUserLock(),
    getDocumentLock: () => {
      const lock = real.getDocumentLock()!;
      return {
        tryLock: (waitMs: number) => {
          const got = lock.tryLock(waitMs);
          tries.push({ waitMs, got });
          return got;
        },
        waitLock: (waitMs: number) => lock.waitLock(waitMs),
        releaseLock: () => lock.releaseLock(),
        hasLock: () => lock.hasLock(),
      };
    },
  };
  return tries;
}

describe('a chunk that cannot take the document lock', () => {
  it('counts what the service charged for it once, in the run and the usage, and waits for the lock once a call', async () => {
    const addon = await addonWithKey(mock, { key: KEY, tier: '3', clock: 'virtual' });
    const { env } = addon;
    const inputs = Array.from({ length: ROWS }, (_, i) => url(`locked-${i}`));
    inputSheet(env, 'Leads', 'Profile URL', inputs);
    const run = start(addon, {
      sheetName: 'Leads',
      inputA1: `A1:A${ROWS + 1}`,
      operation: 'profile',
      fields: ['full_name'],
    });
    expect(run.status).toBe('running');

    // Another execution takes the lock as the call's first batch goes out, and keeps it until the call returned.
    let release: () => void = () => undefined;
    aroundFetchAll(env, {
      before: (nth) => {
        if (nth === 1) release = env.locks.holdDocumentLock();
      },
    });
    const tries = recordLockTries(env);
    continueRuns(addon, run.runId);
    release();
    const chargedInFirstCall = await mock.control.creditsCharged({ key: KEY.slice(-4) });
    // The call's first batch only: 10 profile records in a fresh document, one credit each.
    expect(chargedInFirstCall).toBe(10);
    expect(tries.filter((attempt) => !attempt.got && attempt.waitMs > 0)).toHaveLength(1);

    // The call's claim on the run lapses; the sidebar's next calls finish the run.
    env.clock.advance(7 * 60_000);
    let summary: RunSummary | undefined;
    for (let call = 0; call < 5 && summary?.status !== 'completed'; call++) {
      tries.length = 0;
      summary = continueRuns(addon, run.runId).find((listed) => listed.runId === run.runId);
      expect(tries.filter((attempt) => !attempt.got && attempt.waitMs > 0).length).toBeLessThanOrEqual(1);
    }
    expect(summary).toMatchObject({ status: 'completed', ok: ROWS, failed: 0 });
    expect(columnByHeader(env, 'Leads', 'sheet-enrich profile status', ROWS + 1)).toEqual(inputs.map(() => 'OK'));

    // Each row was asked once: the chunk the lock kept out was written from the cache.
    expect(await mock.control.requests({ key: KEY.slice(-4), path: PROFILE_PATH })).toHaveLength(ROWS);
    const charged = await mock.control.creditsCharged({ key: KEY.slice(-4) });
    expect(charged).toBe(ROWS);
    expect(summary!.creditsSpent).toBe(charged);
    expect(sidebar<UsageView>(addon, 'getUsage').mine.today).toBe(charged);
    // Nothing is left aside once counted.
    expect(Object.keys(env.properties.document()).filter((key) => key.includes('uncounted'))).toEqual([]);
  });
});
