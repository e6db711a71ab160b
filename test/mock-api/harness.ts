// Starts the mock in-process for a test file and wraps fetch for its API.

import { DEMO_KEY as DEMO } from '../../dev/mock-api/accounts';
import { MockControl } from '../../dev/mock-api/control';
import { startMockApi, type MockApiOptions } from '../../dev/mock-api/server';
import type { MockWorld } from '../../dev/mock-api/world';

export const DEMO_KEY = DEMO.key;

export interface ApiAnswer<T> {
  status: number;
  headers: Headers;
  /** Parsed JSON (undefined when the body is not JSON). */
  body: T;
  text: string;
}

export interface TestMock {
  url: string;
  control: MockControl;
  /** The world's changes in-process (the same state as control's /__mock/world/ calls). */
  world: MockWorld;
  close(): Promise<void>;
  // JSON bodies are read loosely in tests: default to any, pass a record type where it helps.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  get<T = any>(pathAndQuery: string, key?: string | null): Promise<ApiAnswer<T>>;
  post<T = any>(path: string, body: unknown, key?: string | null): Promise<ApiAnswer<T>>;
  /* eslint-enable @typescript-eslint/no-explicit-any */
}

async function answer<T>(response: Response): Promise<ApiAnswer<T>> {
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    body = undefined as T;
  }
  return { status: response.status, headers: response.headers, body, text };
}

function authHeaders(key: string | null): Record<string, string> {
  return key === null ? {} : { Authorization: `Bearer ${key}` };
}

export async function startTestMock(options: MockApiOptions = {}): Promise<TestMock> {
  const api = await startMockApi({ port: 0, ...options });
  return {
    url: api.url,
    control: new MockControl(api.url),
    world: api.world,
    close: api.close,
    get: async (pathAndQuery, key = DEMO_KEY) =>
      answer(await fetch(`${api.url}${pathAndQuery}`, { headers: authHeaders(key) })),
    post: async (path, body, key = DEMO_KEY) =>
      answer(
        await fetch(`${api.url}${path}`, {
          method: 'POST',
          headers: { ...authHeaders(key), 'Content-Type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
      ),
  };
}

export function profileQuery(url: string): string {
  return `network_url=${encodeURIComponent(url)}`;
}

/** Creates a key with the given credits and tier and returns it. */
export async function newKey(
  mock: TestMock,
  suffix: string,
  credits = 1_000_000,
  tier: '1' | '2' | '3' | 'free' = '3',
): Promise<string> {
  const key = `lk_test_${suffix}`;
  await mock.control.setKey({ key, credits, tier });
  return key;
}
