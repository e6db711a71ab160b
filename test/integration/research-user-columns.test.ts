// README: "Columns you add to a results sheet, or move, are left alone." Research polls write only their own columns
// (found by header name), so a user's formulas, text and formats in columns between and next to them survive every
// poll, including the last partial page that each poll writes again. Runs the built bundle in the Apps Script fakes.
import { companionSheetName } from '../../src/core/research/sheet-name';
import { addonWithKey, OWNER, useIntegrationMock } from './harness';
import {
  ESSENTIAL_HEADERS,
  expectCompanionGroups,
  expectedProfiles,
  expectSummaryShape,
  readSheet,
  resultsAppear,
  type Summary,
} from './research-helpers';

const SEED = 7;
const KEY = 'lk_test_research_columns_00000000e5f6';
const OURS = ESSENTIAL_HEADERS;
/** The one of OURS that holds numbers (the match score); the others hold text. */
const NUMBER_COLUMN = 'match_data.similarity_score';

const mock = useIntegrationMock(SEED);

describe("a results sheet with the user's own columns", () => {
  it("keeps the user's formulas, text and formats, between and next to ours, through every later poll", async () => {
    const addon = await addonWithKey(mock, { key: KEY });
    const { env } = addon;
    const call = (name: string, args: unknown[]) => addon.bundle.callFromSidebar(name, args, OWNER);
    const poll = () => {
      const [summary] = call('pollResearch', []) as Summary[];
      expectSummaryShape(summary);
      return summary;
    };
    const job = call('startResearch', [{ query: 'data engineers in Lisbon', limit: 30 }]) as Summary;
    expectSummaryShape(job);
    await resultsAppear(mock, job.jobId, 8);
    expect(poll()).toMatchObject({ status: 'processing', rowsWritten: 8 });
    const sheet = env.spreadsheet.sheet(job.sheetName);
    expect(readSheet(env, job.sheetName).headers).toEqual(OURS);

    // The user inserts a column between full_name (B) and headline, and adds two after ours, as they would type them:
    // a zip code kept as text by its apostrophe, and a formula filled down past the rows written so far.
    sheet.insertColumns(2, 1);
    sheet.write('C1', [['note'], ["'00501"], ['call back']]);
    sheet.write('C20', [["'00777"]]);
    sheet.write('K1', [['name length', 'zip']]);
    sheet.write(
      'K2',
      Array.from({ length: 30 }, (_, i) => [`=LEN(B${i + 2})`]),
    );
    sheet.write('L2', [["'00501"]]);
    const userColumns = ['C', 'K', 'L'];
    const before = Object.fromEntries(
      userColumns.map((column) => [column, sheet.numberFormats(`${column}1:${column}31`)]),
    );

    let summary = job;
    for (let polls = 0; summary.status !== 'completed' && polls < 10; polls++) {
      await resultsAppear(mock, job.jobId, Math.min(30, 8 + 6 * (polls + 1)));
      summary = poll();
      // The user's formulas reach row 31: count the rows by their id.
      expect(summary.rowsWritten).toBe(
        readSheet(env, job.sheetName)
          .column('id')
          .filter((id) => id !== '').length,
      );
    }
    expect(summary).toMatchObject({ status: 'completed', rowsWritten: 30, error: null });

    const results = readSheet(env, job.sheetName);
    expect(results.headers).toEqual([OURS[0], OURS[1], 'note', ...OURS.slice(2), 'name length', 'zip']);
    const profiles = expectedProfiles(SEED, await mock.control.job(job.jobId));
    expect(results.column('id')).toEqual(profiles.map((profile) => String(profile.id)));
    expect(results.column('full_name')).toEqual(profiles.map((profile) => profile.full_name));
    expect(new Set(results.column('id')).size).toBe(30);
    for (const collection of ['experience', 'education'] as const) {
      const name = companionSheetName(job.sheetName, collection === 'experience' ? 'Experience' : 'Education');
      expectCompanionGroups(readSheet(env, name), profiles, collection);
    }

    // The user's formulas are still formulas, on updated and appended rows alike.
    expect(sheet.formulas('K2:K31')).toEqual(Array.from({ length: 30 }, (_, i) => [`=LEN(B${i + 2})`]));
    // Their text is still text, where we updated rows and where we appended them.
    expect(sheet.values('C2:C3')).toEqual([['00501'], ['call back']]);
    expect(sheet.values('C20')).toEqual([['00777']]);
    expect(sheet.values('L2')).toEqual([['00501']]);
    expect(results.column('note').filter((value) => value !== '')).toEqual(['00501', 'call back', '00777']);
    // Their columns keep their formats; ours are plain text.
    for (const column of userColumns) expect(sheet.numberFormats(`${column}1:${column}31`)).toEqual(before[column]);
    expect(before.C.flat().every((format) => format !== '@')).toBe(true);
    const ourTextColumns = ['A', 'B', 'D', 'E', 'F', 'G', 'H', 'I', 'J'].filter(
      (column) => results.headers[column.charCodeAt(0) - 65] !== NUMBER_COLUMN,
    );
    expect(ourTextColumns).toHaveLength(OURS.length - 1);
    for (const column of ourTextColumns) {
      expect(new Set(sheet.numberFormats(`${column}1:${column}31`).flat())).toEqual(new Set(['@']));
    }
  });
});
