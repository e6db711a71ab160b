// An in-memory stand-in for every server function the sidebar calls (the whole SidebarServer contract). Research
// jobs advance one step each time they are polled, enrichment runs one chunk each time they are continued, so a test
// can watch the sidebar follow them. A refresh of a finished run fetches its due rows again (row i of a run was
// checked 10·(i+1) days ago) and changes every third one; its changes are logged for listChanges. It records every
// call, and can be told to fail a call with a sentence.
import type { Tier } from '../../src/core/api/types';
import type {
  ChangeEntry,
  ChangeKind,
  ConsentView,
  ConvertResult,
  EnrichmentPreview,
  EnrichmentRequest,
  EnrichOperation,
  FieldChoices,
  JobSummary,
  RefreshSchedule,
  ResearchRequest,
  RunSummary,
  SelectionInfo,
  SettingsInput,
  SettingsView,
  SidebarServer,
  UsageView,
} from '../../src/core/contract';
import { JOB_CHANGES_FIELDS } from '../../src/core/refresh/job-changes';
import { MISSING_PERMISSION_SENTENCES } from '../../src/core/scopes';

const BACKGROUND_OFF = MISSING_PERMISSION_SENTENCES.scriptApp;

export const DEFAULT_BASE_URL = 'https://api.enrich.example';
const TOTAL_CHUNKS = 4;
const CREDITS_EACH: Record<EnrichOperation, number> = { scrape: 2, profile: 1, contacts: 1 };

export type FakeCall = { name: string; args: unknown[] };
type FunctionName = keyof SidebarServer;

/** What google.script.run may call: the contract's functions, not this class's helpers. */
const CALLABLE: ReadonlySet<string> = new Set<FunctionName>([
  'getSettings',
  'saveSettings',
  'getUsage',
  'getConsent',
  'allowBackgroundWork',
  'startResearch',
  'listResearchJobs',
  'pollResearch',
  'cancelResearch',
  'openResearchSheet',
  'getSelectionInfo',
  'enrichmentFields',
  'previewEnrichment',
  'startEnrichment',
  'continueEnrichment',
  'listEnrichments',
  'pauseEnrichment',
  'resumeEnrichment',
  'cancelEnrichment',
  'retryFailedEnrichment',
  'listChanges',
  'scheduleRefresh',
  'selectChange',
  'convertToValues',
]);

/** The kinds a fake refresh gives its changed rows, in turn. */
const FAKE_CHANGE_KINDS: readonly ChangeKind[] = ['new employer', 'new title', 'new location'];
const DAY_MS = 86_400_000;

/** As the server lists them: a profile run offers the Job changes preset, the others none. */
export const FIELD_CHOICES: Record<EnrichOperation, FieldChoices> = {
  scrape: {
    defaults: ['name', 'headline', 'location', 'experience.1.employer_name'],
    fields: ['name', 'headline', 'location', 'summary', 'experience.1.employer_name', 'experience.1.title'],
    presets: [],
  },
  profile: {
    defaults: ['full_name', 'headline', 'network_url'],
    fields: [
      'full_name',
      'headline',
      'network_url',
      'location_full',
      'skills',
      'experience.1.company_name',
      ...JOB_CHANGES_FIELDS,
    ],
    presets: [{ name: 'Job changes', fields: [...JOB_CHANGES_FIELDS] }],
  },
  contacts: {
    defaults: ['email', 'phone'],
    fields: ['email', 'email_type', 'email_rating', 'phone', 'phone_type', 'emails', 'phones', 'li'],
    presets: [],
  },
};

export interface FakeSeed {
  apiKey?: string;
  jobs?: JobSummary[];
  runs?: RunSummary[];
  selection?: SelectionInfo | null;
  usage?: UsageView;
  formulaDailyBudget?: number | null;
  /** Logged changes, in the order appended. */
  changes?: ChangeEntry[];
  /** False: the user did not allow background work (granular consent). */
  backgroundAllowed?: boolean;
}

export class FakeSidebarServer implements SidebarServer {
  readonly calls: FakeCall[] = [];
  activeSheet: string | null = null;
  /** The selection getSelectionInfo answers; null: nothing usable is selected. */
  selection: SelectionInfo | null;
  usage: UsageView;
  fieldChoices: Record<EnrichOperation, FieldChoices> = FIELD_CHOICES;
  /** Saving a key returns this warning with the settings (a key stored but not fully verified). */
  keyWarning: string | undefined;
  /** Rows a continue call does; the first chunk of a run fails one row (an ERROR: status to retry). */
  rowsPerContinue = 3;
  /** Continue calls move no run past this many rows done (they answer unchanged), so a test can act mid-run. */
  holdAt: number | undefined;
  /** A continue call that reaches this many rows done pauses the run as the API's 402 would. */
  outOfCreditsAt: number | undefined;
  /** cancelResearch answers without cancelling, as when the document lock was busy. */
  cancelNotApplied = false;
  /** Whether background work is allowed; allowBackgroundWork grants it when `grantOnPrompt` (the user said yes). */
  backgroundAllowed: boolean;
  grantOnPrompt = true;
  private readonly failures = new Map<string, string>();
  private apiKey: string | null;
  private baseUrl: string | null = null;
  private tier: Tier = 'free';
  private budget: number | null;
  private jobs: JobSummary[];
  private runs: RunSummary[];
  private clock = Date.parse('2025-06-02T09:00:00Z');
  private changes: ChangeEntry[];
  /** Rows each refresh under way fetches again, by run. */
  private readonly refreshing = new Map<string, number>();
  /** What each selectChange call selected, as "sheet!field, row N". */
  readonly selectedCells: string[] = [];

  constructor(seed: FakeSeed = {}) {
    this.apiKey = seed.apiKey ?? null;
    this.jobs = seed.jobs ?? [];
    this.runs = seed.runs ?? [];
    this.budget = seed.formulaDailyBudget ?? null;
    this.usage = seed.usage ?? fakeUsage();
    this.selection = seed.selection === undefined ? fakeSelection() : seed.selection;
    this.changes = seed.changes ?? [];
    this.backgroundAllowed = seed.backgroundAllowed ?? true;
  }

  /** The bridge's `call`: dispatches by name and keeps a JSON copy of the arguments, as Apps Script passes them. */
  call = (name: string, args: unknown[]): unknown => {
    this.calls.push({ name, args: JSON.parse(JSON.stringify(args)) });
    if (!CALLABLE.has(name)) throw new Error(`Script function not found: ${name}`);
    const failure = this.failures.get(name);
    if (failure !== undefined) {
      this.failures.delete(name);
      throw new Error(failure);
    }
    const fn = (this as unknown as Record<string, (...callArgs: unknown[]) => unknown>)[name];
    // Through JSON both ways, as google.script.run passes values.
    return JSON.parse(JSON.stringify(fn.apply(this, args) ?? null));
  };

  /** The next call of `name` throws `message`. */
  failNext(name: FunctionName, message: string): void {
    this.failures.set(name, message);
  }

  callsOf(name: FunctionName): unknown[][] {
    return this.calls.filter((call) => call.name === name).map((call) => call.args);
  }

  // ---------- Settings and usage ----------

  getSettings(): SettingsView {
    return {
      hasKey: this.apiKey !== null,
      keyHint: this.apiKey === null ? null : `lk_…${this.apiKey.slice(-4)}`,
      baseUrl: this.baseUrl ?? DEFAULT_BASE_URL,
      tier: this.tier,
      formulaDailyBudget: this.budget,
    };
  }

  saveSettings(settings: SettingsInput): SettingsView {
    const { apiKey, baseUrl, tier, formulaDailyBudget } = settings;
    if (apiKey !== undefined && apiKey !== '' && !/^lk_[A-Za-z0-9_-]{8,}$/.test(apiKey)) {
      throw new Error('An API key starts with "lk_" followed by letters, digits, "-" or "_", with no spaces.');
    }
    if (apiKey?.endsWith('_revoked'))
      throw new Error('The service rejected this API key (401); check it and try again.');
    if (baseUrl !== undefined && baseUrl !== '' && !baseUrl.startsWith('https://')) {
      throw new Error('The base URL must start with https://.');
    }
    const budgetOk = (n: unknown) => n === null || (Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 1e6);
    if (formulaDailyBudget !== undefined && !budgetOk(formulaDailyBudget)) {
      throw new Error('The formula daily budget must be a whole number from 0 to 1,000,000.');
    }
    if (apiKey !== undefined) this.apiKey = apiKey === '' ? null : apiKey;
    if (baseUrl !== undefined) this.baseUrl = baseUrl === '' ? null : baseUrl;
    if (tier !== undefined) this.tier = tier;
    if (formulaDailyBudget !== undefined) this.budget = formulaDailyBudget;
    const warning = apiKey ? this.keyWarning : undefined;
    return warning === undefined ? this.getSettings() : { ...this.getSettings(), warning };
  }

  /** The caller owns the fake's spreadsheet: the budget is theirs, as Settings last saved it. */
  getUsage(): UsageView {
    return { ...this.usage, formulaBudget: this.budget };
  }

  getConsent(): ConsentView {
    return { backgroundOff: this.backgroundAllowed ? null : BACKGROUND_OFF };
  }

  /** As Google does: the prompt ends the call, after which the user may have allowed it. */
  allowBackgroundWork(): void {
    if (this.backgroundAllowed) return;
    this.backgroundAllowed = this.grantOnPrompt;
    throw new Error('Authorization is required to perform that action.');
  }

  // ---------- Research ----------

  startResearch(request: ResearchRequest): JobSummary {
    this.requireKey();
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

  pollResearch(jobId?: string | null): JobSummary[] {
    this.requireKey();
    const polled = (job: JobSummary) => jobId === undefined || jobId === null || job.jobId === jobId;
    this.jobs = this.jobs.map((job) => (polled(job) ? this.advance(job) : job));
    return this.jobs;
  }

  cancelResearch(jobId: string): JobSummary {
    this.requireKey();
    if (this.cancelNotApplied) {
      return this.updateJob(jobId, (job) => ({ ...job, error: 'Another check was writing this job; try again.' }));
    }
    return this.updateJob(jobId, (job) => ({ ...job, status: 'cancelled', message: 'Cancelled on request.' }));
  }

  openResearchSheet(jobId: string): void {
    this.activeSheet = this.findJob(jobId).sheetName;
  }

  /** Sets a job as the server holds it, as if it moved in the background. */
  setJob(job: JobSummary): void {
    this.jobs = this.jobs.map((held) => (held.jobId === job.jobId ? job : held));
  }

  /** pending → searching → processing, one chunk (3 of 12 rows) a poll → completed. */
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

  private updateJob(jobId: string, change: (job: JobSummary) => JobSummary): JobSummary {
    const updated = { ...change(this.findJob(jobId)), updatedAt: this.tick() };
    this.jobs = this.jobs.map((job) => (job.jobId === jobId ? updated : job));
    return updated;
  }

  private findJob(jobId: string): JobSummary {
    const job = this.jobs.find((candidate) => candidate.jobId === jobId);
    if (job === undefined) throw new Error(`No research job ${jobId} in this spreadsheet.`);
    return job;
  }

  // ---------- Enrichment ----------

  getSelectionInfo(): SelectionInfo {
    if (this.selection === null) throw new Error('Select one column of inputs (a header may be its first cell).');
    return this.selection;
  }

  enrichmentFields(operation: EnrichOperation): FieldChoices {
    return this.fieldChoices[operation];
  }

  /** True: the selection's rows are all done by the operation already, so a preview has nothing to fetch. */
  columnDone = false;

  previewEnrichment(request: EnrichmentRequest): EnrichmentPreview {
    const fields = this.checkFields(request);
    if (request.refresh !== undefined) return this.previewRefresh(request, fields);
    const rows = this.getSelectionInfo().rows;
    const [blank, invalid, duplicates] = [1, 2, 1];
    const cached = this.columnDone ? 0 : 1;
    const left = Math.max(0, rows - blank - invalid - duplicates - cached);
    const [alreadyDone, toFetch] = this.columnDone ? [left, 0] : [0, left];
    return {
      rows,
      blank,
      invalid,
      duplicates,
      cached,
      alreadyDone,
      toFetch,
      credits: toFetch * CREDITS_EACH[request.operation],
      estimatedSeconds: toFetch * 12,
      columns: [...fields, `sheet-enrich ${request.operation} status`, `sheet-enrich ${request.operation} checked`],
      outputA1: outputA1(request.inputA1, fields.length + 2),
      invalidSamples: [
        { row: 4, value: 'not a url', reason: `"not a url" ${NOT_PROFILE_URL}` },
        { row: 9, value: 'www.example.com/page', reason: `"www.example.com/page" ${NOT_PROFILE_URL}` },
      ],
    };
  }

  startEnrichment(request: EnrichmentRequest): RunSummary {
    this.requireKey();
    const preview = this.previewEnrichment(request);
    if (request.refresh !== undefined) return this.startRefresh(request, preview);
    const createdAt = this.tick();
    const run = fakeRun({
      runId: `run-${this.runs.length + 1}`,
      sheetName: request.sheetName,
      inputA1: request.inputA1,
      operation: request.operation,
      fields: this.checkFields(request),
      total: preview.toFetch,
      creditsEstimated: preview.credits,
      etaSeconds: preview.estimatedSeconds,
      createdAt,
      updatedAt: createdAt,
    });
    this.runs.unshift(run);
    return run;
  }

  continueEnrichment(runId?: string | null): RunSummary[] {
    this.requireKey();
    const chosen = (run: RunSummary) => (runId === undefined || runId === null ? true : run.runId === runId);
    this.runs = this.runs.map((run) => (chosen(run) && run.status === 'running' ? this.work(run) : run));
    return this.runs.filter(chosen);
  }

  listEnrichments(): RunSummary[] {
    return this.runs;
  }

  pauseEnrichment(runId: string): RunSummary {
    return this.updateRun(runId, (run) => ({ ...run, status: 'paused', message: 'Paused.', etaSeconds: null }));
  }

  resumeEnrichment(runId: string): RunSummary {
    this.requireKey();
    return this.updateRun(runId, (run) => ({ ...run, status: 'running', message: 'Running.', error: null }));
  }

  cancelEnrichment(runId: string): RunSummary {
    return this.updateRun(runId, (run) => ({ ...run, status: 'cancelled', message: 'Cancelled.', etaSeconds: null }));
  }

  retryFailedEnrichment(runId: string): RunSummary {
    this.requireKey();
    return this.updateRun(runId, (run) => ({
      ...run,
      status: 'running',
      done: run.done - run.failed,
      failed: 0,
      error: null,
      message: 'Retrying failed rows.',
    }));
  }

  listChanges(runId?: string | null, limit?: number | null): ChangeEntry[] {
    const chosen = this.changes.filter((change) => !runId || change.runId === runId);
    const newestFirst = [...chosen].reverse().sort((a, b) => Date.parse(b.detectedAt) - Date.parse(a.detectedAt));
    return newestFirst.slice(0, Math.min(limit ?? 100, 1_000));
  }

  scheduleRefresh(runId: string, schedule: RefreshSchedule | null): RunSummary {
    if (schedule !== null) checkSchedule(schedule);
    return this.updateRun(runId, (run) => ({
      ...run,
      schedule:
        schedule === null
          ? null
          : {
              ...schedule,
              nextAt: new Date(this.clock + (schedule.every === 'week' ? 7 : 30) * DAY_MS).toISOString(),
              lastOutcome: run.schedule?.lastOutcome ?? null,
            },
    }));
  }

  selectChange(change: ChangeEntry): void {
    if (!this.runs.some((run) => run.runId === change.runId)) {
      throw new Error('The run of this change is no longer in this spreadsheet.');
    }
    this.activeSheet = change.sheetName;
    this.selectedCells.push(`${change.sheetName}!${change.field}, row ${change.row}`);
  }

  /** Sets the changes held, as if a refresh elsewhere logged them. */
  setChanges(changes: ChangeEntry[]): void {
    this.changes = changes;
  }

  convertToValues(): ConvertResult {
    return { cells: 0, errors: 0, loading: 0 };
  }

  /** One chunk: a few rows done (the first chunk fails one), credits spent, the time left; 402 where set. */
  private work(run: RunSummary): RunSummary {
    if (this.outOfCreditsAt !== undefined && run.done >= this.outOfCreditsAt) {
      const error = 'Out of credits (402): top up your plan, then resume.';
      return { ...run, status: 'paused', error, message: 'Paused.', etaSeconds: null, updatedAt: this.tick() };
    }
    const rows = Math.min(this.rowsPerContinue, run.total - run.done, (this.holdAt ?? Infinity) - run.done);
    if (rows <= 0) return run;
    const failed = run.done === 0 && rows > 0 ? 1 : 0;
    const done = run.done + rows;
    const each = run.total === 0 ? 0 : run.creditsEstimated / run.total;
    const finished = done >= run.total;
    const refreshed = finished ? this.finishRefresh(run) : {};
    return {
      ...run,
      ...refreshed,
      done,
      ok: run.ok + rows - failed,
      failed: run.failed + failed,
      creditsSpent: run.creditsSpent + (rows - failed) * each,
      status: finished ? 'completed' : 'running',
      message: finished ? 'Done.' : 'Running.',
      etaSeconds: finished ? null : (run.total - done) * 12,
      updatedAt: this.tick(),
    };
  }

  /** The finished run's done rows (those the seed ages make older than the days asked) and their price. */
  private previewRefresh(request: EnrichmentRequest, fields: string[]): EnrichmentPreview {
    const run = this.runOf(request);
    const days = request.refresh?.olderThanDays ?? 0;
    const doneRows = run.ok + run.notFound;
    const rows =
      days === 0
        ? doneRows
        : Array.from({ length: doneRows }, (_, i) => 10 * (i + 1)).filter((age) => age > days).length;
    const full = rows * CREDITS_EACH[request.operation];
    const economy: [number, number] | undefined = request.refresh?.economy ? [rows, rows + full] : undefined;
    const credits = economy?.[1] ?? full;
    return {
      rows: run.total,
      blank: 0,
      invalid: 0,
      duplicates: 0,
      cached: 0,
      alreadyDone: run.total - rows,
      toFetch: rows,
      credits,
      estimatedSeconds: rows * 12,
      columns: [...fields, `sheet-enrich ${request.operation} status`, `sheet-enrich ${request.operation} checked`],
      outputA1: outputA1(request.inputA1, fields.length + 2),
      refresh: { rows, credits, ...(economy && { economyCredits: economy }) },
      invalidSamples: [],
    };
  }

  /** A refresh takes the finished run's card back to running, with its due rows to do again. */
  private startRefresh(request: EnrichmentRequest, preview: EnrichmentPreview): RunSummary {
    const run = this.runOf(request);
    if (!['completed', 'cancelled', 'error'].includes(run.status)) throw new Error('This run is still under way.');
    const rows = preview.refresh?.rows ?? 0;
    this.refreshing.set(run.runId, rows);
    return this.updateRun(run.runId, (held) => ({
      ...held,
      status: 'running',
      message: 'Refreshing.',
      done: held.total - rows,
      ok: held.ok - Math.min(rows, held.ok),
      creditsEstimated: held.creditsSpent + preview.credits,
      error: null,
    }));
  }

  /** At the end of a refresh: the rows it refreshed and every third one changed, logged as changes. */
  private finishRefresh(run: RunSummary): Partial<RunSummary> {
    const rows = this.refreshing.get(run.runId);
    if (rows === undefined) return {};
    this.refreshing.delete(run.runId);
    const detectedAt = new Date(this.clock).toISOString();
    const changed: ChangeEntry[] = Array.from({ length: Math.ceil(rows / 3) }, (_, i) => ({
      detectedAt,
      sheetName: run.sheetName,
      row: 2 + i * 3,
      input: `https://www.network.com/in/person-${i + 1}/`,
      field: run.fields[i % run.fields.length] ?? 'name',
      old: `Old value ${i + 1}`,
      new: `New value ${i + 1}`,
      change: FAKE_CHANGE_KINDS[i % FAKE_CHANGE_KINDS.length],
      runId: run.runId,
    }));
    this.changes.push(...changed);
    const changesByKind: Partial<Record<ChangeKind, number>> = {};
    for (const { change } of changed) changesByKind[change] = (changesByKind[change] ?? 0) + 1;
    return { refreshed: rows, changes: changed.length, changesByKind };
  }

  /** The latest finished run over the request's rows (the one a refresh takes up again), else the latest one. */
  private runOf(request: EnrichmentRequest): RunSummary {
    const over = this.runs.filter(
      (held) =>
        held.sheetName === request.sheetName &&
        held.inputA1 === request.inputA1 &&
        held.operation === request.operation,
    );
    const run = over.find((held) => ['completed', 'cancelled', 'error'].includes(held.status)) ?? over[0];
    if (run === undefined) throw new Error('No run of these rows to refresh: enrich them first.');
    return run;
  }

  private updateRun(runId: string, change: (run: RunSummary) => RunSummary): RunSummary {
    const held = this.runs.find((candidate) => candidate.runId === runId);
    if (held === undefined) throw new Error(`No enrichment run ${runId} in this spreadsheet.`);
    const updated = { ...change(held), updatedAt: this.tick() };
    this.runs = this.runs.map((run) => (run.runId === runId ? updated : run));
    return updated;
  }

  /** Unknown names are refused with the close valid ones, as the server does. */
  private checkFields(request: EnrichmentRequest): string[] {
    const choices = this.fieldChoices[request.operation];
    const asked = typeof request.fields === 'string' ? request.fields.split(/[,;]/) : (request.fields ?? []);
    const names = asked.map((name) => name.trim()).filter((name) => name !== '');
    const unknown = names.find((name) => !choices.fields.includes(name));
    if (unknown !== undefined) {
      const close = choices.fields.filter((name) => name[0] === unknown[0]).slice(0, 3);
      throw new Error(`Unknown field "${unknown}". Close valid names: ${close.join(', ')}.`);
    }
    return names.length > 0 ? names : choices.defaults;
  }

  private requireKey(): void {
    if (this.apiKey === null) throw new Error('No API key is set. Add your key in Settings.');
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

/** A run summary with plausible defaults, for seeding. */
export function fakeRun(fields: Partial<RunSummary> & Pick<RunSummary, 'runId'>): RunSummary {
  return {
    fields: FIELD_CHOICES[fields.operation ?? 'scrape'].defaults,
    refreshed: 0,
    changes: 0,
    changesByKind: {},
    schedule: null,
    sheetName: 'Leads',
    inputA1: 'A1:A21',
    operation: 'scrape',
    status: 'running',
    total: 15,
    done: 0,
    ok: 0,
    notFound: 0,
    failed: 0,
    invalid: 0,
    creditsEstimated: 30,
    creditsSpent: 0,
    etaSeconds: 180,
    message: 'Running.',
    error: null,
    createdAt: '2025-06-02T08:00:00.000Z',
    updatedAt: '2025-06-02T08:00:00.000Z',
    ...fields,
  };
}

/** A logged change with plausible defaults, for seeding. */
export function fakeChange(fields: Partial<ChangeEntry> = {}): ChangeEntry {
  return {
    detectedAt: '2025-06-01T09:00:00.000Z',
    sheetName: 'Leads',
    row: 2,
    input: 'https://www.network.com/in/anna-schmidt-1a2b3c4/',
    field: 'experience.1.employer_name',
    old: 'Acme GmbH',
    new: 'Beta AG',
    change: 'new employer',
    runId: 'run-1',
    ...fields,
  };
}

/** The sheet range a run writes: `columns` columns right of the input column, over the same rows. */
function outputA1(inputA1: string, columns: number): string {
  const match = /^([A-Z]+)(\d+)(?::[A-Z]+(\d+))?$/i.exec(inputA1);
  if (match === null) return '';
  const first = match[1].toUpperCase().charCodeAt(0) - 64;
  const letter = (n: number) => String.fromCharCode(64 + Math.min(n, 26));
  return `${letter(first + 1)}${match[2]}:${letter(first + columns)}${match[3] ?? match[2]}`;
}

/** Refuses a schedule the server would refuse, with its kind of sentence. */
function checkSchedule(schedule: RefreshSchedule): void {
  if (schedule.every !== 'week' && schedule.every !== 'month')
    throw new Error('Refresh every "week" or every "month".');
  if (!Number.isSafeInteger(schedule.olderThanDays) || schedule.olderThanDays < 0) {
    throw new Error('Give the days as a whole number, 0 or more.');
  }
  if (!Number.isSafeInteger(schedule.maxCredits) || schedule.maxCredits < 1) {
    throw new Error('Cap each refresh at a whole number of credits, 1 or more.');
  }
}

/** As src/core/input.ts says it after the quoted value. */
const NOT_PROFILE_URL = 'is not a profile URL (expected https://www.network.com/in/<name>).';

export function fakeSelection(fields: Partial<SelectionInfo> = {}): SelectionInfo {
  return {
    sheetName: 'Leads',
    inputA1: 'A1:A21',
    rows: 20,
    headerRow: 1,
    header: 'Profile URL',
    kind: 'profile_url',
    kinds: ['profile_url'],
    sample: [
      'https://www.network.com/in/anna-schmidt-1a2b3c4/',
      'https://www.network.com/in/ben-okafor-5d6e7f8/',
      'not a url',
    ],
    ...fields,
  };
}

export function fakeUsage(fields: Partial<UsageView> = {}): UsageView {
  return {
    day: '2025-06-02',
    month: '2025-06',
    formulas: { today: 12, month: 340 },
    mine: { today: 30, month: 1_250 },
    formulaBudget: null,
    ...fields,
  };
}
