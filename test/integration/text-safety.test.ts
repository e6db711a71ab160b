// Text from the API can never become a formula, number, date or boolean in a sheet, nor change by a character,
// whether or not a plain-text format stops Range.setValues from parsing (Google does not document it; see
// docs/platform.md). Research results carrying hostile text are written by the built bundle in the Apps Script
// fakes, with that switch on and off, and every cell must equal the API's text exactly.
import type { GasEnvironment } from '../../dev/gas-fakes';
import { FakeRange } from '../../dev/gas-fakes/spreadsheet-app';
import { capCellText } from '../../src/core/cells';
import { addonWithKey, OWNER, rewriteAnswers, useIntegrationMock } from './harness';
import { expectSummaryShape, readSheet, resultsAppear, type Summary } from './research-helpers';

const SEED = 11;
const KEY = 'lk_test_text_safety_000000000000e7f8';
const LONG_TEXT = `=HYPERLINK("http://evil.example")${'x'.repeat(60_000 - 33)}`;
const HOSTILE = [
  '=HYPERLINK("x")',
  '+14155550100',
  '1-10',
  '00501',
  'TRUE',
  '3/4',
  '12:30',
  '50%',
  '$5',
  '-Minus Studio',
  '@channel',
  "'quoted",
  '#REF!',
  '__proto__',
  'constructor',
  '王芳',
  'دبي',
  '🚀 Shipped v2 👩‍💻✨',
  'first line\nsecond line',
  ' =1+1',
  LONG_TEXT,
];
/** The text columns a research sheet has by default (docs/api.md), each given hostile text below. */
const TEXT_FIELDS = ['full_name', 'headline', 'active_experience_title', 'location_full'] as const;
const STATUS_PATH = /\/api\/search\/deep_research\/[^/?]+\?/;

const mock = useIntegrationMock(SEED);

/** What the API said for each profile id and field, as the hostile texts were put into its answers. */
type Served = Map<string, Record<string, string>>;

/**
 * Rewrites the research results the add-on receives so their text fields hold the hostile texts (each profile a
 * different mix), as the service could send them. Returns what was served.
 */
function serveHostileResults(env: GasEnvironment): Served {
  const served: Served = new Map();
  rewriteAnswers(env, STATUS_PATH, (answer) => {
    for (const profile of (answer.results as Array<Record<string, unknown>> | undefined) ?? []) {
      const id = String(profile.id);
      const position = served.has(id) ? [...served.keys()].indexOf(id) : served.size;
      const texts: Record<string, string> = {};
      TEXT_FIELDS.forEach((field, f) => (texts[field] = HOSTILE[(position + f * 5) % HOSTILE.length]));
      Object.assign(profile, texts);
      served.set(id, texts);
    }
  });
  return served;
}

/**
 * Ends the running execution right after its `n`-th cell write (setValues or setRichTextValues) from now, as the
 * 6-minute limit would: the fake clock jumps past it, so the next service call throws. Returns the undo.
 */
function cutAfterWrites(env: GasEnvironment, n: number): () => void {
  let writes = 0;
  const spies = (['setValues', 'setRichTextValues'] as const).map((method) => {
    const original = FakeRange.prototype[method];
    return jest.spyOn(FakeRange.prototype, method).mockImplementation(function (this: FakeRange, values: unknown[][]) {
      const result = original.call(this, values);
      if (++writes === n) env.clock.advance(7 * 60_000);
      return result;
    });
  });
  return () => spies.forEach((spy) => spy.mockRestore());
}

/** Moves the mock's job clock until `count` results of the job exist (all of them when omitted). */
describe.each([true, false])(
  'research text, plain-text format stops setValues parsing: %p',
  (plainTextStopsParsing) => {
    it('lands in every cell exactly as the API sent it (capped at 50,000 characters), never as a formula', async () => {
      const addon = await addonWithKey(mock, { key: KEY, uncertain: { plainTextStopsParsing } });
      const served = serveHostileResults(addon.env);
      const call = (name: string, args: unknown[]) => addon.bundle.callFromSidebar(name, args, OWNER);
      const job = call('startResearch', [{ query: 'sales leaders in Porto', limit: HOSTILE.length }]) as Summary;
      expectSummaryShape(job);
      await resultsAppear(mock, job.jobId);
      const [summary] = call('pollResearch', []) as Summary[];
      expect(summary).toMatchObject({ status: 'completed', rowsWritten: HOSTILE.length });

      const sheet = readSheet(addon.env, job.sheetName);
      const ids = sheet.column('id').map(String);
      expect(new Set(ids)).toEqual(new Set(served.keys()));
      const wrote = new Set<string>();
      ids.forEach((id, row) => {
        for (const field of TEXT_FIELDS) {
          const text = served.get(id)![field];
          expect({ id, field, value: sheet.column(field)[row] }).toEqual({ id, field, value: capCellText(text) });
          wrote.add(text);
        }
      });
      // Every hostile text reached a cell, and no cell of the sheet holds a formula.
      expect(wrote).toEqual(new Set(HOSTILE));
      const model = addon.env.spreadsheet.sheet(job.sheetName);
      expect(
        model
          .formulas()
          .flat()
          .filter((formula) => formula !== ''),
      ).toEqual([]);
    });
  },
);

describe('an execution cut between the calls of a block write', () => {
  // The second poll writes the rows of the first again (updates) and the rest (appends), each block in several
  // calls; whichever call the execution ends after, the next poll leaves every profile once, exactly.
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'after write no. %i loses nothing and writes no row twice (plain-text format ignored by setValues)',
    async (cutAfter) => {
      const addon = await addonWithKey(mock, { key: KEY, uncertain: { plainTextStopsParsing: false } });
      const served = serveHostileResults(addon.env);
      const call = (name: string, args: unknown[]) => addon.bundle.callFromSidebar(name, args, OWNER);
      const job = call('startResearch', [{ query: 'sales leaders in Porto', limit: HOSTILE.length }]) as Summary;
      await resultsAppear(mock, job.jobId, 10);
      call('pollResearch', []);
      await resultsAppear(mock, job.jobId);
      const restore = cutAfterWrites(addon.env, cutAfter);
      try {
        expect(() => call('pollResearch', [])).toThrow('Exceeded maximum execution time');
      } finally {
        restore();
      }
      const [done] = call('pollResearch', []) as Summary[];
      expect(done).toMatchObject({ status: 'completed', rowsWritten: HOSTILE.length });
      const sheet = readSheet(addon.env, job.sheetName);
      expect(sheet.column('id').map(String).sort()).toEqual([...served.keys()].sort());
      sheet.column('id').forEach((id, row) => {
        for (const field of TEXT_FIELDS)
          expect(sheet.column(field)[row]).toBe(capCellText(served.get(String(id))![field]));
      });
    },
  );
});
