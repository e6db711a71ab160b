// Enrich selection at list scale: the BUILT add-on in the fakes on their virtual clock, a column of profile URLs
// enriched by the open sidebar's calls (startEnrichment, then continueEnrichment until the run ends) against the
// mock, at each scrape tier. Figures: rows per minute against the tier's ceiling, the most scrapes sent in any 60
// seconds (every request in the mock's log, at the fake-clock time the add-on sent it), setValues and service calls
// per 100 rows, and the credits the mock charged against the preview.
//
// The mock limits scrapes per minute on its own clock (real time plus an offset); before each request the add-on
// sends, the mock's clock is moved on by the fake time that passed, so it sees the add-on's pacing as Apps Script
// time would show it (the bench's own real time only makes it more lenient).
import { SCRAPES_PER_MINUTE, type Tier } from '../src/core/api/types';
import type { EnrichmentPreview } from '../src/core/contract';
import {
  int,
  listOnSheet,
  maxInAnyMinute,
  minutes,
  MINUTE_MS,
  PACE_TARGET,
  per100,
  runToEnd,
  SCRAPE_PATH,
  type BenchContext,
  type BenchReport,
  type Figure,
  type ListRun,
  type TargetCheck,
} from './support';

const RUNS: Array<{ tier: Tier; rows: number }> = [
  { tier: '1', rows: 100 },
  { tier: '2', rows: 1000 },
  { tier: '3', rows: 1000 },
];

interface Measured extends ListRun {
  tier: Tier;
  rows: number;
  preview: EnrichmentPreview;
  maxPerMinute: number;
  requests: number;
  rateLimited: number;
  charged: number;
}

async function measure(context: BenchContext, tier: Tier, rows: number): Promise<Measured> {
  const list = await listOnSheet(context, { tier, rows, key: `lk_bench_enrichment_tier_${tier}_0000000e${tier}` });
  try {
    const preview = list.call<EnrichmentPreview>('previewEnrichment', [list.request]);
    const run = runToEnd(list, list.request);
    const log = await context.mock.control.requests({ path: SCRAPE_PATH });
    return {
      ...run,
      tier,
      rows,
      preview,
      maxPerMinute: maxInAnyMinute(list.bridge.scrapeTimes),
      requests: log.length,
      rateLimited: log.filter((entry) => entry.status === 429).length,
      charged: log.reduce((sum, entry) => sum + entry.credits, 0),
    };
  } finally {
    list.close();
  }
}

function figuresOf(run: Measured): Figure[] {
  const ceiling = SCRAPES_PER_MINUTE[run.tier];
  const label = (text: string) => `tier ${run.tier}, ${int(run.rows)} rows: ${text}`;
  return [
    { label: label('time to the last row (fake clock)'), addon: minutes(run.elapsedMs) },
    { label: label('rows per minute / ceiling'), addon: `${int((run.rows * MINUTE_MS) / run.elapsedMs)} / ${ceiling}` },
    { label: label('most scrapes in any 60 s / 429s'), addon: `${run.maxPerMinute} / ${run.rateLimited}` },
    { label: label('sidebar calls (start + continue)'), addon: String(run.sidebarCalls) },
    { label: label('setValues per 100 rows'), addon: per100(run.setValues, run.rows) },
    {
      label: label('service calls per 100 rows'),
      addon: per100(run.serviceCalls, run.rows),
    },
    { label: label('property writes per 100 rows'), addon: per100(run.propertyWrites, run.rows) },
    {
      label: label('credits: preview / charged / run says'),
      addon: `${run.preview.credits} / ${run.charged} / ${run.summary.creditsSpent}`,
    },
  ];
}

function targetChecks(run: Measured): TargetCheck[] {
  const ceiling = SCRAPES_PER_MINUTE[run.tier];
  const allowedMs = ((run.rows / ceiling) * MINUTE_MS) / PACE_TARGET;
  const done = run.summary.status === 'completed' && run.summary.ok === run.rows;
  return [
    {
      target: `tier ${run.tier}: ${int(run.rows)} rows within ${minutes(allowedMs)} (N / ceiling ÷ ${PACE_TARGET})`,
      actual: `${minutes(run.elapsedMs)}, ${run.summary.status}, ${int(run.summary.ok)} OK`,
      met: done && run.elapsedMs <= allowedMs,
      analysis: done ? undefined : `the run ended ${run.summary.status}: ${run.summary.error ?? run.summary.message}`,
    },
    {
      target: `tier ${run.tier}: never more than ${ceiling} scrapes in any 60 s`,
      actual: `${run.maxPerMinute} at most, ${run.rateLimited} answered 429`,
      met: run.maxPerMinute <= ceiling && run.rateLimited === 0,
    },
    {
      target: `tier ${run.tier}: credits charged equal the preview's`,
      actual: `${run.charged} charged, ${run.preview.credits} previewed, ${run.requests} requests`,
      met: run.charged === run.preview.credits && run.summary.creditsSpent === run.charged,
    },
  ];
}

/** A column past a consumer account's day of web requests: what its preview says, and that it sent nothing. */
const QUOTA_ROWS = 30_000;

async function quotaPreview(context: BenchContext): Promise<{ figures: Figure[]; target: TargetCheck }> {
  const list = await listOnSheet(context, { tier: '2', rows: QUOTA_ROWS, key: 'lk_bench_enrichment_quota_000000q2' });
  try {
    const preview = list.call<EnrichmentPreview>('previewEnrichment', [list.request]);
    const sent = (await context.mock.control.requests()).length;
    const label = `${int(QUOTA_ROWS)} rows, preview`;
    return {
      figures: [
        { label: `${label}: requests sent`, addon: String(sent) },
        { label: `${label}: daily quota sentence`, addon: preview.dailyQuota ?? '(none)' },
      ],
      target: {
        target: `a ${int(QUOTA_ROWS)}-row preview says how many days a consumer account's quota takes, sending nothing`,
        actual: `${sent} requests; ${preview.dailyQuota ? 'says' : 'does not say'} "at least 2 days"`,
        met:
          sent === 0 &&
          (preview.dailyQuota ?? '').includes('consumer account (such as gmail.com), where it takes at least 2 days'),
      },
    };
  } finally {
    list.close();
  }
}

export async function enrichmentBenchmark(context: BenchContext): Promise<BenchReport> {
  const runs: Measured[] = [];
  for (const { tier, rows } of RUNS) {
    context.progress(`  tier ${tier}, ${rows} rows…`);
    runs.push(await measure(context, tier, rows));
  }
  context.progress(`  preview of ${int(QUOTA_ROWS)} rows…`);
  const quota = await quotaPreview(context);
  return {
    id: '(h)',
    title: 'Enrich selection: pace, writes and credits of a column run by the open sidebar',
    figures: [...runs.flatMap(figuresOf), ...quota.figures],
    targets: [...runs.flatMap(targetChecks), quota.target],
    notes: [
      'Scrapes of the default columns (10 fields), fetched through the fetch engine and written as each batch answers.',
      'Times are on the fakes’ virtual clock (the mock answers at once); a real scrape takes seconds, which the engine’s batching absorbs.',
      'Service calls count every Apps Script call of the run’s executions: sheet reads and writes, properties, cache, lock, UrlFetch.',
    ],
  };
}
