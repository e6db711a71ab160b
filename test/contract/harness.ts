// Contract tests run the real client over real HTTP against the mock API in a child process (the synchronous Http
// blocks this thread). Each test starts from a reset mock with a fresh key.
import { ApiClient } from '../../src/core/api/client';
import type { ApiResult } from '../../src/core/api/errors';
import type { RetryPolicy } from '../../src/core/api/execute';
import type { Prepared } from '../../src/core/api/operations';
import type { Tier } from '../../src/core/api/types';
import type { MockControl } from '../../dev/mock-api/control';
import { spawnMockApi, type SpawnedMockApi } from '../../dev/mock-api/spawn';
import { createSyncHttp, RecordingClock, type SyncHttp } from './sync-http';

export const KEY = 'lk_contract_000000000000000000000000a1b2';
export const OTHER_KEY = 'lk_contract_other_0000000000000000000c3d4';
export const KEY_HINT = KEY.slice(-4);
export const STARTING_CREDITS = 1000;
/** The mock's data seed: its pure generators (dev/mock-api/data.ts) give what it serves for this seed. */
export const MOCK_SEED = 1;

export interface ConnectOptions {
  apiKey?: string;
  retry?: Partial<RetryPolicy>;
  /** Defaults to 0: retries after no backoff, so tests only wait where a Retry-After says so. */
  random?: () => number;
  /** What the client's clock follows: only its sleeps (the default, exact waits) or the wall clock (latency). */
  time?: 'slept' | 'wall';
}

export interface MockApiHarness {
  readonly control: MockControl;
  readonly url: string;
  connect(options?: ConnectOptions): { client: ApiClient; clock: RecordingClock };
  setKey(key: string, credits: number, tier?: Tier): Promise<void>;
}

export function useMockApi(): MockApiHarness {
  let mock: SpawnedMockApi | undefined;
  let http: SyncHttp | undefined;
  const running = () => {
    if (!mock || !http) throw new Error('The mock API is not running.');
    return { mock, http };
  };

  beforeAll(async () => {
    mock = await spawnMockApi({ jobClock: 'manual', seed: MOCK_SEED });
    http = createSyncHttp(10_000);
  });
  afterAll(async () => {
    await http?.close();
    await mock?.stop();
  });
  beforeEach(async () => {
    const { control } = running().mock;
    await control.reset();
    await control.setKey({ key: KEY, credits: STARTING_CREDITS, tier: '3' });
    await control.setKey({ key: OTHER_KEY, credits: STARTING_CREDITS, tier: '3' });
  });

  return {
    get control() {
      return running().mock.control;
    },
    get url() {
      return running().mock.url;
    },
    connect(options = {}) {
      const clock = new RecordingClock((ms) => advanceMockClock(running().http, running().mock.url, ms), options.time);
      const client = new ApiClient({
        http: running().http,
        clock,
        baseUrl: running().mock.url,
        apiKey: options.apiKey ?? KEY,
        random: options.random ?? (() => 0),
        retry: options.retry,
      });
      return { client, clock };
    },
    async setKey(key, credits, tier = '3') {
      await running().mock.control.setKey({ key, credits, tier });
    },
  };
}

/**
 * Moves the mock's clock from this blocked thread, through the same synchronous Http: a client's sleep then ages the
 * mock's rate-limit windows as a real wait would, without the test waiting (four backoffs took 4.5 s for real).
 */
function advanceMockClock(http: SyncHttp, mockUrl: string, ms: number): void {
  const [outcome] = http.fetchAll([
    {
      url: `${mockUrl}/__mock/clock/advance`,
      method: 'post',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ms }),
    },
  ]);
  if (!('status' in outcome) || outcome.status !== 200)
    throw new Error(`Could not move the mock's clock: ${JSON.stringify(outcome)}`);
}

/** A valid operation sent to a changed URL: how these tests reach server-side errors the client prevents. */
export function withUrl<T>(prepared: Prepared<T>, edit: (url: string) => string): Prepared<T> {
  if (!prepared.ok) throw new Error(`Expected a valid operation: ${prepared.error.message}`);
  const { operation } = prepared;
  return { ok: true, operation: { ...operation, request: { ...operation.request, url: edit(operation.request.url) } } };
}

export function valueOf<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new Error(`Expected success, got ${result.error.kind}: ${result.error.message}`);
  return result.value;
}

/** The error of a failed call, checked to carry no part of the key. */
export function errorOf<T>(result: ApiResult<T>) {
  if (result.ok) throw new Error('Expected a failure.');
  for (const key of [KEY, OTHER_KEY]) {
    expect(result.error.message).not.toContain(key);
    expect(result.error.message).not.toContain(key.slice(-12));
  }
  return result.error;
}

export const profileUrl = (slug: string) => `https://www.network.com/in/${slug}`;
