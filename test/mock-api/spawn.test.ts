// The CLI and spawnMockApi: one ready line, a child process that answers, and no child left behind.

import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { spawnMockApi } from '../../dev/mock-api/spawn';
import { DEMO_KEY } from './harness';

// These tests start trees of tsx processes and wait for them to listen or die (spawnMockApi allows 20 s to start):
// more than the default 10 s on a slow machine.
jest.setTimeout(30_000);

const REPO_ROOT = resolve(__dirname, '..', '..');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilGone(pid: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} still alive`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

interface Run {
  child: ChildProcess;
  firstLine: Promise<string>;
  exited: Promise<void>;
  output(): string;
  errors(): string;
}

/** Every process runUntilFirstLine started: each test ends them all, whether it passed, failed or timed out. */
const runs = new Set<Run>();
afterEach(async () => {
  await Promise.all([...runs].map(stop));
  runs.clear();
});

/** Kills the process unless it has exited already, and waits for its exit. */
async function stop(run: Run): Promise<void> {
  if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
  await run.exited;
}

/** Runs a TypeScript file under node --import tsx and resolves with the first stdout line. */
function runUntilFirstLine(script: string, args: string[]): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const firstLine = new Promise<string>((resolveLine, rejectLine) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolveLine(stdout.split('\n')[0]);
    });
    child.once('exit', (code) => rejectLine(new Error(`exited with ${code} before printing`)));
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // A test that fails before awaiting firstLine must not also report an unhandled rejection.
  firstLine.catch(() => undefined);
  const run: Run = { child, firstLine, exited, output: () => stdout, errors: () => stderr };
  runs.add(run);
  return run;
}

describe('spawnMockApi', () => {
  test('starts a child process that serves the API; stop() ends it', async () => {
    const mock = await spawnMockApi({ seed: 1, jobClock: 'manual' });
    try {
      expect(mock.pid).not.toBe(process.pid);
      expect(isAlive(mock.pid)).toBe(true);
      const answer = await fetch(`${mock.url}/api/search/companies?query=ai&limit=2`, {
        headers: { Authorization: `Bearer ${DEMO_KEY}` },
      });
      expect(answer.status).toBe(200);
      expect(await mock.control.creditsCharged()).toBe(2);
      expect(await mock.control.getKey(DEMO_KEY)).toEqual({ credits: 9_998, tier: '2' });
    } finally {
      await mock.stop();
    }
    expect(isAlive(mock.pid)).toBe(false);
    await expect(fetch(`${mock.url}/__mock/clock`)).rejects.toThrow();
  });

  test('the child dies with its parent, even when the parent is killed', async () => {
    const parent = runUntilFirstLine(join(__dirname, 'fixtures', 'spawning-parent.ts'), []);
    let childPid: number | undefined;
    try {
      childPid = Number((await parent.firstLine).split(' ')[0]);
      expect(isAlive(childPid)).toBe(true);
      parent.child.kill('SIGKILL');
      await parent.exited;
      await waitUntilGone(childPid);
    } finally {
      // Whatever failed above, the mock does not outlive the test (afterEach ends the parent).
      if (childPid !== undefined && isAlive(childPid)) process.kill(childPid, 'SIGKILL');
    }
  });
});

describe('main.ts CLI', () => {
  test('prints exactly one line MOCK_API_URL=http://127.0.0.1:PORT and honours the options', async () => {
    const cli = runUntilFirstLine(join(REPO_ROOT, 'dev', 'mock-api', 'main.ts'), [
      '--port',
      '0',
      '--job-clock',
      'realtime',
      '--speed',
      '20',
      '--seed',
      '1',
    ]);
    const line = await cli.firstLine;
    expect(line).toMatch(/^MOCK_API_URL=http:\/\/127\.0\.0\.1:\d+$/);
    const url = line.slice('MOCK_API_URL='.length);
    await new Promise((done) => setTimeout(done, 100));
    const { jobTime } = (await (await fetch(`${url}/__mock/clock`)).json()) as { jobTime: number };
    expect(jobTime).toBeGreaterThan(1000); // 20x real time: at least 2,000 after 100 ms
    // SIGTERM is the CLI's way out: it closes the server and exits, having printed nothing more.
    cli.child.kill('SIGTERM');
    await cli.exited;
    expect(cli.child.exitCode).toBe(0);
    expect(cli.output()).toBe(`${line}\n`);
  });

  test('rejects unknown options', async () => {
    const cli = runUntilFirstLine(join(REPO_ROOT, 'dev', 'mock-api', 'main.ts'), ['--colour', 'blue']);
    await expect(cli.firstLine).rejects.toThrow(/exited with 2/);
    expect(cli.errors()).toContain('Unknown option --colour.');
  });
});
