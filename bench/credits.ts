// Credits: a 200-row column of profile URLs, 40 of them other spellings of earlier rows (160 distinct
// profiles), recalculated 5 times, as one range formula and as a column filled down cell by cell. Requests and credits
// come from the mock's request log; the naive figure is one request per cell per recalculation.
import { CREDIT_COSTS } from '../src/core/api/credits';
import { normalizeProfileUrl } from '../src/core/input';
import {
  addonWithKey,
  thrownMessage,
  formula,
  int,
  ms,
  timed,
  type Addon,
  type BenchContext,
  type BenchReport,
} from './support';

const ROWS = 200;
const UNIQUE = 160;
const RECALCULATIONS = 5;
const FIELDS = 'name, headline';
const SCRAPE_PATH = '/api/enrich/scrape';
const CREDITS_PER_SCRAPE = CREDIT_COSTS.scrape.perRequest;

/** Other spellings of one profile, as people paste them. */
const VARIANTS: Array<(slug: string) => string> = [
  (slug) => `http://www.network.com/in/${slug}`,
  (slug) => `https://network.com/in/${slug}`,
  (slug) => `HTTPS://WWW.NETWORK.COM/IN/${slug.toUpperCase()}`,
  (slug) => `https://www.network.com/in/${slug}/`,
  (slug) => `https://www.network.com/in/${slug}?utm_source=newsletter&trk=profile`,
  (slug) => `network.com/in/${slug}`,
  (slug) => `  http://uk.network.com/in/${slug[0].toUpperCase()}${slug.slice(1)}/?originalSubdomain=uk  `,
  (slug) => `www.network.com/in/${slug}#experience`,
];

/** 160 canonical URLs and 40 variants of some of them, mixed in a fixed pseudo-random order. */
export function creditsInput(): string[] {
  const slug = (i: number) => `bench-credits-${String(i).padStart(3, '0')}`;
  const cells = Array.from({ length: UNIQUE }, (_, i) => `https://www.network.com/in/${slug(i)}`);
  for (let d = 0; d < ROWS - UNIQUE; d++) cells.push(VARIANTS[d % VARIANTS.length](slug((d * 37) % UNIQUE)));
  // Fisher–Yates with a small LCG: variants land before and after the rows they repeat.
  let state = 20_240_601;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let i = cells.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [cells[i], cells[j]] = [cells[j], cells[i]];
  }
  return cells;
}

interface RunFigures {
  requests: number;
  credits: number;
  requestsPerRecalc: number[];
  msPerRecalc: number[];
  errorRows: number;
  /** Rows whose values differ from the row of the same profile elsewhere in the column. */
  inconsistentRows: number;
}

async function scrapeCount(context: BenchContext, addon: Addon): Promise<number> {
  return (await context.mock.control.requests({ path: SCRAPE_PATH, key: addon.keyHint })).length;
}

/** Groups rows by normalised URL and counts rows that disagree with the first row of their profile. */
function inconsistent(cells: string[], rows: unknown[][]): number {
  const first = new Map<string, string>();
  let count = 0;
  cells.forEach((cell, i) => {
    const normalised = normalizeProfileUrl(cell);
    if (!normalised.ok) return;
    const text = JSON.stringify(rows[i]);
    const seen = first.get(normalised.value);
    if (seen === undefined) first.set(normalised.value, text);
    else if (seen !== text) count++;
  });
  return count;
}

async function runVariant(
  context: BenchContext,
  key: string,
  cells: string[],
  mode: 'range' | 'fill-down',
): Promise<RunFigures> {
  const addon = await addonWithKey(context, { key, tier: '3' });
  const requestsPerRecalc: number[] = [];
  const msPerRecalc: number[] = [];
  let errorRows = 0;
  let inconsistentRows = 0;
  try {
    for (let recalc = 1; recalc <= RECALCULATIONS; recalc++) {
      const before = await scrapeCount(context, addon);
      const { value: rows, ms: elapsed } = timed(() =>
        mode === 'range'
          ? (formula(addon, 'SCRAPE_PROFILE', [cells.map((cell) => [cell]), FIELDS]) as unknown[][])
          : cells.map((cell) => {
              try {
                return (formula(addon, 'SCRAPE_PROFILE', [cell, FIELDS]) as unknown[][])[0];
              } catch (error) {
                return [`#ERROR: ${thrownMessage(error)}`];
              }
            }),
      );
      msPerRecalc.push(elapsed);
      requestsPerRecalc.push((await scrapeCount(context, addon)) - before);
      errorRows += rows.filter((row) => String(row[0]).startsWith('#ERROR')).length;
      inconsistentRows += inconsistent(cells, rows);
      context.progress(`  ${mode} recalculation ${recalc}: ${ms(elapsed)}, ${requestsPerRecalc[recalc - 1]} requests`);
    }
    return {
      requests: await scrapeCount(context, addon),
      credits: await context.mock.control.creditsCharged({ key: addon.keyHint }),
      requestsPerRecalc,
      msPerRecalc,
      errorRows,
      inconsistentRows,
    };
  } finally {
    context.envs.dispose(addon.env);
  }
}

export async function creditsBenchmark(context: BenchContext): Promise<BenchReport> {
  const cells = creditsInput();
  const distinct = new Set(
    cells.map((cell) => normalizeProfileUrl(cell)).map((n) => (n.ok ? n.value : `invalid:${n.error.message}`)),
  );
  await context.mock.control.reset();
  const range = await runVariant(context, 'lk_bench_credits_range_00000000c0a1', cells, 'range');
  const fillDown = await runVariant(context, 'lk_bench_credits_filldown_000000c0b2', cells, 'fill-down');

  const naiveRequests = ROWS * RECALCULATIONS;
  const naiveCredits = naiveRequests * CREDITS_PER_SCRAPE;
  const expectedCredits = distinct.size * CREDITS_PER_SCRAPE;
  const target = `credits = ${distinct.size} unique profiles × ${CREDITS_PER_SCRAPE} = ${expectedCredits}, exactly`;
  const analysis = (run: RunFigures) =>
    run.credits > expectedCredits
      ? `${run.requests - distinct.size} extra scrape requests: some variant or recalculation missed the cache (requests per recalculation: ${run.requestsPerRecalc.join(', ')}).`
      : `fewer scrapes than distinct profiles: ${run.errorRows} rows came back as errors instead of data.`;

  return {
    id: '(a)',
    title: `Credits: ${ROWS} URLs (${distinct.size} distinct, ${ROWS - UNIQUE} variant spellings), ${RECALCULATIONS} recalculations`,
    baselineHeader: 'naive: 1 request per cell per recalculation',
    figures: [
      { label: 'range formula: scrape requests', addon: int(range.requests), baseline: int(naiveRequests) },
      { label: 'range formula: credits', addon: int(range.credits), baseline: int(naiveCredits) },
      {
        label: 'range formula: requests per recalculation',
        addon: range.requestsPerRecalc.join(', '),
        baseline: Array(RECALCULATIONS).fill(ROWS).join(', '),
      },
      { label: 'range formula: time per recalculation', addon: range.msPerRecalc.map(ms).join(', ') },
      {
        label: 'filled down (200 cells): scrape requests',
        addon: int(fillDown.requests),
        baseline: int(naiveRequests),
      },
      { label: 'filled down (200 cells): credits', addon: int(fillDown.credits), baseline: int(naiveCredits) },
      {
        label: 'filled down: requests per recalculation',
        addon: fillDown.requestsPerRecalc.join(', '),
        baseline: Array(RECALCULATIONS).fill(ROWS).join(', '),
      },
      { label: 'filled down: time per recalculation (200 calls)', addon: fillDown.msPerRecalc.map(ms).join(', ') },
      {
        label: 'error rows / rows disagreeing with their profile',
        addon: `range ${range.errorRows} / ${range.inconsistentRows}, filled down ${fillDown.errorRows} / ${fillDown.inconsistentRows}`,
      },
    ],
    targets: [
      {
        target: `range formula ${target}`,
        actual: `${range.credits} credits`,
        met: range.credits === expectedCredits,
        analysis: analysis(range),
      },
      {
        target: `filled down ${target}`,
        actual: `${fillDown.credits} credits`,
        met: fillDown.credits === expectedCredits,
        analysis: analysis(fillDown),
      },
    ],
    notes: [
      `Variants used: http://, no www., upper case, trailing slash, query string, no scheme, a country subdomain with spaces, a #fragment; all normalise to the ${distinct.size} canonical URLs.`,
      'Each recalculation is a separate custom-function execution of the built dist/Code.js (fresh script globals); what carries over is the document cache, as in Sheets.',
      'Filled down, the cells run one after another here; Sheets may run them concurrently, when two cells of the same profile can both miss the cache before either answer is stored.',
    ],
  };
}
