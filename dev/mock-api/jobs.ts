// Deep research jobs on the job clock: pending 5 s -> searching 30 s -> processing (results appear one by one)
// -> completed; or -> error (queries with the word "fail", or failAfterResults) or -> cancelled.

import type { JobStatus, ProfileRecord } from '../../src/core/api/types';
import type { MockClock } from './clock';
import { hasNoResults, personForQuery, Random, type LegacyProfile } from './data';
import type { JobInternalState, NextJobOptions } from './protocol';
import type { FoundPerson, MockWorld } from './world';

export const PENDING_MS = 5_000;
export const SEARCHING_MS = 30_000;
/** Default pace: ~1.5 s of job time per result, squeezed so no job processes longer than 14 minutes. */
const DEFAULT_SECONDS_PER_RESULT = 1.5;
const MAX_PROCESSING_SECONDS = 14 * 60;
const RESULTS_PER_CHUNK = 25;

export const MAX_RESEARCH_LIMIT = 1000;

export interface ResearchJob {
  id: string;
  key: string;
  query: string;
  limit: number;
  targetResults: number;
  createdAtJobTime: number;
  /** Unix seconds (real time plus the clock offset). */
  createdAtUnix: number;
  secondsPerResult: number;
  duplicates: number;
  failAfterResults: number | null;
  /** Job-clock time at which each result of the list appears. */
  resultTimes: number[];
  /** List position -> earlier position it repeats. */
  repeats: Map<number, number>;
  totalFound: number;
  filteredPerResult: number;
  cancelledAtJobTime: number | null;
  /** Pool position of each original result found so far (people gone when it was looked for are passed over). */
  poolPositions: number[];
  profileRecords: ProfileRecord[];
  legacyRecords: LegacyProfile[];
}

export interface JobView {
  status: JobStatus;
  message: string;
  resultsAvailable: number;
  totalResultsFound: number;
  filteredResultsCount: number;
  chunksProcessed: number;
  totalChunks: number;
  error?: string;
}

export const JOB_ERROR_TEXT = 'Search processing error: the profile validation service stopped responding.';

export class ResearchJobs {
  private readonly jobs = new Map<string, ResearchJob>();
  private startedCount = 0;
  private nextJobOptions: NextJobOptions = {};

  constructor(
    private readonly seed: number,
    private readonly clock: MockClock,
    private readonly world: MockWorld,
  ) {}

  reset(): void {
    this.jobs.clear();
    this.startedCount = 0;
    this.nextJobOptions = {};
  }

  setNextJobOptions(options: NextJobOptions): void {
    this.nextJobOptions = options;
  }

  get(id: string): ResearchJob | undefined {
    return this.jobs.get(id);
  }

  delete(id: string): boolean {
    return this.jobs.delete(id);
  }

  start(key: string, query: string, limit: number): ResearchJob {
    const options = this.nextJobOptions;
    this.nextJobOptions = {};
    const id = new Random(this.seed, 'job-id', this.startedCount++).uuid();
    const random = new Random(this.seed, 'job', query, limit);
    const targetResults = hasNoResults(query) ? 0 : limit;
    const createdAtJobTime = this.clock.jobTime();
    const secondsPerResult =
      options.secondsPerResult ??
      Math.min(DEFAULT_SECONDS_PER_RESULT, MAX_PROCESSING_SECONDS / Math.max(1, targetResults));
    const resultTimes: number[] = [];
    let time = createdAtJobTime + PENDING_MS + SEARCHING_MS;
    for (let i = 0; i < targetResults; i++) {
      time += Math.max(1, Math.round(secondsPerResult * 1000 * random.float(0.5, 1.5, 3)));
      resultTimes.push(time);
    }
    const duplicates = Math.min(options.duplicates ?? 0, Math.max(0, targetResults - 1));
    const job: ResearchJob = {
      id,
      key,
      query,
      limit,
      targetResults,
      createdAtJobTime,
      createdAtUnix: Math.floor(this.clock.rateTime() / 1000),
      secondsPerResult,
      duplicates,
      failAfterResults: options.failAfterResults ?? (/\bfail\b/i.test(query) ? Math.floor(targetResults / 2) : null),
      resultTimes,
      repeats: repeatPositions(random, targetResults, duplicates),
      totalFound: targetResults === 0 ? 0 : targetResults * random.int(3, 8) + random.int(0, 50),
      filteredPerResult: random.float(0.5, 2.5),
      cancelledAtJobTime: null,
      poolPositions: [],
      profileRecords: [],
      legacyRecords: [],
    };
    this.jobs.set(id, job);
    return job;
  }

  view(job: ResearchJob): JobView {
    const at = job.cancelledAtJobTime ?? this.clock.jobTime();
    const view = viewAt(job, at);
    if (job.cancelledAtJobTime === null) return view;
    return {
      ...view,
      status: 'cancelled',
      message: `Job cancelled by the user; ${view.resultsAvailable} results were kept.`,
    };
  }

  /** Cancels a running job; answers the finished status instead when it had already finished. */
  cancel(job: ResearchJob): { cancelled: true } | { cancelled: false; status: JobStatus } {
    const { status } = this.view(job);
    if (status === 'completed' || status === 'error' || status === 'cancelled') return { cancelled: false, status };
    job.cancelledAtJobTime = this.clock.jobTime();
    return { cancelled: true };
  }

  /**
   * The person at a list position. Without gone people list position i is pool position i; gone people are passed
   * over, so the list still fills up. Records are made when first read, from the world as it is then.
   */
  private foundAt(job: ResearchJob, position: number): FoundPerson {
    while (job.poolPositions.length <= position) {
      job.poolPositions.push(this.world.presentFrom(job.query, (job.poolPositions.at(-1) ?? -1) + 1));
    }
    return personForQuery(this.seed, job.query, job.poolPositions[position]);
  }

  /** The first `count` entries of the results list; a repeat is the very record it repeats. */
  profileRecordResults(job: ResearchJob, count: number): ProfileRecord[] {
    for (let i = job.profileRecords.length; i < count; i++) {
      const source = job.repeats.get(i);
      if (source !== undefined) {
        job.profileRecords.push(job.profileRecords[source]);
      } else {
        const { person, match } = this.foundAt(job, i);
        job.profileRecords.push(this.world.profileRecord(person, match));
      }
    }
    return job.profileRecords.slice(0, count);
  }

  legacyResults(job: ResearchJob, count: number): LegacyProfile[] {
    for (let i = job.legacyRecords.length; i < count; i++) {
      const source = job.repeats.get(i);
      job.legacyRecords.push(
        source === undefined ? this.world.legacyProfile(this.foundAt(job, i).person) : job.legacyRecords[source],
      );
    }
    return job.legacyRecords.slice(0, count);
  }

  internalState(job: ResearchJob): JobInternalState {
    const view = this.view(job);
    return {
      jobId: job.id,
      keyHint: job.key.slice(-4),
      query: job.query,
      limit: job.limit,
      targetResults: job.targetResults,
      options: {
        duplicates: job.duplicates,
        failAfterResults: job.failAfterResults,
        secondsPerResult: job.secondsPerResult,
      },
      createdAtJobTime: job.createdAtJobTime,
      cancelledAtJobTime: job.cancelledAtJobTime,
      resultTimes: job.resultTimes,
      duplicatePositions: [...job.repeats].map(([position, repeats]) => ({ position, repeats })),
      status: view.status,
      resultsAvailable: view.resultsAvailable,
    };
  }
}

/** `duplicates` positions spread over the list, each repeating a random earlier original. */
function repeatPositions(random: Random, length: number, duplicates: number): Map<number, number> {
  const positions = Array.from({ length: duplicates }, (_, k) => Math.floor(((k + 1) * length) / (duplicates + 1)));
  const repeats = new Map<number, number>();
  for (const position of positions) {
    const originals = Array.from({ length: position }, (_, i) => i).filter((i) => !repeats.has(i));
    repeats.set(position, random.pick(originals));
  }
  return repeats;
}

function viewAt(job: ResearchJob, at: number): JobView {
  const elapsed = at - job.createdAtJobTime;
  const totalChunks = Math.max(1, Math.ceil(job.targetResults / RESULTS_PER_CHUNK));
  const base = {
    totalResultsFound: job.totalFound,
    filteredResultsCount: 0,
    chunksProcessed: 0,
    totalChunks,
    resultsAvailable: 0,
  };
  if (elapsed < PENDING_MS) {
    return { ...base, totalResultsFound: 0, status: 'pending', message: 'Job is queued and waiting to start.' };
  }
  if (elapsed < PENDING_MS + SEARCHING_MS) {
    const found = Math.floor((job.totalFound * (elapsed - PENDING_MS)) / SEARCHING_MS);
    return {
      ...base,
      totalResultsFound: found,
      status: 'searching',
      message: 'Searching the index for matching profiles.',
    };
  }
  const appeared = job.resultTimes.filter((time) => time <= at).length;
  const failAt =
    job.failAfterResults !== null && job.failAfterResults < job.targetResults
      ? job.resultTimes[job.failAfterResults]
      : undefined;
  const failed = failAt !== undefined && at >= failAt;
  const resultsAvailable = failed ? (job.failAfterResults ?? 0) : appeared;
  const progress = {
    ...base,
    resultsAvailable,
    // Our reading of "number of filtered results": candidates rejected by validation so far.
    filteredResultsCount: Math.round(resultsAvailable * job.filteredPerResult),
    chunksProcessed:
      job.targetResults === 0 ? totalChunks : Math.floor((resultsAvailable / job.targetResults) * totalChunks),
  };
  if (failed) {
    return {
      ...progress,
      status: 'error',
      message: 'Research failed while validating profiles.',
      error: JOB_ERROR_TEXT,
    };
  }
  if (resultsAvailable >= job.targetResults) {
    return { ...progress, status: 'completed', message: `Research complete: ${resultsAvailable} validated profiles.` };
  }
  return {
    ...progress,
    status: 'processing',
    message: `Validating profiles: ${resultsAvailable} of ${job.targetResults} found so far.`,
  };
}
