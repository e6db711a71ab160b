// The CLI and spawnMockApi: one ready line, a child process that answers, and no child left behind.

import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { spawnMockApi } from '../../dev/mock-api/spawn';
import { DEMO_KEY } from './harness';

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

/** Runs a TypeScript file under node --import tsx and resolves with the first stdout line. */
function runUntilFirstLine(script: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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
  return { child, firstLine, exited, output: () => stdout, errors: () => stderr };
}

describe('spawnMockApi', () => {
  test('starts a child process that serves the API; stop() ends it', async () => {
    const mock = await spawnMockApi({ seed: 1, jobClock: 'manual' });
    try {
      expect(mock.pid).not.toBe(process.pid);
      expect(isAlive(mock.pid)).toBe(true);
      const answer = await fetch(`${mock.url}/api/search/companies?query=ai&limit=2`, { headers: { Authorization: `Bearer ${DEMO_KEY}` } });
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
    const [childPid] = (await parent.firstLine).split(' ');
    expect(isAlive(Number(childPid))).toBe(true);
    parent.child.kill('SIGKILL');
    await parent.exited;
    await waitUntilGone(Number(childPid));
  });
});

describe('main.ts CLI', () => {
  test('prints exactly one line MOCK_API_URL=http://127.0.0.1:PORT and honours the options', async () => {
    const cli = runUntilFirstLine(join(REPO_ROOT, 'dev', 'mock-api', 'main.ts'), ['--port', '0', '--job-clock', 'realtime', '--speed', '20', '--seed', '1']);
    const line = await cli.firstLine;
    expect(line).toMatch(/^MOCK_API_URL=http:\/\/127\.0\.0\.1:\d+$/);
    const url = line.slice('MOCK_API_URL='.length);
    await new Promise((done) => setTimeout(done, 100));
    const { jobTime } = (await (await fetch(`${url}/__mock/clock`)).json()) as { jobTime: number };
    expect(jobTime).toBeGreaterThan(1000); // 20x real time
    cli.child.kill('SIGTERM');
    await cli.exited;
    expect(cli.output()).toBe(`${line}\n`);
  });

  test('rejects unknown options', async () => {
    const cli = runUntilFirstLine(join(REPO_ROOT, 'dev', 'mock-api', 'main.ts'), ['--colour', 'blue']);
    await expect(cli.firstLine).rejects.toThrow(/exited with 2/);
    expect(cli.errors()).toContain('Unknown option --colour.');
  });
});
