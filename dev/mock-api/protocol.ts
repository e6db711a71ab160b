// Shapes of the mock's control endpoints (/__mock/...), shared by the server and MockControl.

import type { JobStatus, Tier } from '../../src/core/api/types';

export type JobClockMode = 'manual' | 'realtime';

export interface MockKey {
  key: string;
  credits: number;
  tier: Tier;
}

/** Limits a fault to one path: an exact pathname, or a prefix when it ends in `*` (`/api/search/deep_research/*`). */
interface FaultScope {
  path?: string;
}

/**
 * Faults queue up in order; each API request consumes the first matching one (after all matching latency faults,
 * which only add delay). `count` is how many requests it affects; a latency fault without count stays until cleared.
 */
export type MockFault = FaultScope &
  (
    | { kind: 'status'; status: number; count: number }
    | { kind: 'rate_limit'; retryAfterSeconds: number; count: number; via: 'header' | 'body' }
    | { kind: 'latency'; ms: number; count?: number }
    | { kind: 'drop'; count: number }
    | { kind: 'malformed'; count: number }
    /** Nothing in the body, with `status` (default 200). */
    | { kind: 'empty'; count: number; status?: number }
    /** An HTML page instead of JSON, as a proxy, gateway or captive portal sends one, with `status` (default 200). */
    | { kind: 'html'; count: number; status?: number }
  );

/** Options applied to the next research job started (by any key), then forgotten. */
export interface NextJobOptions {
  /** How many entries of the results list repeat an earlier profile (same `id`). The list still has `limit` entries. */
  duplicates?: number;
  /** The job turns to status error once this many results exist. */
  failAfterResults?: number;
  /** Mean job-clock seconds between two results during processing. */
  secondsPerResult?: number;
}

export interface ClockState {
  /** Job-clock milliseconds since the mock started (or was reset). */
  jobTime: number;
  /** Milliseconds added by POST /__mock/clock/advance; rate-limit windows see the same offset. */
  offset: number;
}

export interface MockLogEntry {
  /** ISO 8601 wall-clock time the request arrived. */
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** 0 when the connection was dropped without an answer. */
  status: number;
  credits: number;
  /** Last 4 characters of the API key, null without one. */
  key: string | null;
  /** Milliseconds of injected latency the mock waited before answering (or dropping); absent when none. */
  delayMs?: number;
}

export interface LogFilter {
  method?: string;
  /** Exact pathname or a pattern. */
  path?: string | RegExp;
  status?: number;
  /** Last 4 characters of the key. */
  key?: string;
}

/** GET /__mock/jobs/:id */
export interface JobInternalState {
  jobId: string;
  keyHint: string;
  query: string;
  limit: number;
  /** Results the job ends with (0 for a query with "no results"). */
  targetResults: number;
  options: Required<Pick<NextJobOptions, 'duplicates' | 'secondsPerResult'>> & { failAfterResults: number | null };
  createdAtJobTime: number;
  cancelledAtJobTime: number | null;
  /** Job-clock time each result appears at, in list order. */
  resultTimes: number[];
  /** List positions holding a repeat, with the position they repeat. */
  duplicatePositions: Array<{ position: number; repeats: number }>;
  status: JobStatus;
  resultsAvailable: number;
}
