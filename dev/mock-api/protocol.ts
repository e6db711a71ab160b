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

/** What a world change round does to a person it picks (`changed` is a new headline). */
export type WorldEditKind = 'new employer' | 'new title' | 'new location' | 'new email' | 'new phone' | 'changed';
export type WorldChangeKind = WorldEditKind | 'profile gone';

/** POST /__mock/world/change: picks the people with hash(seed, slug) < fraction and changes each. */
export interface WorldChangeOptions {
  fraction: number;
  seed: number;
  /** The kinds to draw from (default: every WorldEditKind). */
  kinds?: WorldEditKind[];
  /** Profile URLs or slugs to list among the known people (see WorldPersonChange). */
  people?: string[];
}

/** POST /__mock/world/gone: picks people the same way and removes their profiles. */
export interface WorldGoneOptions {
  fraction: number;
  seed: number;
  people?: string[];
}

export interface WorldRound {
  round: number;
  action: 'change' | 'gone';
  seed: number;
  fraction: number;
  kinds: WorldEditKind[];
  /** World time of the round (ISO 8601): the data's reference instant plus the job clock. */
  at: string;
}

/** Where a field is read: scrape, network (the profile record, also of searches and research), legacy, contacts. */
export type WorldFormat = 'scrape' | 'network' | 'legacy' | 'contacts';

export interface WorldFieldChange {
  format: WorldFormat;
  /** Contacts only: the lookup parameter the values answer (`network_url=…`, `email=…`, `phone=…`). */
  input?: string;
  /** The field's name as the add-on names it: dots, 1-based list positions (`experience.1.company_name`). */
  field: string;
  old: unknown;
  new: unknown;
  kind: WorldChangeKind;
}

export interface WorldPersonChange {
  /** The profile record's `id`. */
  id: string;
  slug: string;
  /** The inputs that reach the person: the profile URL, and emails and phones seen leading to them. */
  inputs: { network_url: string; emails: string[]; phones: string[] };
  /** Kinds of the rounds after `since` that changed the person. */
  kinds: WorldChangeKind[];
  /** World time of the latest of those rounds (ISO 8601). */
  at: string;
  /** The named fields whose value differs now from after round `since`; empty for a gone profile. */
  fields: WorldFieldChange[];
}

/** GET /__mock/world/changes?since=N: the known people changed after round N (0: since the original world). */
export interface WorldChanges {
  rounds: WorldRound[];
  since: number;
  changes: WorldPersonChange[];
}
