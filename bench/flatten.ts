// Flattening: 10,000 profile records from the mock's generator into the research column sets (RESEARCH_COLUMNS), and
// into the companion rows a research poll also writes. Profiles are generated in batches of 1,000 outside the timing.
import { profileRecordForSlug } from '../dev/mock-api/data';
import type { ProfileRecord } from '../src/core/api/types';
import { RESEARCH_COLUMNS } from '../src/core/fields/defaults';
import { COMPANION_COLLECTIONS, flattenCollection, flattenRecord } from '../src/core/fields/flatten';
import { int, ms, type BenchContext, type BenchReport } from './support';

const PROFILES = 10_000;
const BATCH = 1_000;
const SEED = 7;

type Measure = 'essentials' | 'all' | 'companions';

function flattenBatch(profiles: ProfileRecord[], measure: Measure): number {
  let cells = 0;
  if (measure === 'companions') {
    for (const profile of profiles) {
      for (const collection of COMPANION_COLLECTIONS) {
        for (const row of flattenCollection(profile, collection)) cells += row.length;
      }
    }
    return cells;
  }
  const columns = RESEARCH_COLUMNS[measure];
  for (const profile of profiles) cells += flattenRecord(profile, columns).length;
  return cells;
}

export async function flattenBenchmark(context: BenchContext): Promise<BenchReport> {
  const measures: Measure[] = ['essentials', 'all', 'companions'];
  const totals: Record<Measure, { ms: number; cells: number }> = {
    essentials: { ms: 0, cells: 0 },
    all: { ms: 0, cells: 0 },
    companions: { ms: 0, cells: 0 },
  };
  let generationMs = 0;
  const generate = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => profileRecordForSlug(SEED, `bench-flatten-${from + i}`));

  // Warm-up (not counted): lets V8 optimise the readers before the timed batches.
  const warm = generate(PROFILES, 300);
  for (const measure of measures) flattenBatch(warm, measure);

  for (let from = 0; from < PROFILES; from += BATCH) {
    const started = performance.now();
    const profiles = generate(from, BATCH);
    generationMs += performance.now() - started;
    for (const measure of measures) {
      const t0 = performance.now();
      totals[measure].cells += flattenBatch(profiles, measure);
      totals[measure].ms += performance.now() - t0;
    }
  }
  context.progress(`  flattened ${int(PROFILES)} profiles (generation ${ms(generationMs)}, not counted)`);

  const perThousand = (measure: Measure) => (totals[measure].ms * 1000) / PROFILES;
  const line = (measure: Measure, label: string) => ({
    label,
    addon: `${ms(totals[measure].ms)} total, ${ms(perThousand(measure))} per 1,000, ${(totals[measure].cells / totals[measure].ms / 1000).toFixed(1)} M cells/s`,
  });
  return {
    id: '(d)',
    title: `Flattening ${int(PROFILES)} profile records (mock generator, seed ${SEED})`,
    figures: [
      line('essentials', `"essentials" (${RESEARCH_COLUMNS.essentials.length} columns)`),
      line('all', `"all" (${RESEARCH_COLUMNS.all.length} columns)`),
      line('companions', `experience + education companion rows (${int(totals.companions.cells)} cells)`),
    ],
    targets: [],
    notes: [`Generating the profiles took ${ms(generationMs)} and is not counted; no target was set for this figure.`],
  };
}
