// Dropped connections: a 50-row ENRICH_PROFILE range in a fresh document, recalculated until every row is in (at most
// 10 times), while each request's connection drops with a given chance. As UrlFetchApp does, one dropped connection
// fails the whole fetchAll, after the service answered (and billed) the others: the bench sends the batch's other
// requests to the mock, then throws. Rows delivered, requests and credits come from the mock's log; each rate is run
// with several seeds.
import type { GasEnvironment } from '../dev/gas-fakes';
import { runStandalone } from './standalone';
import { addonWithKey, formula, int, ratio, type Addon, type BenchContext, type BenchReport } from './support';

const ROWS = 50;
const MAX_RECALCULATIONS = 10;
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const RATES = [0, 0.05, 0.2];
/** Fake time one fetchAll takes, as a batch of profile records does on Google (the mock itself answers at once). */
const FETCH_ALL_MS = 2_000;
/** The targets hold for this rate. */
const TARGET_RATE = 0.05;
const MOST_CREDITS = 2;

interface Run {
  delivered: number;
  recalculations: number;
  fetchAlls: number;
  requests: number;
  credits: number;
}

/** A seeded random in [0, 1), so every run of the bench drops the same connections. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Makes each request's connection drop with `rate`; a drop fails the whole fetchAll after the others were sent. */
function dropConnections(env: GasEnvironment, rate: number, random: () => number): { fetchAlls: number } {
  const counter = { fetchAlls: 0 };
  const real = env.globals.UrlFetchApp as GoogleAppsScript.URL_Fetch.UrlFetchApp;
  env.globals.UrlFetchApp = {
    fetch: real.fetch.bind(real),
    fetchAll: (requests: GoogleAppsScript.URL_Fetch.URLFetchRequest[]) => {
      counter.fetchAlls++;
      env.clock.advance(FETCH_ALL_MS);
      const dropped = requests.filter(() => random() < rate);
      const answered = requests.filter((request) => !dropped.includes(request));
      const responses = answered.length > 0 ? real.fetchAll(answered) : [];
      if (dropped.length > 0) throw new Error(`Address unavailable: ${dropped[0].url}`);
      return responses;
    },
  };
  return counter;
}

async function run(context: BenchContext, rate: number, seed: number): Promise<Run> {
  // The mock's log names a key by its last 4 characters: each run's key ends in its own.
  const hint = `${String(Math.round(rate * 100)).padStart(2, '0')}${String(seed).padStart(2, '0')}`;
  const key = `lk_bench_dropped_connections_000${hint}`;
  const addon: Addon = await addonWithKey(context, { key, tier: '3' });
  try {
    const counter = dropConnections(addon.env, rate, seededRandom(seed * 7_919 + Math.round(rate * 1000)));
    const input = Array.from({ length: ROWS }, (_, i) => [`https://www.network.com/in/dropped-${seed}-${i}`]);
    let delivered = 0;
    let recalculations = 0;
    while (delivered < ROWS && recalculations < MAX_RECALCULATIONS) {
      recalculations++;
      const rows = formula(addon, 'ENRICH_PROFILE', [input, 'full_name']) as unknown[][];
      delivered = rows.filter((row) => !String(row[0]).startsWith('#ERROR')).length;
    }
    const log = (await context.mock.control.requests({ key: addon.keyHint })).filter((entry) =>
      entry.path.startsWith('/api/'),
    );
    const credits = log.reduce((sum, entry) => sum + entry.credits, 0);
    return { delivered, recalculations, fetchAlls: counter.fetchAlls, requests: log.length, credits };
  } finally {
    context.envs.dispose(addon.env);
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const spread = (values: number[], format: (n: number) => string) =>
  `${format(mean(values))} mean, ${format(Math.min(...values))}–${format(Math.max(...values))}`;
const oneDecimal = (n: number) => n.toFixed(1);

export async function droppedConnectionsBenchmark(context: BenchContext): Promise<BenchReport> {
  const results = new Map<number, Run[]>();
  for (const rate of RATES) {
    const runs: Run[] = [];
    for (const seed of SEEDS) runs.push(await run(context, rate, seed));
    results.set(rate, runs);
    context.progress(`  ${rate * 100}% dropped: ${runs.map((r) => `${r.delivered}/${r.credits}`).join(' ')}`);
  }
  const figures = RATES.flatMap((rate) => {
    const runs = results.get(rate)!;
    const label = `${rate * 100}% dropped`;
    return [
      {
        label: `${label}: rows delivered (of ${ROWS})`,
        addon: spread(
          runs.map((r) => r.delivered),
          int,
        ),
      },
      {
        label: `${label}: recalculations needed`,
        addon: spread(
          runs.map((r) => r.recalculations),
          oneDecimal,
        ),
      },
      {
        label: `${label}: fetchAll calls`,
        addon: spread(
          runs.map((r) => r.fetchAlls),
          oneDecimal,
        ),
      },
      {
        label: `${label}: requests the service answered`,
        addon: spread(
          runs.map((r) => r.requests),
          oneDecimal,
        ),
      },
      {
        label: `${label}: credits ÷ unique credits (${ROWS})`,
        addon: spread(
          runs.map((r) => r.credits / ROWS),
          (n) => ratio(n),
        ),
      },
    ];
  });
  const target = results.get(TARGET_RATE)!;
  const worstCredits = Math.max(...target.map((r) => r.credits));
  return {
    id: '(g)',
    title: `Dropped connections: a ${ROWS}-row range from a fresh document, ${SEEDS.length} seeds per rate`,
    figures,
    targets: [
      {
        target: `at ${TARGET_RATE * 100}% dropped, every row delivered within ${MAX_RECALCULATIONS} recalculations`,
        actual: `${Math.min(...target.map((r) => r.delivered))} of ${ROWS} in the worst run, after at most ${Math.max(...target.map((r) => r.recalculations))}`,
        met: target.every((r) => r.delivered === ROWS),
      },
      {
        target: `at ${TARGET_RATE * 100}% dropped, at most ${MOST_CREDITS}× the unique credits`,
        actual: `${ratio(worstCredits / ROWS)} in the worst run`,
        met: worstCredits <= MOST_CREDITS * ROWS,
      },
    ],
    notes: [
      'A batch that fails as a whole is split in halves (then quarters…) until the dropped connection is alone; the batch size halves at each such failure and grows by a quarter per answered batch, remembered in the document cache.',
      'The balance: a fresh document starts with batches of 10, not 50, so a healthy 50-row range takes 3 fetchAll calls (10, 20, 20) instead of 1, a few seconds more, while one dropped connection can waste at most 9 paid answers instead of 49.',
      'A dropped request is not sent here (the mock would not bill it either); the other requests of its fetchAll are, and are billed.',
      `Each fetchAll takes ${FETCH_ALL_MS / 1000} s of fake time, so a recalculation (no batch starts with under 8 s of its 26 s left) holds about 9 of them: the recalculations needed are those a sheet would see.`,
    ],
  };
}

if (require.main === module) runStandalone(droppedConnectionsBenchmark);
