// Runs the mock in a child process. Tests need it outside their own thread: the Apps Script fakes block the main
// thread with Atomics.wait during synchronous HTTP, which would freeze an in-process server.

import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { MockControl } from './control';
import type { JobClockMode } from './protocol';

export interface SpawnMockApiOptions {
  port?: number;
  host?: string;
  jobClock?: JobClockMode;
  speed?: number;
  seed?: number;
  /** How long to wait for the child to listen (default 20 s). */
  startTimeoutMs?: number;
}

export interface SpawnedMockApi {
  url: string;
  /** Process id of the child. */
  pid: number;
  control: MockControl;
  /** Ends the child and waits until it has exited. */
  stop(): Promise<void>;
}

const MAIN_SCRIPT = join(__dirname, 'main.ts');
/** `--import tsx` resolves from the working directory, so run where node_modules is. */
const REPO_ROOT = resolve(__dirname, '..', '..');
const READY_LINE = /^MOCK_API_URL=(\S+)$/m;
const KILL_GRACE_MS = 3_000;

function cliArgs(options: SpawnMockApiOptions): string[] {
  const args: string[] = [];
  if (options.port !== undefined) args.push('--port', String(options.port));
  if (options.host !== undefined) args.push('--host', options.host);
  if (options.jobClock !== undefined) args.push('--job-clock', options.jobClock);
  if (options.speed !== undefined) args.push('--speed', String(options.speed));
  if (options.seed !== undefined) args.push('--seed', String(options.seed));
  return args;
}

/**
 * Where the test run's setup put main.ts bundled (test/support/spawned-bundles.ts): started with plain node, the mock
 * needs no transpiling at each start. Without it, tsx runs main.ts.
 */
export const MOCK_API_BUNDLE_VARIABLE = 'SHEET_ENRICH_MOCK_API_BUNDLE';

function mainArgs(): string[] {
  const bundle = process.env[MOCK_API_BUNDLE_VARIABLE];
  return bundle ? [bundle] : ['--import', 'tsx', MAIN_SCRIPT];
}

export function spawnMockApi(options: SpawnMockApiOptions = {}): Promise<SpawnedMockApi> {
  const child = spawn(process.execPath, [...mainArgs(), ...cliArgs(options)], {
    cwd: REPO_ROOT,
    // The IPC channel lets the child notice when this process dies, even by SIGKILL.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const killChild = () => child.kill('SIGKILL');
  process.on('exit', killChild);
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));

  const stop = async () => {
    process.off('exit', killChild);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const forceKill = setTimeout(killChild, KILL_GRACE_MS);
    await exited;
    clearTimeout(forceKill);
  };

  // With 'pipe' both are sockets; the 'ipc' entry only hides that from the types.
  const childStdout = child.stdout as Socket;
  const childStderr = child.stderr as Socket;

  return new Promise((resolveStart, rejectStart) => {
    let stdout = '';
    let stderr = '';
    childStderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      void stop();
      rejectStart(new Error(`Mock API did not start within ${options.startTimeoutMs ?? 20_000} ms. ${stderr}`));
    }, options.startTimeoutMs ?? 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      rejectStart(new Error(`Mock API exited with code ${code} before listening. ${stderr}`));
    });
    childStdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const ready = READY_LINE.exec(stdout);
      if (!ready) return;
      clearTimeout(timer);
      childStdout.removeAllListeners('data');
      childStdout.resume();
      childStderr.removeAllListeners('data');
      childStderr.pipe(process.stderr);
      // Let this process exit without calling stop(); the exit hook and the IPC channel still end the child.
      child.unref();
      child.channel?.unref();
      childStdout.unref();
      childStderr.unref();
      resolveStart({ url: ready[1], pid: child.pid ?? -1, control: new MockControl(ready[1]), stop });
    });
  });
}
