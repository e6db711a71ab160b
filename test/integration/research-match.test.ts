// Why each person matched, and tabs that stay short, through the built bundle in the Apps Script fakes against the
// mock's research jobs: the results sheet holds each profile's match score and matched criteria (as the mock's
// match_data says), and several jobs on one brief get results and companion sheets whose names never repeat.
import type { ProfileRecordMatchData } from '../../src/core/api/types';
import { companionSheetName } from '../../src/core/research/sheet-name';
import {
  educationSheet,
  expectedProfiles,
  experienceSheet,
  poll,
  readSheet,
  researchAddon,
  RESEARCH_SEED,
  resultsAppear,
  start,
  type Summary,
  useResearchMock,
} from './research-helpers';

const mock = useResearchMock();
const BRIEF = 'heads of talent at fintechs in Berlin';

async function finish(addon: Awaited<ReturnType<typeof researchAddon>>, job: Summary): Promise<Summary> {
  await resultsAppear(mock, job.jobId);
  let summary = job;
  for (let polls = 0; summary.status !== 'completed' && polls < 10; polls++) {
    await mock.control.advanceClock(5_000);
    summary = poll(addon, undefined, job.jobId)[0];
  }
  expect(summary.status).toBe('completed');
  return summary;
}

describe('research results say why each person matched', () => {
  it("writes each profile's match score and the criteria it met, as the service gave them", async () => {
    const addon = await researchAddon(mock);
    const job = await finish(addon, start(addon, { query: BRIEF, limit: 15 }));
    const results = readSheet(addon.env, job.sheetName);
    const profiles = expectedProfiles(RESEARCH_SEED, await mock.control.job(job.jobId));
    expect(results.column('id')).toEqual(profiles.map((profile) => String(profile.id)));
    const matchOf = (index: number) => profiles[index].match_data as ProfileRecordMatchData;
    expect(results.column('match_data.similarity_score')).toEqual(profiles.map((_, i) => matchOf(i).similarity_score));
    expect(results.column('match_data.matched_criteria')).toEqual(
      profiles.map((_, i) => (matchOf(i).matched_criteria ?? []).join(', ')),
    );
    // The criteria say what the brief asked and what each person meets: the role only where the title fits it.
    const criteria = results.column('match_data.matched_criteria').map(String);
    const titles = results.column('active_experience_title').map(String);
    expect(criteria.every((text) => text.includes('Based in Berlin'))).toBe(true);
    criteria.forEach((text, i) =>
      expect(text.includes('Title fits "heads of talent"')).toBe(/talent/i.test(titles[i])),
    );
  });
});

describe('research tabs', () => {
  it('names companions by the job tag: short, unique across jobs on one brief, and where the rows went', async () => {
    const addon = await researchAddon(mock);
    const jobs: Summary[] = [];
    for (let i = 0; i < 3; i++) jobs.push(await finish(addon, start(addon, { query: BRIEF, limit: 3 })));
    const names = addon.env.spreadsheet.sheets().map((sheet) => sheet.name);
    for (const job of jobs) {
      const tag = job.sheetName.split(' · ').at(-1);
      expect(job.sheetName).toBe(`Research · heads of talent at fintechs in… · ${tag}`);
      expect([experienceSheet(job), educationSheet(job)]).toEqual([`Experience · ${tag}`, `Education · ${tag}`]);
      expect(names).toEqual(expect.arrayContaining([job.sheetName, experienceSheet(job)]));
      expect(readSheet(addon.env, experienceSheet(job)).column('profile_id').length).toBeGreaterThan(0);
    }
    const research = names.filter((name) => name !== 'Sheet1');
    expect(new Set(research).size).toBe(research.length);
    expect(Math.max(...research.map((name) => name.length))).toBeLessThanOrEqual(100);
    expect(Math.max(...jobs.map((job) => companionSheetName(job.sheetName, 'Experience').length))).toBeLessThan(25);
  });
});
