// Runs one benchmark on its own (`npx tsx bench/<file>.ts` after `npm run build`), as bench/run.ts runs them all.
import { spawnMockApi } from '../dev/mock-api/spawn';
import { EnvPool, printReport, type Benchmark } from './support';

export function runStandalone(benchmark: Benchmark): void {
  const run = async () => {
    const envs = new EnvPool();
    const mock = await spawnMockApi({ jobClock: 'manual', seed: 7 });
    try {
      printReport(await benchmark({ mock, envs, progress: (message) => process.stderr.write(`${message}\n`) }));
    } finally {
      envs.disposeAll();
      await mock.stop();
    }
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
