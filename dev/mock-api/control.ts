// Typed client of the mock's /__mock/ control endpoints, for tests and benchmarks.

import type { Tier } from '../../src/core/api/types';
import type {
  ClockState,
  JobInternalState,
  LogFilter,
  MockFault,
  MockKey,
  MockLogEntry,
  NextJobOptions,
  WorldChangeOptions,
  WorldChanges,
  WorldGoneOptions,
} from './protocol';

export type {
  ClockState,
  JobClockMode,
  JobInternalState,
  LogFilter,
  MockFault,
  MockKey,
  MockLogEntry,
  NextJobOptions,
  WorldChangeKind,
  WorldChangeOptions,
  WorldChanges,
  WorldEditKind,
  WorldFieldChange,
  WorldFormat,
  WorldGoneOptions,
  WorldPersonChange,
  WorldRound,
} from './protocol';

export function matchesLogFilter(entry: MockLogEntry, filter: LogFilter = {}): boolean {
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.key !== undefined && entry.key !== filter.key) return false;
  if (typeof filter.path === 'string' && entry.path !== filter.path) return false;
  if (filter.path instanceof RegExp && !filter.path.test(entry.path)) return false;
  return true;
}

export class MockControl {
  constructor(readonly baseUrl: string) {}

  private async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/__mock/${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Mock control ${method} /__mock/${path} failed with ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** Forgets key usage, jobs, faults, log, world changes and clock offset; restores the start-up keys. */
  async reset(): Promise<void> {
    await this.call('POST', 'reset');
  }

  /** Creates or replaces a key. */
  async setKey(key: MockKey): Promise<void> {
    await this.call('POST', 'keys', key);
  }

  getKey(key: string): Promise<{ credits: number; tier: Tier }> {
    return this.call('GET', `keys/${encodeURIComponent(key)}`);
  }

  async addFaults(faults: MockFault[]): Promise<void> {
    await this.call('POST', 'faults', { faults });
  }

  async clearFaults(): Promise<void> {
    await this.call('DELETE', 'faults');
  }

  /** The faults still queued, each with the count it has left (a latency fault without count stays). */
  async pendingFaults(): Promise<MockFault[]> {
    return (await this.call<{ faults: MockFault[] }>('GET', 'faults')).faults;
  }

  /** Moves the job clock (and rate-limit windows) forward. */
  advanceClock(ms: number): Promise<ClockState> {
    return this.call('POST', 'clock/advance', { ms });
  }

  clock(): Promise<ClockState> {
    return this.call('GET', 'clock');
  }

  /** Options for the next research job started. */
  async nextJob(options: NextJobOptions): Promise<void> {
    await this.call('POST', 'next-job', options);
  }

  job(jobId: string): Promise<JobInternalState> {
    return this.call('GET', `jobs/${encodeURIComponent(jobId)}`);
  }

  /**
   * Moves the job clock to the moment the job's n-th result (counting from 1) appears, so that exactly n results
   * exist. A clock already past that moment is left alone. Answers the clock.
   */
  async advanceToResult(jobId: string, n: number): Promise<ClockState> {
    const [job, clock] = await Promise.all([this.job(jobId), this.clock()]);
    const target = job.resultTimes[n - 1];
    if (target === undefined) {
      throw new Error(`Job ${jobId} ends with ${job.resultTimes.length} results, so it has no result ${n}.`);
    }
    return target > clock.jobTime ? this.advanceClock(target - clock.jobTime) : clock;
  }

  /** Deletes a job, so later reads of it answer 404. */
  async deleteJob(jobId: string): Promise<void> {
    await this.call('DELETE', `jobs/${encodeURIComponent(jobId)}`);
  }

  /** Changes the people with hash(seed, slug) < fraction; answers the changes among the known people. */
  changeWorld(options: WorldChangeOptions): Promise<WorldChanges> {
    return this.call('POST', 'world/change', options);
  }

  /** Removes the profiles of the people with hash(seed, slug) < fraction. */
  removePeople(options: WorldGoneOptions): Promise<WorldChanges> {
    return this.call('POST', 'world/gone', options);
  }

  /** The known people changed after round `since` (0: since the original world). */
  worldChanges(since = 0): Promise<WorldChanges> {
    return this.call('GET', `world/changes?since=${since}`);
  }

  /** Adds people (profile URLs or slugs) to those the change list covers. */
  async knowPeople(people: string[]): Promise<void> {
    await this.call('POST', 'world/people', { people });
  }

  /** Restores the original world (keys, jobs and the rest stay). */
  async resetWorld(): Promise<void> {
    await this.call('POST', 'world/reset');
  }

  log(): Promise<MockLogEntry[]> {
    return this.call('GET', 'log');
  }

  async clearLog(): Promise<void> {
    await this.call('DELETE', 'log');
  }

  async requests(filter?: LogFilter): Promise<MockLogEntry[]> {
    return (await this.log()).filter((entry) => matchesLogFilter(entry, filter));
  }

  async creditsCharged(filter?: LogFilter): Promise<number> {
    return (await this.requests(filter)).reduce((sum, entry) => sum + entry.credits, 0);
  }
}
