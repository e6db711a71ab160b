// Research jobs whose poll the 6-minute execution limit ends after each of its sheet writes in turn: the next poll
// loses and repeats nothing. Apart from research.test.ts so that the two files run on two workers side by side.
import {
  expectExactSheets,
  killAfterSetValues,
  poll,
  researchAddon,
  resultsAppear,
  start,
  triggersOf,
  useResearchMock,
} from './research-helpers';

const mock = useResearchMock();

describe('an execution ended by the 6-minute limit', () => {
  // Every setValues of the poll: the two companions' header rows, then one block per sheet (its pages written together).
  it.each([1, 2, 3, 4, 5])(
    'an execution ended by the 6-minute limit after its write no. %i loses and repeats nothing',
    async (cutAfter) => {
      const addon = await researchAddon(mock);
      await mock.control.nextJob({ duplicates: 1 });
      const job = start(addon, { query: 'data engineers in Lisbon', limit: 238 });
      await resultsAppear(mock, job.jobId);
      const restore = killAfterSetValues(addon.env, cutAfter);
      try {
        expect(() => poll(addon)).toThrow('Exceeded maximum execution time');
      } finally {
        restore();
      }
      const [done] = poll(addon);
      expect(done).toMatchObject({ status: 'completed', rowsWritten: 237, error: null });
      await expectExactSheets(mock, addon, done);
      expect(triggersOf(addon)).toEqual([]);
    },
  );
});
