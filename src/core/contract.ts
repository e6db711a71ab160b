// Everything the sidebar and the server share: the functions the sidebar calls through google.script.run, the
// plain JSON values they take and return (times are ISO 8601 strings, never Date), and the limits both sides apply.
// docs/architecture.md says how to add a function; src/Code.ts exposes each (test/build/entry-contract.test.ts
// checks none is missing).
import { CREDIT_COSTS } from './api/credits';
import type { JobStatus, Tier } from './api/types';

/** The panels of the sidebar; the menu opens it on one of them. */
export type SidebarPanel = 'settings' | 'research' | 'enrich';

export interface SettingsView {
  hasKey: boolean;
  /** Such as "lk_…9f2c"; null when no key is set. Never the key itself. */
  keyHint: string | null;
  baseUrl: string;
  tier: Tier;
  /** The most this user's documents' formulas may spend per day (UTC); null when there is no limit. */
  formulaDailyBudget: number | null;
  /** From saveSettings only: the new key was saved but could not be checked (such as the service unreachable). */
  warning?: string;
}

/** The highest daily formula budget an owner can set, in credits. */
export const MAX_FORMULA_DAILY_BUDGET = 1_000_000;

export interface SettingsInput {
  apiKey?: string;
  baseUrl?: string;
  tier?: Tier;
  /** A whole number from 0 to MAX_FORMULA_DAILY_BUDGET; null removes the limit. */
  formulaDailyBudget?: number | null;
}

/** Credits spent, from the add-on's own ledger, by day and month (UTC). */
export interface UsageView {
  /** YYYY-MM-DD */
  day: string;
  /** YYYY-MM */
  month: string;
  /** By this document's formulas (they bill the owner's key). */
  formulas: { today: number; month: number };
  /** By the caller's own sidebar work in this document: enrichment runs and research jobs. */
  mine: { today: number; month: number };
  /**
   * The owner's daily formula budget the formulas spend under (null: no limit): the caller's current one when the
   * caller owns the spreadsheet, else the owner's as the formulas last met it.
   */
  formulaBudget: number | null;
}

/** Column sets a research results sheet can have. */
export type ResearchColumns = 'essentials' | 'all';

export interface ResearchRequest {
  query: string;
  limit?: number;
  columns?: ResearchColumns;
}

export interface JobSummary {
  jobId: string;
  query: string;
  status: JobStatus;
  message: string;
  sheetName: string;
  rowsWritten: number;
  finalResultsCount: number;
  chunksProcessed: number;
  totalChunks: number;
  createdAt: string;
  updatedAt: string;
  /** Null unless the job failed or the last poll by this user hit a failure (such as 403 for another key's job). */
  error: string | null;
  /**
   * False when someone else started it (present only then, so a summary of one's own work has exactly the fields
   * above). The open sidebar keeps only the caller's own work moving.
   */
  mine?: false;
}

/**
 * What an enrichment run asks of the API: a profile scrape, a profile record, or a contact lookup. These ids are
 * public (stored in runs, sent by the sidebar). Inside, an operation goes by its API name (OperationName, FETCH_SPECS,
 * CREDIT_COSTS, record types): 'profile' is profileRecord there, and what serves a formula keeps the formula's name
 * (ENRICH_PROFILE, enrichProfileLookup).
 */
export type EnrichOperation = 'scrape' | 'profile' | 'contacts';

export interface EnrichOperationInfo {
  /** As the Enrich panel names it. */
  label: string;
  /** What one column of its inputs holds. */
  inputs: string;
  /** Credits one fetched row costs: the price of the API operation it calls. */
  creditsEach: number;
}

/** The one table of enrichment operations, for the sidebar's choices and the server's messages alike. */
export const ENRICH_OPERATIONS: { readonly [O in EnrichOperation]: EnrichOperationInfo } = {
  scrape: { label: 'Profile scrape', inputs: 'profile URLs', creditsEach: CREDIT_COSTS.scrape.perRequest },
  profile: { label: 'Profile record', inputs: 'profile URLs', creditsEach: CREDIT_COSTS.profileRecord.perRequest },
  contacts: {
    label: 'Contacts',
    inputs: 'profile URLs, emails or phone numbers',
    creditsEach: CREDIT_COSTS.contacts.perRequest,
  },
};

/** What a column of inputs holds, judged from its non-blank cells. */
/** What one valid input cell is. */
export type LookupKind = 'profile_url' | 'email' | 'phone';
export type InputKind = LookupKind | 'mixed' | 'unknown';

/** The active selection as the Enrich panel shows it. */
export interface SelectionInfo {
  sheetName: string;
  /** As selected, such as "A2:A501". */
  inputA1: string;
  /** Input rows below the header. */
  rows: number;
  /** 1-based; null when the selection has no header row. */
  headerRow: number | null;
  header: string | null;
  kind: InputKind;
  /** Every kind of valid input the column holds, in the order of LookupKind (several when `kind` is mixed). */
  kinds: LookupKind[];
  /** Up to 3 input values, as text. */
  sample: string[];
}

export interface EnrichmentRequest {
  sheetName: string;
  /** One column, such as "A2:A501"; its first cell may be a header. */
  inputA1: string;
  operation: EnrichOperation;
  /** Field names as the formulas take them (a comma-separated string is accepted too); default: the formula's. */
  fields?: string[] | string;
  /** When false (the default), a cell that already holds a value is never written. */
  overwrite?: boolean;
  /** A column letter where missing output columns start; default: just after the run's rows' last used column. */
  outputColumn?: string;
  /** Fetch done rows again when they were checked more than olderThanDays days ago (0: all of them). */
  refresh?: RefreshOptions;
}

export interface RefreshOptions {
  /** A whole number of days, 0 or more. */
  olderThanDays: number;
  /** Scrape runs only: ask each row's 1-credit profile record first, and scrape again only rows it shows changed. */
  economy?: boolean;
}

/** What a refresh would fetch again and cost, within the preview's whole `credits`. */
export interface RefreshPreviewView {
  /** Done rows (distinct inputs) due again. */
  rows: number;
  credits: number;
  /** Economy only: [no row changed, every row changed]. */
  economyCredits?: [number, number];
}

/** How a refreshed cell changed, as the changes sheet and the sidebar name it. */
export type ChangeKind =
  'new employer' | 'new title' | 'new location' | 'new email' | 'new phone' | 'profile gone' | 'changed';

/** Every kind, in the order the changes sheet's readers, a run's card and the changes filter list them. */
export const CHANGE_KINDS: readonly ChangeKind[] = [
  'new employer',
  'new title',
  'new location',
  'new email',
  'new phone',
  'profile gone',
  'changed',
];

/** One changed cell, as logged in the "sheet-enrich changes" sheet. */
export interface ChangeEntry {
  /** ISO 8601 UTC. */
  detectedAt: string;
  sheetName: string;
  /** The sheet row at write time. */
  row: number;
  input: string;
  /** The output column's header (a field name, or the status header for "profile gone"). */
  field: string;
  old: string | number | boolean;
  new: string | number | boolean;
  change: ChangeKind;
  runId: string;
}

export type RefreshEvery = 'week' | 'month';

export interface RefreshSchedule {
  every: RefreshEvery;
  olderThanDays: number;
  /** The most one scheduled refresh may spend; past it, the oldest rows that fit are refreshed. */
  maxCredits: number;
}

/** A run's schedule as its card shows it. */
export interface ScheduleView extends RefreshSchedule {
  /** ISO 8601: the first background run at or after this time starts the refresh. */
  nextAt: string;
  /** What the last scheduled refresh did, or why it could not start (no key, over its cap…); null before the first. */
  lastOutcome: string | null;
}

export interface InvalidSample {
  /** The sheet row. */
  row: number;
  value: string;
  /** One sentence: it quotes the value when that is text, and says what it is otherwise (a number, a date). */
  reason: string;
}

/** What a run would do and cost; computed without sending any request. */
export interface EnrichmentPreview {
  /** blank + invalid + alreadyDone + duplicates + cached + toFetch: each input row counted once, in that precedence. */
  rows: number;
  blank: number;
  invalid: number;
  duplicates: number;
  cached: number;
  alreadyDone: number;
  toFetch: number;
  credits: number;
  estimatedSeconds: number;
  /** The field headers in order, then the status column's header, then the checked column's header. */
  columns: string[];
  /** Where the run will write, header row to last input row, e.g. "B20:J32". */
  outputA1: string;
  /** With a refresh request only. */
  refresh?: RefreshPreviewView;
  /** Up to 10. */
  invalidSamples: InvalidSample[];
  /** Only when the run needs more web requests than a day's quota: what that means, in words. */
  dailyQuota?: string;
}

/** What Convert to values did: every cell written, and the add-on's formulas it left as they are, by why. */
export interface ConvertResult {
  cells: number;
  /** Formulas showing an error (#ERROR!, #REF!, …): an error is no value to keep. */
  errors: number;
  /** Formulas still loading: their values are not there yet. */
  loading: number;
}

export type RunStatus = 'running' | 'paused' | 'completed' | 'cancelled' | 'error';

/** A run in one of these is over: nothing continues it, and Cancel no longer applies. */
export const FINISHED_RUN_STATUSES: readonly RunStatus[] = ['completed', 'cancelled', 'error'];

export interface RunSummary {
  runId: string;
  sheetName: string;
  inputA1: string;
  operation: EnrichOperation;
  status: RunStatus;
  /** Non-blank inputs. */
  total: number;
  /** Inputs with a status. */
  done: number;
  ok: number;
  /** NOT FOUND and PRIVATE rows. */
  notFound: number;
  failed: number;
  invalid: number;
  creditsEstimated: number;
  /** What the API charged. */
  creditsSpent: number;
  /** Null when unknown or nothing is left. */
  etaSeconds: number | null;
  message: string;
  /** The sentence that paused or ended the run (a 401 or 402 pauses it), or why the background could not go on. */
  error: string | null;
  createdAt: string;
  updatedAt: string;
  /** False when someone else started it; present only then (see JobSummary.mine). */
  mine?: false;
  /** The run's output field headers, in order (a refresh asks for the same). */
  fields: string[];
  /** Rows fetched again by the latest refresh; 0 before any. */
  refreshed: number;
  /** Cells the latest refresh changed. */
  changes: number;
  changesByKind: Partial<Record<ChangeKind, number>>;
  schedule: ScheduleView | null;
}

/** The field names an operation's output can have, for the Enrich panel's picker. */
export interface FieldChoices {
  /** The matching formula's default columns. */
  defaults: string[];
  /** Every selectable name, in catalog order. */
  fields: string[];
  /**
   * Named sets of fields the picker adds in one click (profile runs: "Job changes"). Fields never change the price of
   * a row. Absent means none.
   */
  presets: FieldPreset[];
}

/** A named set of field names, each one of FieldChoices.fields. */
export interface FieldPreset {
  name: string;
  fields: string[];
}

/** What the caller did not allow sheet-enrich to do (granular consent), as the sidebar says it. */
export interface ConsentView {
  /** Why background work (the clock trigger that goes on while the sidebar is closed) is off; null when allowed. */
  backgroundOff: string | null;
}

/** Every server function the sidebar calls. */
export interface SidebarServer {
  getSettings(): SettingsView;
  saveSettings(settings: SettingsInput): SettingsView;
  getUsage(): UsageView;
  /** One question to Google: which permissions the sidebar's work lacks. */
  getConsent(): ConsentView;
  /** Asks for the permission background work needs: Google shows its consent prompt, which ends the call. */
  allowBackgroundWork(): void;

  startResearch(request: ResearchRequest): JobSummary;
  listResearchJobs(): JobSummary[];
  /** google.script.run sends null for "no job": every unfinished job. */
  pollResearch(jobId?: string | null): JobSummary[];
  cancelResearch(jobId: string): JobSummary;
  /**
   * Activates the results sheet of a research job of this document, so the user sees its rows.
   * Throws a readable error when the job is unknown or its sheet was deleted or renamed.
   */
  openResearchSheet(jobId: string): void;

  getSelectionInfo(): SelectionInfo;
  enrichmentFields(operation: EnrichOperation): FieldChoices;
  previewEnrichment(request: EnrichmentRequest): EnrichmentPreview;
  startEnrichment(request: EnrichmentRequest): RunSummary;
  /** google.script.run sends null for "no run": every running run. */
  continueEnrichment(runId?: string | null): RunSummary[];
  listEnrichments(): RunSummary[];
  pauseEnrichment(runId: string): RunSummary;
  resumeEnrichment(runId: string): RunSummary;
  cancelEnrichment(runId: string): RunSummary;
  retryFailedEnrichment(runId: string): RunSummary;
  /** The latest `limit` (default 100, at most 1,000) changes of that run, or of this document, newest first. */
  listChanges(runId?: string | null, limit?: number | null): ChangeEntry[];
  /** Sets (or, with null, stops) a run's refresh schedule; returns its summary with `schedule`. */
  scheduleRefresh(runId: string, schedule: RefreshSchedule | null): RunSummary;
  /** Selects a logged change's cell (its run's output column in that row), so the user sees it. */
  selectChange(change: ChangeEntry): void;
  /** The add-on's formulas in the active selection, with all they spilled, become plain values. */
  convertToValues(): ConvertResult;
}
