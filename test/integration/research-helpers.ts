// Helpers for the research-job integration tests: reading result sheets, the expected profiles of a mock job, and
// ways to make an execution run out of time in the fakes.
import { companionSheetName } from '../../src/core/research/sheet-name';
import type { CellValue, GasEnvironment } from '../../dev/gas-fakes';
import { FakeRange } from '../../dev/gas-fakes/spreadsheet-app';
import { profileRecordForQuery } from '../../dev/mock-api/data';
import { PENDING_MS, SEARCHING_MS } from '../../dev/mock-api/jobs';
import type { JobInternalState } from '../../dev/mock-api/protocol';
import type { ProfileRecord } from '../../src/core/api/types';
import type { JobSummary } from '../../src/core/contract';
import type { GasEnvironmentOptions } from '../../dev/gas-fakes';
import type { SpawnedMockApi } from '../../dev/mock-api/spawn';
import { addonWithKey, OWNER, sidebar, TEAMMATE, trackKey, useIntegrationMock, type LoadedAddon } from './harness';

/** A job summary as the sidebar receives it (src/core/contract.ts). */
export type Summary = JobSummary;

export const SUMMARY_KEYS = [
  'jobId',
  'query',
  'status',
  'message',
  'sheetName',
  'rowsWritten',
  'finalResultsCount',
  'chunksProcessed',
  'totalChunks',
  'createdAt',
  'updatedAt',
  'error',
].sort();

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/** Exactly the contract's keys (and `mine: false` on someone else's job), plain JSON types, ISO 8601 times. */
export function expectSummaryShape(summary: unknown): asserts summary is Summary {
  const { mine, ...fields } = summary as { mine?: unknown };
  expect(Object.keys(fields).sort()).toEqual(SUMMARY_KEYS);
  if ('mine' in (summary as object)) expect(mine).toBe(false);
  const s = summary as Summary;
  for (const key of ['jobId', 'query', 'status', 'message', 'sheetName', 'createdAt', 'updatedAt'] as const) {
    expect(typeof s[key]).toBe('string');
  }
  for (const key of ['rowsWritten', 'finalResultsCount', 'chunksProcessed', 'totalChunks'] as const) {
    expect(Number.isInteger(s[key])).toBe(true);
  }
  expect(s.error === null || typeof s.error === 'string').toBe(true);
  for (const time of [s.createdAt, s.updatedAt]) {
    expect(time).toMatch(ISO_8601);
    expect(new Date(time).toISOString()).toBe(time);
  }
  expect(['pending', 'searching', 'processing', 'completed', 'error', 'cancelled']).toContain(s.status);
}

export interface SheetRows {
  headers: string[];
  rows: CellValue[][];
  column(name: string): CellValue[];
}

/** A sheet's data as the user sees it: the header row and the rows below it. */
export function readSheet(env: GasEnvironment, name: string): SheetRows {
  const [headers = [], ...rows] = env.spreadsheet.sheet(name).values();
  const names = headers.map(String);
  return {
    headers: names,
    rows,
    column(field) {
      const index = names.indexOf(field);
      if (index < 0) throw new Error(`No column "${field}" in "${name}"; columns: ${names.join(', ')}`);
      return rows.map((row) => row[index]);
    },
  };
}

/**
 * The mock's profiles of a query, generated once per file: the generator is pure, and the eleven tests of a
 * 238-result job spent 1.8 s of their 12 s generating the same records again.
 */
const generatedProfiles = new Map<string, ProfileRecord>();

function generatedProfile(seed: number, query: string, index: number): ProfileRecord {
  const key = JSON.stringify([seed, query, index]);
  let profile = generatedProfiles.get(key);
  if (profile === undefined) {
    profile = profileRecordForQuery(seed, query, index);
    generatedProfiles.set(key, profile);
  }
  return profile;
}

/** The profiles a mock job ends with, in list order, each once (repeats dropped). */
export function expectedProfiles(seed: number, state: JobInternalState): ProfileRecord[] {
  const repeats = new Set(state.duplicatePositions.map((entry) => entry.position));
  const profiles: ProfileRecord[] = [];
  for (let i = 0; i < state.targetResults; i++)
    if (!repeats.has(i)) profiles.push(generatedProfile(seed, state.query, i));
  return profiles;
}

/** The entries of a profile's collection that become companion rows (objects only, as flattenCollection keeps). */
export function entriesOf(profile: ProfileRecord, collection: 'experience' | 'education'): unknown[] {
  const list = (profile as unknown as Record<string, unknown>)[collection];
  return Array.isArray(list) ? list.filter((entry) => typeof entry === 'object' && entry !== null) : [];
}

/**
 * Checks a companion sheet: every profile with entries has exactly one contiguous group of rows, as many as it has
 * entries, and no other profile appears.
 */
export function expectCompanionGroups(
  sheet: SheetRows,
  profiles: ProfileRecord[],
  collection: 'experience' | 'education',
): void {
  const owners = sheet.column('profile_id').map(String);
  const groups: Array<{ id: string; count: number }> = [];
  for (const owner of owners) {
    const last = groups[groups.length - 1];
    if (last && last.id === owner) last.count++;
    else groups.push({ id: owner, count: 1 });
  }
  const expected = profiles
    .map((profile) => ({ id: String(profile.id), count: entriesOf(profile, collection).length }))
    .filter((group) => group.count > 0);
  expect(groups.map((group) => group.id).sort()).toEqual(expected.map((group) => group.id).sort());
  expect(new Set(groups.map((group) => group.id)).size).toBe(groups.length);
  const countOf = new Map(expected.map((group) => [group.id, group.count]));
  for (const group of groups)
    expect({ id: group.id, count: group.count }).toEqual({ id: group.id, count: countOf.get(group.id) });
}

/** Beyond an execution's 6 minutes: the fakes then end it at its next service call. */
const PAST_THE_EXECUTION_LIMIT_MS = 7 * 60_000;

/**
 * Ends the running execution right after its `n`-th Range.setValues (1-based) from now, as the 6-minute limit would:
 * the fake clock jumps past the limit, so the next service call throws. Returns a function that undoes the hook.
 */
export function killAfterSetValues(env: GasEnvironment, n: number): () => void {
  const original = FakeRange.prototype.setValues;
  let calls = 0;
  const spy = jest.spyOn(FakeRange.prototype, 'setValues').mockImplementation(function (
    this: FakeRange,
    values: unknown[][],
  ) {
    const result = original.call(this, values);
    if (++calls === n) env.clock.advance(PAST_THE_EXECUTION_LIMIT_MS);
    return result;
  });
  return () => spy.mockRestore();
}

/** An add-on where OWNER and TEAMMATE each have their own key on the mock (the owner's with `options`). */
export async function addonForTwo(
  mock: SpawnedMockApi,
  keys: { owner: string; teammate: string },
  options: Partial<GasEnvironmentOptions> = {},
): Promise<LoadedAddon & { key: string }> {
  const addon = await addonWithKey(mock, { key: keys.owner, ...options });
  await mock.control.setKey({ key: keys.teammate, credits: 100_000, tier: '3' });
  trackKey(addon.env, keys.teammate);
  Object.assign(addon.env.properties.user(TEAMMATE), { API_KEY: keys.teammate, API_BASE_URL: mock.url, API_TIER: '3' });
  return addon;
}

/**
 * Moves the mock's job clock until `count` results of the job exist (all of them when omitted; for a job without
 * results, until its search is over).
 */
export async function resultsAppear(mock: SpawnedMockApi, jobId: string, count?: number): Promise<void> {
  const state = await mock.control.job(jobId);
  const times = state.resultTimes;
  const last = times[times.length - 1] ?? state.createdAtJobTime + PENDING_MS + SEARCHING_MS;
  const target = count === undefined ? last : times[count - 1];
  const { jobTime } = await mock.control.clock();
  if (target > jobTime) await mock.control.advanceClock(target - jobTime);
}

// What the research test files share: one mock per file on one data seed, the owner's and the teammate's keys, and
// the sidebar calls as the sidebar makes them, each answer checked against the contract.

export const RESEARCH_SEED = 7;
export const OWNER_KEY = 'lk_test_research_owner_000000000a1b2';
export const TEAMMATE_KEY = 'lk_test_research_mate_0000000000c3d4';
/** The entry point the background trigger runs. */
export const POLL_HANDLER = 'runBackgroundWork';
export const ESSENTIAL_HEADERS = [
  'id',
  'full_name',
  'headline',
  'active_experience_title',
  'experience.1.company_name',
  'match_data.similarity_score',
  'match_data.matched_criteria',
  'location_full',
  'network_url',
];
/** GET /api/search/deep_research/{id}: the status and results of a job. */
export const STATUS_PATH = /^\/api\/search\/deep_research\/[^/]+$/;

/** The file's mock on RESEARCH_SEED; after each test, every status request must have asked for one page. */
export function useResearchMock(): SpawnedMockApi {
  const mock = useIntegrationMock(RESEARCH_SEED);
  afterEach(async () => {
    // docs/api.md "Research jobs": without `page` the service returns every result every time. Never ask that way.
    const statusRequests = await mock.control.requests({ method: 'GET', path: STATUS_PATH });
    for (const request of statusRequests)
      expect(request.query).toMatchObject({ page: expect.stringMatching(/^[1-9]\d*$/), page_size: '100' });
  });
  return mock;
}

export const researchAddon = (
  mock: SpawnedMockApi,
  options: Partial<GasEnvironmentOptions> = {},
): Promise<LoadedAddon & { key: string }> => addonForTwo(mock, { owner: OWNER_KEY, teammate: TEAMMATE_KEY }, options);

export function start(addon: LoadedAddon, request: object, user = OWNER): Summary {
  const summary = sidebar(addon, 'startResearch', [request], user);
  expectSummaryShape(summary);
  return summary;
}

export function poll(addon: LoadedAddon, user = OWNER, jobId?: string): Summary[] {
  const summaries = sidebar(addon, 'pollResearch', jobId === undefined ? [] : [jobId], user) as Summary[];
  summaries.forEach((summary) => expectSummaryShape(summary));
  return summaries;
}

export function list(addon: LoadedAddon, user = OWNER): Summary[] {
  const summaries = sidebar(addon, 'listResearchJobs', [], user) as Summary[];
  summaries.forEach((summary) => expectSummaryShape(summary));
  return summaries;
}

export function summaryOf(addon: LoadedAddon, jobId: string, user = OWNER): Summary {
  const found = list(addon, user).find((summary) => summary.jobId === jobId);
  if (!found) throw new Error(`Job ${jobId} is not listed.`);
  return found;
}

export function triggersOf(addon: LoadedAddon, user = OWNER) {
  return addon.env.triggers.list().filter((trigger) => trigger.owner === user);
}

export const experienceSheet = (summary: Summary) => companionSheetName(summary.sheetName, 'Experience');
export const educationSheet = (summary: Summary) => companionSheetName(summary.sheetName, 'Education');

/** The results sheet and both companions hold each profile of the finished job exactly once. */
export async function expectExactSheets(
  mock: SpawnedMockApi,
  addon: LoadedAddon,
  summary: Summary,
  count?: number,
): Promise<void> {
  const state = await mock.control.job(summary.jobId);
  const profiles = expectedProfiles(RESEARCH_SEED, state).slice(0, count);
  const results = readSheet(addon.env, summary.sheetName);
  expect(results.headers).toEqual(ESSENTIAL_HEADERS);
  expect(results.column('id')).toEqual(profiles.map((profile) => String(profile.id)));
  expect(results.column('full_name')).toEqual(profiles.map((profile) => profile.full_name));
  for (const collection of ['experience', 'education'] as const) {
    const name = collection === 'experience' ? experienceSheet(summary) : educationSheet(summary);
    expectCompanionGroups(readSheet(addon.env, name), profiles, collection);
  }
}
