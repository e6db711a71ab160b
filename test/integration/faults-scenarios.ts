// The fault scenarios, each run through the BUILT add-on in the fakes against the mock API and measured the same way
// (./faults-helpers): formula ranges recalculated until every row is in, searches, enrichment runs continued (then
// resumed or retried, as the user would) until they end, and research jobs polled until they complete. A scenario
// runs its operation once under the fault, lifts the fault as the platform would (the storm passes, the lock is
// released, the quota day turns), then lets the user's ordinary next step finish the work. The tests
// (faults-*.test.ts) check the figures; bench/faults.ts prints them.
import { companionSheetName } from '../../src/core/research/sheet-name';
import type { GasEnvironment } from '../../dev/gas-fakes';
import { HARD_TEXT, LONG_SUMMARY_LENGTH, longSummary } from '../../dev/mock-api/data/hard-cases';
import type { MockFault } from '../../dev/mock-api/protocol';
import type { EnrichOperation, JobSummary, RunSummary } from '../../src/core/contract';
import { capCellText } from '../../src/core/cells';
import { RESEARCH_COLUMNS } from '../../src/core/fields/defaults';
import { flattenRecord, headerFor } from '../../src/core/fields/flatten';
import { ClockBridge, columnByHeader, inputSheet, values } from './enrichment-helpers';
import {
  aroundFetchAll,
  creditsPaidTwice,
  cutAfterWrites,
  differingCells,
  faultsLeft,
  FaultsMidway,
  fillDocumentStore,
  keysLeakedIn,
  largestPropertyBytes,
  resetUrlFetchQuota,
  useUpUrlFetchQuota,
  scenarioKey,
  withOwnProtoKey,
  type FaultFigures,
  type FaultLab,
  type ScenarioOutcome,
} from './faults-helpers';
import { OWNER, rewriteAnswers, slowRequests, TEAMMATE, type LoadedAddon } from './harness';
import { entriesOf, expectedProfiles, readSheet } from './research-helpers';

type Rows = unknown[][];
type Addon = LoadedAddon & { key: string };

const profileUrl = (slug: string) => `https://www.network.com/in/${slug}`;

// ---------- What goes wrong ----------

/** The mock faults of each storm, for a range of `rows` distinct inputs on `path`. */
export type Storm = 'server errors' | 'rate limits' | 'dropped connections' | 'unreadable bodies';

export function stormFaults(storm: Storm, path: string, rows: number): MockFault[] {
  switch (storm) {
    case 'server errors':
      // As many as the client's attempts (4 a request) at every row: 500s, then 503s.
      return [
        { kind: 'status', status: 500, count: 2 * rows, path },
        { kind: 'status', status: 503, count: 2 * rows, path },
      ];
    case 'rate limits':
      return [
        { kind: 'rate_limit', retryAfterSeconds: 2, via: 'header', count: Math.ceil(rows / 2), path },
        { kind: 'rate_limit', retryAfterSeconds: 1, via: 'body', count: Math.ceil(rows / 4), path },
      ];
    case 'dropped connections':
      return [{ kind: 'drop', count: 2, path }];
    case 'unreadable bodies':
      return [
        { kind: 'malformed', count: 1, path },
        { kind: 'empty', count: 1, path },
        { kind: 'html', count: 1, path },
        { kind: 'html', count: 1, status: 502, path },
        { kind: 'empty', count: 1, status: 503, path },
      ];
  }
}

/** What the fakes play: a held document lock, the day's UrlFetch quota, a store close to full, the time limit. */
export type PlatformFault = 'lock' | 'quota' | 'full store' | 'time limit';

/** Free bytes left in the document store of a "full store" scenario: room for this add-on's few small entries. */
export const NEAR_FULL_FREE_BYTES = 3 * 1024;

interface Faults {
  /** Queued before the first call. */
  storm?: Storm;
  /** Queued in the middle of the first call, after this many fetchAll calls of the operation. */
  midway?: { afterFetchAll: number; storm: Storm };
  platform?: PlatformFault;
}

/** Counts what a scenario injected and collects the errors it showed; becomes its figures. */
class Tally {
  readonly errors = new Set<string>();
  platformFaults = 0;
  rowsLost = 0;
  rowsDuplicated = 0;
  cellsCoerced = 0;
  private queued = 0;
  private readonly closers: Array<() => Promise<void>> = [];

  constructor(
    readonly lab: FaultLab,
    readonly scenario: string,
  ) {}

  async queue(faults: MockFault[]): Promise<void> {
    this.queued += faultsLeft(faults);
    await this.lab.mock.control.addFaults(faults);
  }

  midway(env: GasEnvironment, path: RegExp, afterFetchAll: number, faults: MockFault[]): void {
    this.queued += faultsLeft(faults);
    const midway = new FaultsMidway(env, this.lab.mock, { path, afterFetchAll, faults });
    this.closers.push(() => midway.close());
  }

  bridge(addon: Addon): void {
    const bridge = new ClockBridge(addon.env, this.lab.mock);
    this.closers.push(() => bridge.close());
  }

  saw(error: string): void {
    this.errors.add(error);
  }

  /** The figures, once the scenario is over (`key` is the one that paid); clears what is left of its faults. */
  async figures(key: string, addons: readonly Addon[]): Promise<ScenarioOutcome> {
    const left = faultsLeft(await this.lab.mock.control.pendingFaults());
    await this.lab.mock.control.clearFaults();
    await Promise.all(this.closers.splice(0).map((close) => close()));
    const figures: FaultFigures = {
      faultsInjected: this.queued - left + this.platformFaults,
      rowsLost: this.rowsLost,
      rowsDuplicated: this.rowsDuplicated,
      creditsPaidTwice: creditsPaidTwice(await this.lab.mock.control.log(), key),
      cellsCoerced: this.cellsCoerced,
      keysLeaked: addons.reduce((sum, addon) => sum + keysLeakedIn(addon.env, [addon.key]), 0),
    };
    const largest = Math.max(0, ...addons.map((addon) => largestPropertyBytes(addon.env)));
    return { scenario: this.scenario, figures, errors: [...this.errors], largestPropertyBytes: largest };
  }
}

// ---------- Formula ranges ----------

export type LookupFormula = 'SCRAPE_PROFILE' | 'ENRICH_PROFILE' | 'FIND_CONTACTS';

interface LookupCase {
  path: string;
  fields: string;
  operation: EnrichOperation;
  /** The i-th distinct input of a scenario. */
  input(tag: string, i: number): string;
  /** The same input written differently (it must cost nothing more). */
  variant(input: string): string;
}

export const LOOKUPS: Record<LookupFormula, LookupCase> = {
  SCRAPE_PROFILE: {
    path: '/api/enrich/scrape',
    fields: 'name, headline, title',
    operation: 'scrape',
    input: (tag, i) => profileUrl(`${tag}-${i}`),
    variant: (input) => input.replace('https://www.', 'http://').toUpperCase(),
  },
  ENRICH_PROFILE: {
    path: '/api/enrich/network',
    fields: 'full_name, headline, first_name',
    operation: 'profile',
    input: (tag, i) => profileUrl(`${tag}-${i}`),
    variant: (input) => `${input}/?utm_source=faults`,
  },
  FIND_CONTACTS: {
    path: '/api/enrich/contacts',
    fields: 'email, phone',
    operation: 'contacts',
    input: (tag, i) => `${tag}.${i}@example.com`,
    variant: (input) => input.toUpperCase(),
  },
};

const pathPattern = (path: string) => new RegExp(path.replace(/\//g, '\\/') + '\\?');

/** Distinct inputs, then the first two again written differently. */
function lookupInputs(lookup: LookupCase, tag: string, rows: number): string[] {
  const distinct = Array.from({ length: rows }, (_, i) => lookup.input(tag, i));
  return [...distinct, ...distinct.slice(0, 2).map(lookup.variant)];
}

function callFormula(addon: Addon, name: string, args: unknown[]): Rows | string {
  try {
    return addon.bundle.call(name, args, { mode: 'customFunction', user: TEAMMATE }) as Rows;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The rows a formula gives without faults, from a spreadsheet of its own (so nothing is cached for the scenario). */
async function referenceRows(lab: FaultLab, name: string, args: unknown[], addons: Addon[]): Promise<Rows> {
  const reference = await lab.addon({ key: scenarioKey(`reference ${name}`), clock: 'virtual' });
  addons.push(reference);
  const rows = callFormula(reference, name, args);
  if (typeof rows === 'string' || rows.some((row) => String(row[0]).startsWith('#ERROR'))) {
    throw new Error(`The reference call of ${name} failed: ${JSON.stringify(rows).slice(0, 300)}`);
  }
  return rows;
}

const isErrorRow = (row: readonly unknown[]) =>
  typeof row[0] === 'string' && row[0].startsWith('#ERROR: ') && row.slice(1).every((cell) => cell === '');

/**
 * Checks one recalculation's rows against the reference: each row is delivered, or an error sentence (noted), or
 * wrong (its cells counted as coerced, or as a duplicate when it holds another input's row). Answers how many rows
 * are delivered.
 */
function checkRows(tally: Tally, rows: Rows | string, reference: Rows, inputs: readonly string[]): number {
  if (typeof rows === 'string') {
    tally.saw(rows);
    return 0;
  }
  tally.rowsDuplicated += Math.max(0, rows.length - reference.length);
  let delivered = 0;
  reference.forEach((expected, i) => {
    const row = rows[i] ?? [];
    if (differingCells(row, expected) === 0) delivered++;
    else if (isErrorRow(row)) tally.saw(String(row[0]).slice('#ERROR: '.length));
    else if (reference.some((other, j) => j !== i && inputs[j] !== inputs[i] && differingCells(row, other) === 0)) {
      tally.rowsDuplicated++;
    } else tally.cellsCoerced += differingCells(row, expected);
  });
  return delivered;
}

export interface FormulaScenario extends Faults {
  scenario: string;
  formula: LookupFormula;
  rows: number;
  /** Recalculations allowed after the first (faulted) one. */
  recalculations?: number;
}

/** Lifts a platform fault once the faulted call is over (the lock released, the quota day turned). */
type Lift = () => void;

function applyPlatformToFormula(tally: Tally, addon: Addon, fault: PlatformFault | undefined, path: string): Lift {
  const { env } = addon;
  switch (fault) {
    case 'lock': {
      // Held all through the call, whose batches take 6 s each: the waits for the lock must leave Sheets no reason
      // to stop the call at 30 s.
      tally.platformFaults++;
      slowRequests(env, pathPattern(path), 6_000);
      return env.locks.holdDocumentLock();
    }
    case 'quota':
      // The first batch (10) goes out, the second (20) is refused.
      tally.platformFaults++;
      useUpUrlFetchQuota(env, 15);
      return () => resetUrlFetchQuota(env);
    case 'time limit':
      // The second batch takes 25 s: Sheets stops the formula at 30 s while it is in flight.
      tally.platformFaults++;
      slowRequests(env, pathPattern(path), (nth) => (nth === 2 ? 25_000 : 9_000));
      return () => undefined;
    case 'full store':
      tally.platformFaults++;
      fillDocumentStore(env, NEAR_FULL_FREE_BYTES);
      return () => undefined;
    default:
      return () => undefined;
  }
}

/** A formula over a range, faulted on its first call, then recalculated (a minute apart) until every row is in. */
export async function formulaScenario(lab: FaultLab, spec: FormulaScenario): Promise<ScenarioOutcome> {
  const lookup = LOOKUPS[spec.formula];
  const tally = new Tally(lab, spec.scenario);
  const addons: Addon[] = [];
  const inputs = lookupInputs(lookup, scenarioKey(spec.scenario).slice(-4), spec.rows);
  const args = [inputs.map((input) => [input]), lookup.fields];
  const reference = await referenceRows(lab, spec.formula, args, addons);

  const key = scenarioKey(spec.scenario);
  const addon = await lab.addon({ key, tier: '3', clock: 'virtual' });
  addons.push(addon);
  if (spec.formula === 'SCRAPE_PROFILE') tally.bridge(addon);
  if (spec.storm) await tally.queue(stormFaults(spec.storm, lookup.path, spec.rows));
  if (spec.midway) {
    const faults = stormFaults(spec.midway.storm, lookup.path, spec.rows);
    tally.midway(addon.env, pathPattern(lookup.path), spec.midway.afterFetchAll, faults);
  }
  const lift = applyPlatformToFormula(tally, addon, spec.platform, lookup.path);

  let delivered = checkRows(tally, callFormula(addon, spec.formula, args), reference, inputs);
  lift();
  for (let i = 0; delivered < reference.length && i < (spec.recalculations ?? 6); i++) {
    addon.env.clock.advance(60_000);
    delivered = checkRows(tally, callFormula(addon, spec.formula, args), reference, inputs);
  }
  tally.rowsLost += reference.length - delivered;
  return tally.figures(key, addons);
}

// ---------- Searches ----------

export type SearchFormula = 'SEARCH_COMPANIES' | 'SEARCH_PEOPLE';

const SEARCHES: Record<SearchFormula, { path: string; query: string }> = {
  SEARCH_COMPANIES: { path: '/api/search/companies', query: 'fintech startups in Berlin' },
  SEARCH_PEOPLE: { path: '/api/search', query: 'data engineers in Lisbon' },
};

export interface SearchScenario {
  scenario: string;
  formula: SearchFormula;
  storm: Storm;
  /** Recalculations allowed after the first (faulted) one. */
  recalculations?: number;
}

/** One search, faulted, recalculated until it answers, then once more (from the cache, for free). */
export async function searchScenario(lab: FaultLab, spec: SearchScenario): Promise<ScenarioOutcome> {
  const search = SEARCHES[spec.formula];
  const tally = new Tally(lab, spec.scenario);
  const addons: Addon[] = [];
  const args = [search.query, 5];
  const reference = await referenceRows(lab, spec.formula, args, addons);
  const key = scenarioKey(spec.scenario);
  const addon = await lab.addon({ key, tier: '3', clock: 'virtual' });
  addons.push(addon);
  // Sized as for 4 rows: a storm longer than the client's 4 attempts of one call.
  await tally.queue(stormFaults(spec.storm, search.path, 4));
  let answered = false;
  for (let i = 0; !answered && i <= (spec.recalculations ?? 6); i++) {
    addon.env.clock.advance(60_000);
    const rows = callFormula(addon, spec.formula, args);
    answered = checkRows(tally, rows, reference, reference.map(String)) === reference.length;
  }
  if (answered) checkRows(tally, callFormula(addon, spec.formula, args), reference, reference.map(String));
  tally.rowsLost += answered ? 0 : reference.length;
  return tally.figures(key, addons);
}

// ---------- Enrichment runs ----------

export interface EnrichmentScenario extends Faults {
  scenario: string;
  formula: LookupFormula;
  rows: number;
  /** ENRICH_PROFILE only: this many more fields (experience.N.company_name), to grow the run's entry. */
  extraFields?: number;
}

/** The fields of a run: the lookup's, and `extra` more of the profile record's. */
function runFields(lookup: LookupCase, extra = 0): string[] {
  const more = Array.from({ length: extra }, (_, i) => `experience.${i + 1}.company_name`);
  return [...lookup.fields.split(', '), ...more];
}

const sidebar = <T>(addon: Addon, name: string, args: unknown[] = []) =>
  addon.bundle.callFromSidebar(name, args, OWNER) as T;

/** A sidebar call, or the sentence it failed with. */
function trySidebar<T>(addon: Addon, name: string, args: unknown[] = []): T | string {
  try {
    return sidebar<T>(addon, name, args);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function applyPlatformToRun(tally: Tally, addon: Addon, fault: PlatformFault | undefined): Lift {
  const { env } = addon;
  switch (fault) {
    case 'lock': {
      // Another execution takes the document lock once the first batch has been sent, and keeps it.
      let release: Lift = () => undefined;
      aroundFetchAll(env, {
        before: (nth) => {
          if (nth !== 1) return;
          tally.platformFaults++;
          release = env.locks.holdDocumentLock();
        },
      });
      // Released; the stopped execution's claim on the run lapses after 6 minutes.
      return () => {
        release();
        env.clock.advance(7 * 60_000);
      };
    }
    case 'quota':
      // The first batch (10) goes out, the second (20) is refused: the run pauses with the sentence.
      tally.platformFaults++;
      useUpUrlFetchQuota(env, 15);
      return () => resetUrlFetchQuota(env);
    case 'full store':
      tally.platformFaults++;
      fillDocumentStore(env, NEAR_FULL_FREE_BYTES);
      return () => undefined;
    default:
      return () => undefined;
  }
}

/**
 * The first continue call under the fault; with 'time limit', three calls each stopped after a different write.
 * Answers the run as then listed.
 */
function faultedContinues(tally: Tally, addon: Addon, runId: string, fault: PlatformFault | undefined): RunSummary {
  const cuts = fault === 'time limit' ? [1, 3, 2] : [0];
  for (const cut of cuts) {
    const undo = cut > 0 ? cutAfterWrites(addon.env, cut) : () => undefined;
    try {
      const answer = trySidebar<RunSummary[]>(addon, 'continueEnrichment', [runId]);
      if (typeof answer === 'string') {
        tally.platformFaults += cut > 0 ? 1 : 0;
        if (cut === 0) tally.saw(answer);
      }
    } finally {
      undo();
    }
  }
  return runOf(addon, runId);
}

const runOf = (addon: Addon, runId: string) =>
  sidebar<RunSummary[]>(addon, 'listEnrichments').find((run) => run.runId === runId)!;

/** Notes the errors the run and its status column show now. */
function noteRunErrors(tally: Tally, addon: Addon, run: RunSummary, lastRow: number): void {
  if (run.error !== null) tally.saw(run.error);
  for (const status of columnByHeader(addon.env, 'Leads', `sheet-enrich ${run.operation} status`, lastRow)) {
    if (String(status).startsWith('ERROR: ')) tally.saw(String(status).slice('ERROR: '.length));
  }
}

/** As the user would: resume a paused run, retry failed rows, and let the sidebar continue it until it completes. */
function finishRun(tally: Tally, addon: Addon, runId: string, lastRow: number): RunSummary {
  let run = runOf(addon, runId);
  for (let step = 0; step < 25 && !(run.status === 'completed' && run.failed === 0); step++) {
    noteRunErrors(tally, addon, run, lastRow);
    if (run.status === 'paused') run = sidebar<RunSummary>(addon, 'resumeEnrichment', [runId]);
    else if (run.status === 'completed') run = sidebar<RunSummary>(addon, 'retryFailedEnrichment', [runId]);
    else {
      const answer = trySidebar<RunSummary[]>(addon, 'continueEnrichment', [runId]);
      if (typeof answer === 'string') tally.saw(answer);
      run = runOf(addon, runId);
      addon.env.clock.advance(60_000);
    }
  }
  return run;
}

/** Counts the sheet against the reference: rows delivered exactly (status OK), duplicated, coerced, formulas. */
function checkRunSheet(
  tally: Tally,
  env: GasEnvironment,
  reference: Rows,
  inputs: readonly string[],
  run: { operation: EnrichOperation; fields: string[] },
) {
  const { fields } = run;
  const lastRow = inputs.length + 1;
  const grid = values(env, 'Leads');
  tally.rowsDuplicated += Math.max(0, grid.length - lastRow);
  const statuses = columnByHeader(env, 'Leads', `sheet-enrich ${run.operation} status`, lastRow);
  const columns = fields.map((field) => columnByHeader(env, 'Leads', field, lastRow));
  reference.forEach((expected, i) => {
    const row = columns.map((column) => column[i]);
    if (statuses[i] === 'OK' && differingCells(row, expected) === 0) return;
    tally.rowsLost++;
    if (reference.some((other, j) => j !== i && inputs[j] !== inputs[i] && differingCells(row, other) === 0)) {
      tally.rowsDuplicated++;
    } else if (statuses[i] === 'OK') tally.cellsCoerced += differingCells(row, expected);
  });
  tally.cellsCoerced += env.spreadsheet
    .sheet('Leads')
    .formulas()
    .flat()
    .filter((formula) => formula !== '').length;
}

/** An enrichment run of a column, faulted on its first call(s), then resumed, retried and continued to its end. */
export async function enrichmentScenario(lab: FaultLab, spec: EnrichmentScenario): Promise<ScenarioOutcome> {
  const lookup = LOOKUPS[spec.formula];
  const tally = new Tally(lab, spec.scenario);
  const addons: Addon[] = [];
  const inputs = lookupInputs(lookup, scenarioKey(spec.scenario).slice(-4), spec.rows);
  const fields = runFields(lookup, spec.extraFields);
  const reference = await referenceRows(lab, spec.formula, [inputs.map((input) => [input]), fields.join(', ')], addons);

  const key = scenarioKey(spec.scenario);
  const addon = await lab.addon({ key, tier: '3', clock: 'virtual' });
  addons.push(addon);
  if (spec.formula === 'SCRAPE_PROFILE') tally.bridge(addon);
  inputSheet(addon.env, 'Leads', 'Input', inputs);
  const request = { sheetName: 'Leads', inputA1: `A1:A${inputs.length + 1}`, operation: lookup.operation, fields };
  const lift = applyPlatformToRun(tally, addon, spec.platform);
  const started = trySidebar<RunSummary>(addon, 'startEnrichment', [request]);
  if (typeof started === 'string') {
    tally.saw(started);
    tally.rowsLost += reference.length;
    return tally.figures(key, addons);
  }
  if (spec.storm) await tally.queue(stormFaults(spec.storm, lookup.path, spec.rows));
  if (spec.midway) {
    const faults = stormFaults(spec.midway.storm, lookup.path, spec.rows);
    tally.midway(addon.env, pathPattern(lookup.path), spec.midway.afterFetchAll, faults);
  }
  noteRunErrors(tally, addon, faultedContinues(tally, addon, started.runId, spec.platform), inputs.length + 1);
  lift();
  finishRun(tally, addon, started.runId, inputs.length + 1);
  checkRunSheet(tally, addon.env, reference, inputs, { operation: lookup.operation, fields });
  return tally.figures(key, addons);
}

// ---------- Research jobs ----------

export interface ResearchScenario extends Faults {
  scenario: string;
  /** Results of the job (100 a page). */
  limit: number;
}

const STATUS_PATH = /\/api\/search\/deep_research\/[^/?]+\?/;
const RESEARCH_PATH = '/api/search/deep_research/*';

function applyPlatformToPolls(tally: Tally, addon: Addon, fault: PlatformFault | undefined): Lift {
  const { env } = addon;
  switch (fault) {
    case 'lock': {
      tally.platformFaults++;
      return env.locks.holdDocumentLock();
    }
    case 'quota':
      // The first page goes out; the second is refused.
      tally.platformFaults++;
      useUpUrlFetchQuota(env, 1);
      return () => resetUrlFetchQuota(env);
    default:
      return () => undefined;
  }
}

/** The first poll under the fault; with 'time limit', three polls each stopped after a different write. */
function faultedPolls(tally: Tally, addon: Addon, fault: PlatformFault | undefined): void {
  const cuts = fault === 'time limit' ? [2, 5, 3] : [0];
  for (const cut of cuts) {
    const undo = cut > 0 ? cutAfterWrites(addon.env, cut) : () => undefined;
    try {
      const answer = trySidebar<JobSummary[]>(addon, 'pollResearch');
      if (typeof answer === 'string') tally.platformFaults += cut > 0 ? 1 : 0;
      else answer.forEach((job) => job.error !== null && tally.saw(job.error));
    } finally {
      undo();
    }
  }
}

/** A research job whose results all exist, polled under the fault, then polled until it completes. */
export async function researchScenario(lab: FaultLab, spec: ResearchScenario): Promise<ScenarioOutcome> {
  const tally = new Tally(lab, spec.scenario);
  const key = scenarioKey(spec.scenario);
  const addon = await lab.addon({ key, tier: '3', clock: 'virtual' });
  if (spec.platform === 'full store') {
    tally.platformFaults++;
    fillDocumentStore(addon.env, NEAR_FULL_FREE_BYTES);
  }
  const job = trySidebar<JobSummary>(addon, 'startResearch', [
    { query: 'data engineers in Lisbon', limit: spec.limit },
  ]);
  if (typeof job === 'string') {
    tally.saw(job);
    tally.rowsLost += spec.limit;
    return tally.figures(key, [addon]);
  }
  const state = await lab.mock.control.job(job.jobId);
  await lab.mock.control.advanceToResult(job.jobId, state.resultTimes.length);
  if (spec.storm) await tally.queue(stormFaults(spec.storm, RESEARCH_PATH, 1));
  if (spec.midway)
    tally.midway(addon.env, STATUS_PATH, spec.midway.afterFetchAll, stormFaults(spec.midway.storm, RESEARCH_PATH, 1));
  const lift = applyPlatformToPolls(tally, addon, spec.platform);
  faultedPolls(tally, addon, spec.platform);
  lift();
  for (let poll = 0; poll < 8; poll++) {
    const answer = trySidebar<JobSummary[]>(addon, 'pollResearch');
    if (typeof answer === 'string') tally.saw(answer);
    else if (answer[0]?.status === 'completed') break;
    addon.env.clock.advance(60_000);
  }
  checkResearchSheets(
    tally,
    addon.env,
    job.sheetName,
    expectedProfiles(lab.seed, await lab.mock.control.job(job.jobId)),
  );
  return tally.figures(key, [addon]);
}

type Profile = ReturnType<typeof expectedProfiles>[number];

/** Every profile once in the results sheet, with its values exactly; its companion rows once each. */
function checkResearchSheets(tally: Tally, env: GasEnvironment, sheetName: string, profiles: Profile[]): void {
  const columns = RESEARCH_COLUMNS.essentials;
  const sheet = readSheet(env, sheetName);
  const ids = sheet.column('id').map(String);
  tally.rowsDuplicated += ids.length - new Set(ids).size;
  for (const profile of profiles) {
    const row = ids.indexOf(String(profile.id));
    if (row < 0) {
      tally.rowsLost++;
      continue;
    }
    const expected = flattenRecord(profile, columns);
    tally.cellsCoerced += differingCells(
      columns.map((column) => sheet.rows[row][sheet.headers.indexOf(headerFor(column))]),
      expected,
    );
  }
  for (const [collection, suffix] of [
    ['experience', 'Experience'],
    ['education', 'Education'],
  ] as const) {
    const companion = companionSheetName(sheetName, suffix);
    const owners = env.spreadsheet.sheets().some((candidate) => candidate.name === companion)
      ? readSheet(env, companion).column('profile_id').map(String)
      : [];
    for (const profile of profiles) {
      const rows = owners.filter((owner) => owner === String(profile.id)).length;
      const entries = entriesOf(profile, collection).length;
      tally.rowsLost += Math.max(0, entries - rows);
      tally.rowsDuplicated += Math.max(0, rows - entries);
    }
  }
}

// ---------- Hostile text ----------

/** Text that Sheets or a naive writer would turn into something else, or that breaks naive code. */
export const HOSTILE_TEXTS: readonly string[] = [
  HARD_TEXT.formula,
  '=1+1',
  ' =1+1',
  HARD_TEXT.plus,
  HARD_TEXT.minus,
  HARD_TEXT.at,
  HARD_TEXT.dateLike,
  '3/4',
  '2024-01-15',
  '12:30',
  HARD_TEXT.leadingZeroZip,
  '1e5',
  '50%',
  '$5',
  'TRUE',
  '#REF!',
  "'quoted",
  '__proto__',
  'constructor',
  HARD_TEXT.emoji,
  HARD_TEXT.cjkFullName,
  HARD_TEXT.rtlSchool,
  HARD_TEXT.newlines,
  longSummary(HARD_TEXT.formula),
];

if (HOSTILE_TEXTS[HOSTILE_TEXTS.length - 1].length !== LONG_SUMMARY_LENGTH)
  throw new Error('Expected a 60,000-character text.');

/** The hostile text the i-th input's answer carries in a field (each field a different one). */
const hostileFor = (i: number, field: number) => HOSTILE_TEXTS[(i + field * 7) % HOSTILE_TEXTS.length];

/** The index a profile URL of a scenario names (its slug ends in -<i>). */
const inputIndexOf = (url: string) => Number(/-(\d+)(?:%2F|\/)?(?:[?&]|$)/i.exec(decodeURIComponent(url))?.[1] ?? NaN);

/**
 * Profile records whose full_name, headline and summary carry hostile text, and whose first_name is gone, with an own
 * `__proto__` key offering one (a reader that copies keys by assignment would find it through the prototype).
 */
function serveHostileRecords(tally: Tally, env: GasEnvironment): void {
  rewriteAnswers(env, /\/api\/enrich\/network\?/, (answer, url) => {
    const i = inputIndexOf(url);
    tally.platformFaults++;
    answer.full_name = hostileFor(i, 0);
    answer.headline = hostileFor(i, 1);
    answer.summary = hostileFor(i, 2);
    delete answer.first_name;
    withOwnProtoKey(answer, { first_name: 'polluted', full_name: 'polluted', constructor: 'polluted' });
  });
}

const HOSTILE_FIELDS = ['full_name', 'headline', 'summary', 'first_name'];
/** What the hostile record of input i must show in HOSTILE_FIELDS. */
const hostileRow = (i: number) => [0, 1, 2].map((field) => capCellText(hostileFor(i, field))).concat(['']);

export interface HostileScenario {
  scenario: string;
  target: 'formula' | 'enrichment' | 'research';
  rows: number;
  /** Whether a plain-text format stops setValues from parsing (undocumented; both are played). */
  plainTextStopsParsing?: boolean;
}

/** Hostile text from the API must arrive in every cell exactly (capped at a cell's 50,000 characters). */
export async function hostileScenario(lab: FaultLab, spec: HostileScenario): Promise<ScenarioOutcome> {
  const tally = new Tally(lab, spec.scenario);
  const key = scenarioKey(spec.scenario);
  const uncertain = { plainTextStopsParsing: spec.plainTextStopsParsing ?? true };
  const addon = await lab.addon({ key, tier: '3', clock: 'virtual', uncertain });
  if (spec.target === 'research') await hostileResearch(tally, addon, spec.rows, lab);
  else {
    serveHostileRecords(tally, addon.env);
    const inputs = Array.from({ length: spec.rows }, (_, i) => profileUrl(`hostile-${i}`));
    const expected = inputs.map((_, i) => hostileRow(i));
    if (spec.target === 'formula') {
      const rows = callFormula(addon, 'ENRICH_PROFILE', [inputs.map((input) => [input]), HOSTILE_FIELDS.join(', ')]);
      tally.rowsLost += expected.length - checkRows(tally, rows, expected, inputs);
    } else {
      inputSheet(addon.env, 'Leads', 'Profile URL', inputs);
      const request = {
        sheetName: 'Leads',
        inputA1: `A1:A${inputs.length + 1}`,
        operation: 'profile',
        fields: HOSTILE_FIELDS,
      };
      const run = sidebar<RunSummary>(addon, 'startEnrichment', [request]);
      finishRun(tally, addon, run.runId, inputs.length + 1);
      checkRunSheet(tally, addon.env, expected, inputs, { operation: 'profile', fields: HOSTILE_FIELDS });
    }
  }
  return tally.figures(key, [addon]);
}

/** A research job whose results carry hostile names, headlines and ids (`__proto__`, `constructor`). */
async function hostileResearch(tally: Tally, addon: Addon, rows: number, lab: FaultLab): Promise<void> {
  const served = new Map<string, string[]>();
  rewriteAnswers(addon.env, STATUS_PATH, (answer) => {
    const results = Array.isArray(answer.results) ? (answer.results as Array<Record<string, unknown>>) : [];
    results.forEach((profile, position) => {
      tally.platformFaults++;
      if (position < 2) profile.id = position === 0 ? '__proto__' : 'constructor';
      profile.full_name = hostileFor(position, 0);
      profile.headline = hostileFor(position, 1);
      delete profile.location_full;
      withOwnProtoKey(profile, { location_full: 'polluted', id: 'polluted' });
      served.set(String(profile.id), [hostileFor(position, 0), hostileFor(position, 1), ''].map(capCellText));
    });
  });
  const job = sidebar<JobSummary>(addon, 'startResearch', [{ query: 'sales leaders in Porto', limit: rows }]);
  const state = await lab.mock.control.job(job.jobId);
  await lab.mock.control.advanceToResult(job.jobId, state.resultTimes.length);
  sidebar(addon, 'pollResearch');
  const sheet = readSheet(addon.env, job.sheetName);
  const ids = sheet.column('id').map(String);
  tally.rowsDuplicated += ids.length - new Set(ids).size;
  tally.rowsLost += Math.max(0, rows - served.size);
  served.forEach((texts, id) => {
    const row = ids.indexOf(id);
    if (row < 0) tally.rowsLost++;
    else {
      const cells = ['full_name', 'headline', 'location_full'].map((field) => sheet.column(field)[row]);
      tally.cellsCoerced += differingCells(cells, texts);
    }
  });
  tally.cellsCoerced += addon.env.spreadsheet
    .sheets()
    .flatMap((model) => model.formulas().flat())
    .filter((formula) => formula !== '').length;
}
