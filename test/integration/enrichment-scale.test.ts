// Enrich selection at list scale in the built bundle, on the fakes' virtual clock: a 1,000-row column at tier 2
// through the open sidebar's calls alone and through the background trigger alone, executions stopped by the time
// limit in the middle of a chunk, and a storm of 429s.
jest.setTimeout(120_000);
import { FakeRange } from '../../dev/gas-fakes/spreadsheet-app';
import type { RunSummary } from '../../src/core/contract';
import { SCRAPES_PER_MINUTE } from '../../src/core/api/types';
import { scrapedProfileForSlug } from '../../dev/mock-api/data';
import { sheetsMayParse } from '../../src/core/cells';
import { DEFAULT_COLUMNS } from '../../src/core/fields/defaults';
import { flattenRecord } from '../../src/core/fields/flatten';
import { type LoadedAddon, OWNER, sidebar, useIntegrationMock } from './harness';
import {
  columnByHeader,
  continueRuns,
  continueUntilDone,
  inputSheet,
  preview,
  SCRAPE_PATH,
  start,
  url,
  useBridgedAddons,
  values,
} from './enrichment-helpers';
import { killAfterSetValues } from './research-helpers';

const SEED = 13;
const KEY = 'lk_test_enrichment_scale_00000000b7c8';
const TIER = '2' as const;
const PER_MINUTE = SCRAPES_PER_MINUTE[TIER];

const mock = useIntegrationMock(SEED);
const bridgedAddon = useBridgedAddons(mock, KEY);

const slugs = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);

async function column(count: number, prefix: string) {
  const addon = await bridgedAddon({ tier: TIER, credits: 1_000_000 });
  const { bridge } = addon;
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
  expect(new Set(columnByHeader(addon.env, 'Leads', 'sheet-enrich scrape status', rows))).toEqual(new Set(['OK']));
  const sent = await mock.control.requests({ path: SCRAPE_PATH, status: 200 });
  expect(sent.map((entry) => entry.query.network_url).sort()).toEqual(inputs.map(url).sort());
  expect(await mock.control.creditsCharged({ key: KEY.slice(-4) })).toBe(previewCredits);
  expect(await mock.control.requests({ status: 429 })).toEqual([]);
}

describe('a 1,000-row column at tier 2', () => {
  const N = 1000;
  // The tier's first minute of scrapes goes out at once, then one minute's worth each minute after.
  const pacedMs = (Math.ceil(N / PER_MINUTE) - 1) * 60_000;

  it('completes through the sidebar’s calls alone, paced to the tier', async () => {
    const { addon, bridge, inputs, request } = await column(N, 'side');
    const shown = preview(addon, request);
    expect(shown).toMatchObject({ toFetch: N, credits: 2 * N });
    expect(shown).not.toHaveProperty('dailyQuota');
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
    expect(addon.env.clock.now() - startedAt).toBe(pacedMs);
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

describe('a 30,000-row column', () => {
  it('previews, sending nothing, that it needs more than a consumer account’s day of web requests', async () => {
    const { addon, request } = await column(30_000, 'quota');
    const shown = preview(addon, request);
    expect(shown).toMatchObject({ toFetch: 30_000, credits: 60_000 });
    expect(shown.dailyQuota).toContain('needs 30,000 web requests, more than the 20,000 a day');
    expect(shown.dailyQuota).toContain('where it takes at least 2 days');
    expect(await mock.control.requests()).toEqual([]);
  });
});

describe('a wide table', () => {
  it('each chunk reads the input column and the output, status and checked columns once, never the columns between', async () => {
    const { addon, inputs, request } = await column(300, 'wide');
    // The user's own columns B to U, between the inputs and the outputs (added after them: V name, W status,
    // X checked).
    const WIDTH = 20;
    const notes = (r: number) => Array.from({ length: WIDTH }, (_, c) => `row ${r} note ${c + 1}`);
    addon.env.spreadsheet.sheet('Leads').write('B1', [notes(0), ...inputs.map((_, r) => notes(r + 1))]);
    const run = start(addon, request);
    const outputs = { column: 2 + WIDTH, numColumns: 3 };
    const getValues = jest.spyOn(FakeRange.prototype, 'getValues');
    const getFormulas = jest.spyOn(FakeRange.prototype, 'getFormulas');
    try {
      expect(continueUntilDone(addon, run.runId)).toMatchObject({ status: 'completed', ok: 300 });
      const read = getValues.mock.contexts.map((range) => (range as FakeRange).area);
      // Each chunk reads formulas once: of the output, status and checked columns (the input column needs none).
      const chunks = getFormulas.mock.contexts.map((range) => (range as FakeRange).area);
      expect(chunks).toHaveLength(10);
      expect(chunks).toEqual(chunks.map(() => ({ row: 2, numRows: 300, ...outputs })));
      // And three getValues: the header row, the input column, the output, status and checked columns.
      expect(read).toHaveLength(3 * chunks.length);
      const header = { row: 1, column: 1, numRows: 1, numColumns: 2 + WIDTH + 2 };
      const input = { row: 2, column: 1, numRows: 300, numColumns: 1 };
      const a1 = (area: { row: number; column: number; numRows: number; numColumns: number }) =>
        `R${area.row}C${area.column}:${area.numRows}x${area.numColumns}`;
      expect(new Set(read.map(a1))).toEqual(new Set([header, input, { row: 2, numRows: 300, ...outputs }].map(a1)));
    } finally {
      getValues.mockRestore();
      getFormulas.mockRestore();
    }
    expect(columnByHeader(addon.env, 'Leads', 'name', 301)).toEqual(
      inputs.map((slug) => scrapedProfileForSlug(SEED, slug).profile.name),
    );
    expect(values(addon.env, 'Leads', 'B2:U2')).toEqual([notes(1)]);
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
  it('are retried: every row ends OK, none failed, and the answers they lost never spend past what the user accepted', async () => {
    const { addon, inputs, request } = await column(80, 'drop');
    await mock.control.addFaults([
      { kind: 'drop', count: 3, path: SCRAPE_PATH },
      { kind: 'status', status: 503, count: 5, path: SCRAPE_PATH },
    ]);
    const shown = preview(addon, request);
    const run = start(addon, request);
    let summary = continueUntilDone(addon, run.runId);
    // A dropped connection loses the answers of its whole batch, billed: fetching them again spends past the
    // preview, so the run pauses once the estimate is spent and says what the rest would cost; Resume accepts it.
    let accepted = shown.credits;
    for (let resumes = 0; summary.status === 'paused' && resumes < 5; resumes++) {
      expect(summary.error).toMatch(
        /^\d+ rows? (are|is) left that the estimate does not cover; they would cost \d+ credits, and Resume raises the estimate by \d+\.$/,
      );
      expect(summary.creditsSpent).toBeLessThanOrEqual(accepted);
      accepted += Number(/by (\d+)\.$/.exec(summary.error!)![1]);
      expect(sidebar<RunSummary>(addon, 'resumeEnrichment', [run.runId]).creditsEstimated).toBe(accepted);
      summary = continueUntilDone(addon, run.runId);
    }
    expect(summary).toMatchObject({ status: 'completed', ok: 80, failed: 0, creditsEstimated: accepted });
    expect(columnByHeader(addon.env, 'Leads', 'name', 81)).toEqual(
      inputs.map((slug) => scrapedProfileForSlug(SEED, slug).profile.name),
    );
    // Every answer received is counted, and what a dropped connection lost as the fetch engine estimates it; the
    // service never charged more than the user accepted.
    expect(summary.creditsSpent).toBeGreaterThanOrEqual(2 * 80);
    expect(summary.creditsSpent).toBeLessThanOrEqual(accepted);
    expect(await mock.control.creditsCharged({ key: KEY.slice(-4) })).toBeLessThanOrEqual(accepted);
  });
});

it('the key appears in no sheet, property, cache, log or UI after a run', async () => {
  const { addon, request } = await column(5, 'leak');
  continueUntilDone(addon, start(addon, request).runId);
  // The key check after each test (useIntegrationMock) looks everywhere; here the run's own entries are looked at too.
  expect(JSON.stringify(addon.env.properties.document())).not.toContain(KEY.slice(3, -4));
  expect(addon.env.properties.user(OWNER).API_KEY).toBe(KEY);
});
