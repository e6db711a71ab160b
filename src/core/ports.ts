// The small interfaces the pure core talks to. src/adapters/ implements them over Apps Script services;
// tests implement them in memory.

export type HttpMethod = 'get' | 'post';

export interface HttpRequest {
  url: string;
  method: HttpMethod;
  headers: Record<string, string>;
  /** JSON text for POST requests. */
  body?: string;
}

export interface HttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** A request that never got an HTTP answer (DNS, refused or dropped connection, timeout). */
export interface HttpNetworkError {
  networkError: string;
  /** Nothing was sent: the platform's daily quota of requests is used up (see docs/platform.md). */
  dailyQuota?: boolean;
}

export type HttpOutcome = HttpResponse | HttpNetworkError;

export interface Http {
  /** Sends the requests in parallel and answers in request order; never throws. */
  fetchAll(requests: HttpRequest[]): HttpOutcome[];
}

export function isNetworkError(outcome: HttpOutcome): outcome is HttpNetworkError {
  return (outcome as HttpNetworkError).networkError !== undefined;
}

/** A string store such as user or document properties. */
export interface KeyValue {
  get(key: string): string | null;
  set(key: string, value: string): void;
  delete(key: string): void;
  /** Every entry in one read (each read of a property store is a service call). */
  getAll(): Record<string, string>;
}

/** An expiring string store such as the document cache. */
export interface Cache {
  getAll(keys: string[]): Record<string, string>;
  putAll(values: Record<string, string>, ttlSeconds: number): void;
  remove(key: string): void;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Blocks; Apps Script has no timers. */
  sleep(ms: number): void;
}

export interface Lock {
  /** Waits at most timeoutMs; false when the lock is held elsewhere. */
  tryLock(timeoutMs: number): boolean;
  release(): void;
}

/** Hex SHA-256 of UTF-8 text. */
export type Hash = (text: string) => string;
