// npm run bench: builds, then runs every benchmark in this one process and prints their figures. Not a test: it
// exits 0 whether or not a target is met (it says which), and 1 only when a benchmark could not run.
import os from 'node:os';
import { spawnMockApi } from '../dev/mock-api/spawn';
import { cacheAfterFillBenchmark } from './cache-after-fill';
import { concurrencyBenchmark } from './concurrency';
import { creditsBenchmark } from './credits';
import { enrichmentBenchmark } from './enrichment';
import { droppedConnectionsBenchmark } from './dropped-connections';
import { faultsBenchmark } from './faults';
import { flattenBenchmark } from './flatten';
import { idleSidebarBenchmark } from './idle-sidebar';
import { refreshBenchmark } from './refresh';
import { researchWriteBenchmark } from './research-write';
import { roundTripsBenchmark } from './round-trips';
import { speedBenchmark } from './speed';
import {
  EnvPool,
  thrownMessage,
  ms,
  printReport,
  table,
  type BenchContext,
  type BenchReport,
  type Benchmark,
} from './support';

const BENCHMARKS: Array<{ id: string; name: string; run: Benchmark }> = [
  { id: '(a)', name: 'Credits of a column with repeated profiles, recalculated', run: creditsBenchmark },
  { id: '(b)', name: 'Speed of one range call against a filled-down column', run: speedBenchmark },
  { id: '(c)', name: 'setValues calls to write research results', run: researchWriteBenchmark },
  { id: '(d)', name: 'Flattening', run: flattenBenchmark },
  { id: '(e)', name: 'Property reads and writes of an idle open sidebar', run: idleSidebarBenchmark },
  { id: '(f)', name: 'Credits of a recalculation after the cache filled', run: cacheAfterFillBenchmark },
  { id: '(g)', name: 'Dropped connections: rows, requests and credits', run: droppedConnectionsBenchmark },
  { id: '(h)', name: 'Enrich selection: pace, writes and credits at list scale', run: enrichmentBenchmark },
  {
    id: '(i)',
    name: 'Faults: rows lost, rows duplicated, credits paid twice, cells coerced, keys leaked',
    run: faultsBenchmark,
  },
  { id: '(j)', name: 'Refresh of a living list: pace, changes found, credits', run: refreshBenchmark },
  {
    id: '(k)',
    name: 'Concurrent executions: an interleaved fill-down twice, the ledger, the tier',
    run: concurrencyBenchmark,
  },
  { id: '(l)', name: 'Round trips: service calls per operation', run: roundTripsBenchmark },
];

function machine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  const memory = `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`;
  return `${cpus.length} cores (${model}), ${memory} RAM, node ${process.version}, ${os.platform()} ${os.release()} ${os.arch()}`;
}

/** `tsx bench/run.ts h j` runs only (h) and (j); no arguments, every benchmark. */
function selectedBenchmarks(ids: string[]): typeof BENCHMARKS {
  if (ids.length === 0) return BENCHMARKS;
  const wanted = new Set(ids.map((id) => `(${id.replace(/[()]/g, '')})`));
  const unknown = [...wanted].filter((id) => !BENCHMARKS.some((benchmark) => benchmark.id === id));
  if (unknown.length > 0) throw new Error(`No benchmark ${unknown.join(', ')}.`);
  return BENCHMARKS.filter((benchmark) => wanted.has(benchmark.id));
}

async function main(): Promise<number> {
  const selected = selectedBenchmarks(process.argv.slice(2));
  const started = performance.now();
  console.log('sheet-enrich benchmarks');
  console.log(`machine: ${machine()}`);
  const envs = new EnvPool();
  const mock = await spawnMockApi({ jobClock: 'manual', seed: 7 });
  console.log(`mock API: ${mock.url} (child process ${mock.pid}, manual job clock, seed 7)`);
  const context: BenchContext = { mock, envs, progress: (message) => process.stderr.write(`${message}\n`) };

  const reports: BenchReport[] = [];
  const failures: Array<{ id: string; name: string; error: string }> = [];
  try {
    for (const benchmark of selected) {
      context.progress(`${benchmark.id} ${benchmark.name}…`);
      const t0 = performance.now();
      try {
        const report = await benchmark.run(context);
        reports.push(report);
        printReport(report);
        console.log(`  (ran in ${ms(performance.now() - t0)})`);
      } catch (error) {
        const message = error instanceof Error && error.stack ? error.stack : thrownMessage(error);
        failures.push({ id: benchmark.id, name: benchmark.name, error: message.split('\n')[0] });
        console.log(
          `\n${benchmark.id} ${benchmark.name}: COULD NOT RUN\n  ${message.split('\n').slice(0, 6).join('\n  ')}`,
        );
      } finally {
        envs.disposeAll();
      }
    }
  } finally {
    envs.disposeAll();
    await mock.stop();
  }

  console.log('\nTargets');
  console.log('═══════');
  const rows = reports.flatMap((report) =>
    report.targets.map((check) => [report.id, check.met ? 'met' : 'NOT MET', check.target, check.actual]),
  );
  for (const failure of failures) rows.push([failure.id, 'NOT RUN', failure.name, failure.error]);
  console.log(table(['', 'status', 'target', 'actual'], rows));
  console.log(`\nTotal time ${ms(performance.now() - started)}.`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
