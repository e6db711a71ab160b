// Living lists at list scale: a 1,000-row column enriched (scrape, default fields) as in (h), then the mock's world
// changed (5% of people) and the list refreshed by the open sidebar's calls; a second refresh right after (nothing
// left to find); then another 5% round and an economy refresh (each row's 1-credit record first, a scrape only where
// it shows a change). Each refresh's change log is compared field by field with the mock's own change list.
import { REFERENCE_MONTH, REFERENCE_YEAR } from '../dev/mock-api/data';
import { SCRAPES_PER_MINUTE, type Tier } from '../src/core/api/types';
import type { ChangeEntry, EnrichmentPreview, EnrichmentRequest } from '../src/core/contract';
import {
  int,
  listOnSheet,
  minutes,
  MINUTE_MS,
  PACE_TARGET,
  per100,
  runToEnd,
  type BenchContext,
  type BenchReport,
  type ListOnSheet,
  type ListRun,
  type TargetCheck,
} from './support';

const ROWS = 1000;
const TIERS: Tier[] = ['2', '3'];
const CHANGED_FRACTION = 0.05;
/** Economy may cost at most this share of the full refresh's credits. */
const ECONOMY_TARGET = 0.6;
/** Data of the mock's world is dated from its reference month plus its job clock. */
const WORLD_START = Date.UTC(REFERENCE_YEAR, REFERENCE_MONTH - 1, 1);

type Kind = 'refresh' | 'second refresh' | 'economy refresh';

interface Refreshed extends ListRun {
  tier: Tier;
  kind: Kind;
  preview: EnrichmentPreview;
  charged: number;
  /** Changed cells the mock made in the run's fields, and how the change log compares with them. */
  made: number;
  found: number;
  missing: number;
  extra: number;
}

/** Each change as one comparable text: input, field, old value, new value. */
const changeKey = (input: string, field: string, old: unknown, value: unknown) =>
  JSON.stringify([input, field, String(old ?? ''), String(value ?? '')]);

/** The mock's changes after round `since` in the run's scraped fields. */
async function worldChangesOf(context: BenchContext, since: number, fields: string[]): Promise<string[]> {
  const world = await context.mock.control.worldChanges(since);
  return world.changes.flatMap((person) =>
    person.fields
      .filter((field) => field.format === 'scrape' && fields.includes(field.field))
      .map((field) => changeKey(person.inputs.network_url, field.field, field.old, field.new)),
  );
}

/** found, missing and extra (false changes) of the logged changes against the expected, as multisets. */
function compare(expected: string[], logged: string[]): { found: number; missing: number; extra: number } {
  const left = new Map<string, number>();
  for (const key of expected) left.set(key, (left.get(key) ?? 0) + 1);
  let found = 0;
  for (const key of logged) {
    const count = left.get(key) ?? 0;
    if (count > 0) found++;
    left.set(key, count - 1);
  }
  return { found, missing: expected.length - found, extra: logged.length - found };
}

async function refresh(
  context: BenchContext,
  list: ListOnSheet,
  run: { tier: Tier; kind: Kind; since: number; fields: string[] },
): Promise<Refreshed> {
  const expected = await worldChangesOf(context, run.since, run.fields);
  // A row checked in the refresh's own second is not older than it: each refresh comes a minute later.
  list.env.clock.advance(MINUTE_MS);
  const request: EnrichmentRequest = {
    ...list.request,
    refresh: { olderThanDays: 0, ...(run.kind === 'economy refresh' ? { economy: true } : {}) },
  };
  const preview = list.call<EnrichmentPreview>('previewEnrichment', [request]);
  const changes = () => list.call<ChangeEntry[]>('listChanges', [null, 100_000]);
  const loggedBefore = changes().length;
  const chargedBefore = await context.mock.control.creditsCharged();
  const measured = runToEnd(list, request);
  const charged = (await context.mock.control.creditsCharged()) - chargedBefore;
  // Newest first: this refresh's entries lead the log.
  const loggedAfter = changes();
  const logged = loggedAfter.slice(0, loggedAfter.length - loggedBefore);
  const keys = logged.map((change) => changeKey(change.input, change.field, change.old, change.new));
  return { ...measured, ...run, preview, charged, made: expected.length, ...compare(expected, keys) };
}

async function refreshesAtTier(context: BenchContext, tier: Tier): Promise<Refreshed[]> {
  const list = await listOnSheet(context, { tier, rows: ROWS, key: `lk_bench_refresh_tier_${tier}_00000000f${tier}` });
  try {
    const { summary } = runToEnd(list, list.request);
    if (summary.status !== 'completed') throw new Error(`The first run ended ${summary.status}: ${summary.message}`);
    // Records date their changes in world time: it is moved to the fakes' time, so a change made now is after the
    // rows' checked times, as it would be (economy compares the two).
    const { jobTime } = await context.mock.control.clock();
    await context.mock.control.advanceClock(list.env.clock.now() - (WORLD_START + jobTime));
    const fields = summary.fields;
    const runs: Refreshed[] = [];
    await context.mock.control.changeWorld({ fraction: CHANGED_FRACTION, seed: 5 });
    runs.push(await refresh(context, list, { tier, kind: 'refresh', since: 0, fields }));
    runs.push(await refresh(context, list, { tier, kind: 'second refresh', since: 1, fields }));
    await context.mock.control.changeWorld({ fraction: CHANGED_FRACTION, seed: 6 });
    runs.push(await refresh(context, list, { tier, kind: 'economy refresh', since: 1, fields }));
    return runs;
  } finally {
    list.close();
  }
}

const allowedMs = (tier: Tier) => ((ROWS / SCRAPES_PER_MINUTE[tier]) * MINUTE_MS) / PACE_TARGET;

function previewText(run: Refreshed): string {
  const range = run.preview.refresh?.economyCredits;
  return range ? `${int(range[0])}–${int(range[1])}` : int(run.preview.credits);
}

function row(run: Refreshed): string[] {
  return [
    `tier ${run.tier}, ${run.kind}`,
    int(run.summary.refreshed),
    `${minutes(run.elapsedMs)} / ${minutes(allowedMs(run.tier))}`,
    `${run.found} / ${run.made} (missing ${run.missing}, extra ${run.extra})`,
    `${int(run.charged)} / ${previewText(run)}`,
    per100(run.serviceCalls, ROWS),
    per100(run.setValues, ROWS),
  ];
}

function checksOf(runs: Refreshed[]): TargetCheck[] {
  const [full, second, economy] = runs;
  const tier = `tier ${full.tier}`;
  const exact = (run: Refreshed) => run.found === run.made && run.extra === 0;
  const changesText = (run: Refreshed) => `${run.found} of ${run.made} found, ${run.extra} extra`;
  const ended = (run: Refreshed) => run.summary.status === 'completed' && run.summary.refreshed === ROWS;
  return [
    {
      target: `${tier}: refresh of ${int(ROWS)} rows within ${minutes(allowedMs(full.tier))} (N / ceiling ÷ ${PACE_TARGET})`,
      actual: `${minutes(full.elapsedMs)}, ${full.summary.status}, ${int(full.summary.refreshed)} refreshed`,
      met: ended(full) && full.elapsedMs <= allowedMs(full.tier),
    },
    {
      target: `${tier}: refresh finds exactly the world's changes`,
      actual: changesText(full),
      met: exact(full),
    },
    {
      target: `${tier}: refresh charges its preview`,
      actual: `${int(full.charged)} charged, ${int(full.preview.credits)} previewed`,
      met: full.charged === full.preview.credits,
    },
    {
      target: `${tier}: a second refresh right after finds 0 changes`,
      actual: `${second.found + second.extra} found, ${second.made} made`,
      met: ended(second) && second.summary.changes === 0 && second.found + second.extra === 0,
    },
    {
      target: `${tier}: economy refresh costs ≤ ${ECONOMY_TARGET}× the full refresh`,
      actual: `${int(economy.charged)} vs ${int(full.charged)} (${(economy.charged / full.charged).toFixed(2)}×)`,
      met: ended(economy) && economy.charged <= ECONOMY_TARGET * full.charged,
    },
    {
      target: `${tier}: economy refresh finds exactly the world's changes`,
      actual: changesText(economy),
      met: exact(economy),
    },
  ];
}

export async function refreshBenchmark(context: BenchContext): Promise<BenchReport> {
  const tiers: Refreshed[][] = [];
  for (const tier of TIERS) {
    context.progress(`  tier ${tier}, ${ROWS} rows: run, refresh, second refresh, economy refresh…`);
    tiers.push(await refreshesAtTier(context, tier));
  }
  return {
    id: '(j)',
    title: 'Refresh of a living list: pace, changes found, credits',
    figures: [],
    table: {
      headers: [
        'run',
        'rows',
        'time / target',
        'changes found / made',
        'credits / preview',
        'service calls per 100',
        'setValues per 100',
      ],
      rows: tiers.flat().map(row),
    },
    targets: tiers.flatMap(checksOf),
    notes: [
      `Scrapes of the default columns; the mock changes ${CHANGED_FRACTION * 100}% of people before the refresh and again before the economy refresh.`,
      'Changes found / made: the run’s change log against the mock’s change list in the run’s fields (input, field, old, new); extra = false changes.',
      'The economy preview is a range: every row’s record, plus a scrape for each row the records show changed (none to all).',
      'Times are on the fakes’ virtual clock; the target is N ÷ tier ceiling ÷ 0.95 minutes.',
    ],
  };
}
