// Enrich selection at list scale in the built bundle, on the fakes' virtual clock: a 1,000-row column at tier 2
// through the open sidebar's calls alone and through the background trigger alone, executions stopped by the time
// limit in the middle of a chunk, and a storm of 429s.
jest.setTimeout(120_000);
import { spawnMockApi, type SpawnedMockApi } from '../../dev/mock-api/spawn';
import type { RunSummary } from '../../src/core/contract';
import { SCRAPES_PER_MINUTE } from '../../src/core/api/types';
import { scrapedProfileForSlug } from '../../dev/mock-api/data';
import { sheetsMayParse } from '../../src/core/cells';
import { DEFAULT_COLUMNS } from '../../src/core/fields/defaults';
import { flattenRecord } from '../../src/core/fields/flatten';
import { addonWithKey, checkKeysAndDisposeAddons, OWNER, type LoadedAddon } from './harness';
import {
  ClockBridge,
  columnByHeader,
  continueRuns,
  continueUntilDone,
  inputSheet,
  preview,
  SCRAPE_PATH,
  sidebar,
  start,
  url,
  values,
} from './enrichment-helpers';
import { killAfterSetValues } from './research-helpers';

const SEED = 13;
const KEY = 'lk_test_enrichment_scale_00000000b7c8';
const TIER = '2' as const;
const PER_MINUTE = SCRAPES_PER_MINUTE[TIER];

let mock: SpawnedMockApi;
const bridges: ClockBridge[] = [];
beforeAll(async () => {
  mock = await spawnMockApi({ jobClock: 'manual', seed: SEED });
});
afterAll(() => mock.stop());
beforeEach(() => mock.control.reset());
afterEach(async () => {
  checkKeysAndDisposeAddons();
  await Promise.all(bridges.splice(0).map((bridge) => bridge.close()));
});

const slugs = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);

async function column(count: number, prefix: string) {
  const addon = await addonWithKey(mock, { key: KEY, tier: TIER, clock: 'virtual', credits: 1_000_000 });
  const bridge = new ClockBridge(addon.env, mock);
  bridges.push(bridge);
  const inputs = slugs(count, prefix);
  inputSheet(addon.env, 'Leads', 'Profile URL', inputs.map(url));
  const request = { sheetName: 'Leads', inputA1: `A1:A${count + 1}`, operation: 'scrape' as const, fields: ['name'] };
  return { addon, bridge, inputs, request };
}

/** Every row holds its own profile's name and OK, and each profile was asked for and paid for exactly once. */
async function expectEveryRowOnce(addon: LoadedAddon, inputs: string[], previewCredits: number) {
  const rows = inputs.length + 1;
  expect(columnByHeader(addon.env, 'Leads', 'name', rows)).toEqual(
    inputs.map((slug) => scrapedProfileForSlug(SEED, slug).profile.name),
  );
  expect(new Set(columnByHeader(addon.env, 'Leads', 'sheet-enrich status', rows))).toEqual(new Set(['OK']));
  const sent = await mock.control.requests({ path: SCRAPE_PATH, status: 200 });
  expect(sent.map((entry) => entry.query.network_url).sort()).toEqual(inputs.map(url).sort());
  expect(await mock.control.creditsCharged({ key: KEY.slice(-4) })).toBe(previewCredits);
  expect(await mock.control.requests({ status: 429 })).toEqual([]);
}

describe('a 1,000-row column at tier 2', () => {
  const N = 1000;
  const withinMs = ((N / PER_MINUTE) * 60_000) / 0.95;

  it('completes through the sidebar’s calls alone, paced to the tier', async () => {
    const { addon, bridge, inputs, request } = await column(N, 'side');
    const shown = preview(addon, request);
    expect(shown).toMatchObject({ toFetch: N, credits: 2 * N });
    const startedAt = addon.env.clock.now();
    const run = start(addon, request);
    expect(run.etaSeconds).toBe(Math.ceil((N * 60) / PER_MINUTE));
    let calls = 0;
    let summary: RunSummary = run;
    while (summary.status === 'running' && calls < 10) {
      summary = continueRuns(addon, run.runId)[0];
      calls++;
    }
    expect(summary).toMatchObject({ status: 'completed', ok: N, failed: 0, creditsSpent: 2 * N });
    expect(addon.env.clock.now() - startedAt).toBeLessThanOrEqual(withinMs);
    expect(bridge.maxScrapesPerMinute()).toBeLessThanOrEqual(PER_MINUTE);
    await expectEveryRowOnce(addon, inputs, shown.credits);
  });

  it('completes through the background trigger alone', async () => {
    const { addon, bridge, inputs, request } = await column(N, 'bg');
    const shown = preview(addon, request);
    const run = start(addon, request);
    for (let fired = 0; fired < 10 && addon.env.triggers.list().length > 0; fired++) {
      const [trigger] = addon.env.triggers.list();
      expect(addon.bundle.fireTimeTriggers({ id: trigger.id })).toEqual([
        expect.not.objectContaining({ error: expect.anything() }),
      ]);
    }
    // The trigger removed itself once the run had no rows left.
    expect(addon.env.triggers.list()).toEqual([]);
    const summary = sidebar<RunSummary[]>(addon, 'listEnrichments')[0];
    expect(summary).toMatchObject({ runId: run.runId, status: 'completed', ok: N, creditsSpent: 2 * N });
    expect(bridge.maxScrapesPerMinute()).toBeLessThanOrEqual(PER_MINUTE);
    await expectEveryRowOnce(addon, inputs, shown.credits);
  });
});

describe('executions stopped by the time limit in the middle of a chunk', () => {
  it('lose nothing, pay for nothing twice, and write nothing twice', async () => {
    const { addon, inputs, request: withName } = await column(200, 'cut');
    // The default columns: some values are text Sheets could parse, written in a second call after setValues.
    const request = { ...withName, fields: undefined };
    const shown = preview(addon, request);
    const run = start(addon, request);
    for (const n of [1, 3, 2]) {
      const undo = killAfterSetValues(addon.env, n);
      try {
        expect(() => continueRuns(addon, run.runId)).toThrow('Exceeded maximum execution time');
      } finally {
        undo();
      }
    }
    const summary = continueUntilDone(addon, run.runId);
    expect(summary).toMatchObject({ status: 'completed', ok: 200, failed: 0, creditsSpent: shown.credits });
    await expectEveryRowOnce(addon, inputs, shown.credits);
    const written = values(addon.env, 'Leads', `B2:K201`).map((row) => row.map(String));
    const expected = inputs.map((slug) =>
      flattenRecord(scrapedProfileForSlug(SEED, slug), DEFAULT_COLUMNS.SCRAPE_PROFILE).map(String),
    );
    expect(written).toEqual(expected);
    expect(expected.flat().some(sheetsMayParse)).toBe(true);
  });
});

describe('a storm of 429s', () => {
  it('ends with every row OK and none failed', async () => {
    const { addon, inputs, request } = await column(120, 'storm');
    await mock.control.addFaults([
      { kind: 'rate_limit', retryAfterSeconds: 2, count: 60, via: 'header', path: SCRAPE_PATH },
    ]);
    const shown = preview(addon, request);
    const summary = continueUntilDone(addon, start(addon, request).runId);
    expect(summary).toMatchObject({ status: 'completed', ok: 120, failed: 0, creditsSpent: shown.credits });
    const rows = inputs.length + 1;
    expect(columnByHeader(addon.env, 'Leads', 'name', rows)).toEqual(
      inputs.map((slug) => scrapedProfileForSlug(SEED, slug).profile.name),
    );
    expect((await mock.control.requests({ status: 429 })).length).toBe(60);
    expect(await mock.control.creditsCharged({ key: KEY.slice(-4) })).toBe(shown.credits);
  });
});

describe('dropped connections and service errors', () => {
  it('are retried: every row ends OK, none failed', async () => {
    const { addon, inputs, request } = await column(80, 'drop');
    await mock.control.addFaults([
      { kind: 'drop', count: 3, path: SCRAPE_PATH },
      { kind: 'status', status: 503, count: 5, path: SCRAPE_PATH },
    ]);
    const summary = continueUntilDone(addon, start(addon, request).runId);
    expect(summary).toMatchObject({ status: 'completed', ok: 80, failed: 0 });
    expect(columnByHeader(addon.env, 'Leads', 'name', 81)).toEqual(
      inputs.map((slug) => scrapedProfileForSlug(SEED, slug).profile.name),
    );
    // Every answer received is counted; what the service billed for answers a dropped connection lost can only be
    // estimated (the fetch engine's estimate), so it is not compared here.
    expect(summary.creditsSpent).toBeGreaterThanOrEqual(2 * 80);
  });
});

it('the key appears in no sheet, property, cache, log or UI after a run', async () => {
  const { addon, request } = await column(5, 'leak');
  continueUntilDone(addon, start(addon, request).runId);
  // checkKeysAndDisposeAddons (afterEach) looks everywhere; here the run's own entries are looked at too.
  expect(JSON.stringify(addon.env.properties.document())).not.toContain(KEY.slice(3, -4));
  expect(addon.env.properties.user(OWNER).API_KEY).toBe(KEY);
});
