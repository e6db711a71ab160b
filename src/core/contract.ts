// The server functions the sidebar calls through google.script.run (CONTRACT §4). Plain JSON values only:
// times are ISO 8601 strings, never Date.
import type { JobStatus, Tier } from './api/types';

export interface SettingsView {
  hasKey: boolean;
  /** Such as "lk_…9f2c"; null when no key is set. Never the key itself. */
  keyHint: string | null;
  baseUrl: string;
  tier: Tier;
}

export interface SettingsInput {
  apiKey?: string;
  baseUrl?: string;
  tier?: Tier;
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
}

/** Every function of CONTRACT §4, as the sidebar sees it. */
export interface ServerFunctions {
  getSettings(): SettingsView;
  saveSettings(settings: SettingsInput): SettingsView;
  startResearch(request: ResearchRequest): JobSummary;
  listResearchJobs(): JobSummary[];
  pollResearch(jobId?: string): JobSummary[];
  cancelResearch(jobId: string): JobSummary;
}

/** Server functions the sidebar needs beyond CONTRACT §4. Plain JSON values only, like ServerFunctions. */
export interface SidebarExtras {
  /**
   * Activates the results sheet of a research job of this document, so the user sees its rows.
   * Throws a readable error when the job is unknown or its sheet was deleted or renamed.
   */
  openResearchSheet(jobId: string): void;
}

/** Everything the sidebar may call; src/Code.ts exposes exactly these implementations. */
export type SidebarServer = ServerFunctions & SidebarExtras;
