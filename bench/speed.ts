// Speed: one 50-row SCRAPE_PROFILE range call against 50 single-cell calls (the same column filled down,
// run one after another), with the mock answering every scrape 400 ms late.
import {
  addonWithKey,
  thrownMessage,
  formula,
  ms,
  ratio,
  timed,
  type Addon,
  type BenchContext,
  type BenchReport,
} from './support';

const ROWS = 50;
const LATENCY_MS = 400;
const TARGET_SPEEDUP = 8;
const FIELDS = 'name, headline';
const SCRAPE_PATH = '/api/enrich/scrape';

const urlOf = (i: number) => `https://www.network.com/in/bench-speed-${String(i).padStart(2, '0')}`;

async function scrapes(context: BenchContext, addon: Addon): Promise<number> {
  return (await context.mock.control.requests({ path: SCRAPE_PATH, key: addon.keyHint })).length;
}

/** A first call in the environment, not timed: loads the bundle once and starts the UrlFetchApp worker thread. */
function warmUp(addon: Addon): void {
  formula(addon, 'SCRAPE_PROFILE', ['https://www.network.com/in/bench-speed-warm-up', FIELDS]);
}

export async function speedBenchmark(context: BenchContext): Promise<BenchReport> {
  const urls = Array.from({ length: ROWS }, (_, i) => urlOf(i));
  await context.mock.control.reset();
  await context.mock.control.addFaults([{ kind: 'latency', ms: LATENCY_MS, path: SCRAPE_PATH }]);
  try {
    // Range: one call with the 50 rows.
    const rangeAddon = await addonWithKey(context, { key: 'lk_bench_speed_range_0000000000d1a', tier: '3' });
    let rangeMs: number;
    let rangeErrors: number;
    let rangeRequests: number;
    try {
      warmUp(rangeAddon);
      const before = await scrapes(context, rangeAddon);
      const run = timed(() => formula(rangeAddon, 'SCRAPE_PROFILE', [urls.map((url) => [url]), FIELDS]) as unknown[][]);
      rangeMs = run.ms;
      rangeErrors = run.value.filter((row) => String(row[0]).startsWith('#ERROR')).length;
      rangeRequests = (await scrapes(context, rangeAddon)) - before;
    } finally {
      context.envs.dispose(rangeAddon.env);
    }
    context.progress(`  range call: ${ms(rangeMs)}`);

    // One by one: 50 single-cell calls in a fresh spreadsheet (empty cache), each waiting for its own answer.
    const oneAddon = await addonWithKey(context, { key: 'lk_bench_speed_single_000000000d2b', tier: '3' });
    const perCall: number[] = [];
    let oneErrors = 0;
    let oneRequests: number;
    try {
      warmUp(oneAddon);
      const before = await scrapes(context, oneAddon);
      for (const url of urls) {
        const call = timed(() => {
          try {
            formula(oneAddon, 'SCRAPE_PROFILE', [url, FIELDS]);
          } catch (error) {
            oneErrors++;
            context.progress(`  single call failed: ${thrownMessage(error)}`);
          }
        });
        perCall.push(call.ms);
      }
      oneRequests = (await scrapes(context, oneAddon)) - before;
    } finally {
      context.envs.dispose(oneAddon.env);
    }
    const oneMs = perCall.reduce((sum, t) => sum + t, 0);
    context.progress(`  one by one: ${ms(oneMs)}`);

    const speedup = oneMs / rangeMs;
    return {
      id: '(b)',
      title: `Speed: ${ROWS} rows, every scrape answered ${LATENCY_MS} ms late`,
      baselineHeader: `one by one: ${ROWS} single-cell calls`,
      figures: [
        { label: 'wall time', addon: ms(rangeMs), baseline: ms(oneMs) },
        { label: 'scrape requests', addon: String(rangeRequests), baseline: String(oneRequests) },
        { label: 'error rows', addon: String(rangeErrors), baseline: String(oneErrors) },
        {
          label: 'per call (mean / slowest)',
          addon: ms(rangeMs),
          baseline: `${ms(oneMs / ROWS)} / ${ms(Math.max(...perCall))}`,
        },
        { label: 'lower bound set by the latency', addon: ms(LATENCY_MS), baseline: ms(LATENCY_MS * ROWS) },
        { label: 'speed-up', addon: ratio(speedup) },
      ],
      targets: [
        {
          target: `range call at least ${TARGET_SPEEDUP}× faster than one by one`,
          actual: `${ratio(speedup)} (${ms(rangeMs)} vs ${ms(oneMs)})`,
          met: speedup >= TARGET_SPEEDUP && rangeErrors === 0,
          analysis:
            rangeErrors > 0
              ? `${rangeErrors} rows of the range call came back as errors.`
              : `the range call took ${ms(rangeMs)}: its requests did not all go out in one parallel fetchAll.`,
        },
      ],
      notes: [
        'Both are custom-function executions of the built dist/Code.js in fresh spreadsheets (empty caches), over real HTTP to the mock; one untimed warm-up call each.',
        'The range call sends its 50 distinct profiles in three UrlFetchApp.fetchAll calls (a fresh spreadsheet starts with batches of 10, 20, 20: src/core/fetch/batch-size.ts), so it waits for the latency three times; one that fetched lately sends all 50 at once.',
      ],
    };
  } finally {
    await context.mock.control.clearFaults();
  }
}
