// CLI: tsx dev/mock-api/main.ts [--port 0] [--host 127.0.0.1] [--job-clock manual|realtime] [--speed 20] [--seed 1]
// Prints exactly one line, MOCK_API_URL=http://127.0.0.1:PORT, once it listens. The demo key is
// lk_demo_0000000000000000000000009f2c (10,000 credits, tier 2).

import type { JobClockMode } from './protocol';
import { startMockApi, type MockApiOptions } from './server';

function usage(problem: string): never {
  process.stderr.write(
    `${problem}\nUsage: main.ts [--port N] [--host H] [--job-clock manual|realtime] [--speed X] [--seed N]\n`,
  );
  process.exit(2);
}

function parseArgs(args: string[]): MockApiOptions {
  const options: MockApiOptions = {};
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (value === undefined) usage(`Missing value for ${flag}.`);
    const number = Number(value);
    switch (flag) {
      case '--port':
        if (!Number.isInteger(number) || number < 0 || number > 65535) usage('--port must be 0-65535.');
        options.port = number;
        break;
      case '--host':
        options.host = value;
        break;
      case '--job-clock':
        if (value !== 'manual' && value !== 'realtime') usage('--job-clock must be manual or realtime.');
        options.jobClock = value as JobClockMode;
        break;
      case '--speed':
        if (!(number > 0)) usage('--speed must be a number > 0.');
        options.speed = number;
        break;
      case '--seed':
        if (!Number.isInteger(number)) usage('--seed must be an integer.');
        options.seed = number;
        break;
      default:
        usage(`Unknown option ${flag}.`);
    }
  }
  return options;
}

async function main(): Promise<void> {
  const api = await startMockApi(parseArgs(process.argv.slice(2)));
  process.stdout.write(`MOCK_API_URL=${api.url}\n`);
  const shutDown = () => void api.close().then(() => process.exit(0));
  process.on('SIGINT', shutDown);
  process.on('SIGTERM', shutDown);
  // Started by spawnMockApi: the IPC channel closes when the parent dies, however it dies.
  if (process.send) process.on('disconnect', shutDown);
}

main().catch((error: unknown) => {
  process.stderr.write(`mock-api failed to start: ${String(error)}\n`);
  process.exit(1);
});
