// An in-memory stand-in for the server functions the sidebar calls. Jobs advance one step each time they are
// polled, so a test can watch the sidebar follow them. It records every call for assertions.
import type { JobSummary, ResearchRequest, SettingsInput, SettingsView, SidebarServer } from '../../src/core/contract';
import type { Tier } from '../../src/core/api/types';

export const DEFAULT_BASE_URL = 'https://api.enrich.example';
const TOTAL_CHUNKS = 4;

export type FakeCall = { name: string; args: unknown[] };

/** The research and settings functions this stand-in plays. */
type FunctionName =
  | 'getSettings'
  | 'saveSettings'
  | 'startResearch'
  | 'listResearchJobs'
  | 'pollResearch'
  | 'cancelResearch'
  | 'openResearchSheet';

/** What google.script.run may call: the top-level functions, not this class's helpers. */
const CALLABLE: ReadonlySet<string> = new Set<FunctionName>([
  'getSettings',
  'saveSettings',
  'startResearch',
  'listResearchJobs',
  'pollResearch',
  'cancelResearch',
  'openResearchSheet',
]);

export class FakeSidebarServer implements Pick<SidebarServer, FunctionName> {
  readonly calls: FakeCall[] = [];
  activeSheet: string | null = null;
  private apiKey: string | null = null;
  private baseUrl: string | null = null;
  private tier: Tier = 'free';
  private jobs: JobSummary[] = [];
  private clock = Date.parse('2025-06-02T09:00:00Z');

  constructor(seed: { apiKey?: string; jobs?: JobSummary[] } = {}) {
    this.apiKey = seed.apiKey ?? null;
    this.jobs = seed.jobs ?? [];
  }

  /** The bridge's `call`: dispatches by name and keeps a JSON copy of the arguments, as Apps Script passes them. */
  call = (name: string, args: unknown[]): unknown => {
    this.calls.push({ name, args: JSON.parse(JSON.stringify(args)) });
    if (!CALLABLE.has(name)) throw new Error(`Script function not found: ${name}`);
    const fn = (this as unknown as Record<string, (...callArgs: unknown[]) => unknown>)[name];
    return fn.apply(this, args);
  };

  callsOf(name: FunctionName): unknown[][] {
    return this.calls.filter((call) => call.name === name).map((call) => call.args);
  }

  getSettings(): SettingsView {
    return {
      hasKey: this.apiKey !== null,
      keyHint: this.apiKey === null ? null : `lk_…${this.apiKey.slice(-4)}`,
      baseUrl: this.baseUrl ?? DEFAULT_BASE_URL,
      tier: this.tier,
      formulaDailyBudget: null,
    };
  }

  saveSettings(settings: SettingsInput): SettingsView {
    const { apiKey, baseUrl, tier } = settings;
    if (apiKey !== undefined && apiKey !== '' && !/^lk_[A-Za-z0-9_-]{8,}$/.test(apiKey)) {
      throw new Error('An API key starts with "lk_" followed by letters, digits, "-" or "_", with no spaces.');
    }
    if (baseUrl !== undefined && baseUrl !== '' && !baseUrl.startsWith('https://')) {
      throw new Error('The base URL must start with https://.');
    }
    if (apiKey !== undefined) this.apiKey = apiKey === '' ? null : apiKey;
    if (baseUrl !== undefined) this.baseUrl = baseUrl === '' ? null : baseUrl;
    if (tier !== undefined) this.tier = tier;
    return this.getSettings();
  }

  startResearch(request: ResearchRequest): JobSummary {
    if (this.apiKey === null) throw new Error('No API key is set. Add your key in Settings.');
    const createdAt = this.tick();
    const number = this.jobs.length + 1;
    const job = fakeJob({
      jobId: `job-${number}`,
      query: request.query,
      sheetName: `Research ${number}`,
      createdAt,
      updatedAt: createdAt,
    });
    this.jobs.unshift(job);
    return job;
  }

  listResearchJobs(): JobSummary[] {
    return this.jobs;
  }

  pollResearch(jobId?: string): JobSummary[] {
    this.jobs = this.jobs.map((job) => (jobId === undefined || job.jobId === jobId ? this.advance(job) : job));
    return this.jobs;
  }

  cancelResearch(jobId: string): JobSummary {
    return this.update(jobId, (job) => ({ ...job, status: 'cancelled', message: 'Cancelled on request.' }));
  }

  openResearchSheet(jobId: string): void {
    this.activeSheet = this.find(jobId).sheetName;
  }

  /** pending → searching → processing, one chunk a poll → completed. */
  private advance(job: JobSummary): JobSummary {
    if (['completed', 'error', 'cancelled'].includes(job.status)) return job;
    if (job.status === 'pending') {
      return { ...job, status: 'searching', message: 'Searching for matching profiles.', updatedAt: this.tick() };
    }
    const chunksProcessed = job.status === 'searching' ? 1 : job.chunksProcessed + 1;
    const finalResultsCount = 12;
    const done = chunksProcessed >= TOTAL_CHUNKS;
    return {
      ...job,
      status: done ? 'completed' : 'processing',
      message: done ? 'Research complete.' : `Validating profiles (batch ${chunksProcessed} of ${TOTAL_CHUNKS}).`,
      chunksProcessed,
      totalChunks: TOTAL_CHUNKS,
      finalResultsCount,
      rowsWritten: Math.round((finalResultsCount * chunksProcessed) / TOTAL_CHUNKS),
      updatedAt: this.tick(),
    };
  }

  private update(jobId: string, change: (job: JobSummary) => JobSummary): JobSummary {
    const updated = { ...change(this.find(jobId)), updatedAt: this.tick() };
    this.jobs = this.jobs.map((job) => (job.jobId === jobId ? updated : job));
    return updated;
  }

  private find(jobId: string): JobSummary {
    const job = this.jobs.find((candidate) => candidate.jobId === jobId);
    if (job === undefined) throw new Error(`No research job ${jobId} in this spreadsheet.`);
    return job;
  }

  private tick(): string {
    this.clock += 60_000;
    return new Date(this.clock).toISOString();
  }
}

/** A job summary with plausible defaults, for seeding. */
export function fakeJob(fields: Partial<JobSummary> & Pick<JobSummary, 'jobId' | 'query'>): JobSummary {
  return {
    status: 'pending',
    message: 'Queued.',
    sheetName: `Research ${fields.jobId}`,
    rowsWritten: 0,
    finalResultsCount: 0,
    chunksProcessed: 0,
    totalChunks: 0,
    createdAt: '2025-06-02T08:00:00.000Z',
    updatedAt: '2025-06-02T08:00:00.000Z',
    error: null,
    ...fields,
  };
}
