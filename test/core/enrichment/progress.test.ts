// A run's progress read from its column: the counts the sidebar shows, and the inputs still to fetch.
import { countRows, NO_COUNTS, remainingInputs } from '../../../src/core/enrichment/progress';
import { OPERATIONS } from '../../../src/core/enrichment/operations';

describe('progress from the column', () => {
  const url = (slug: string) => `https://www.network.com/in/${slug}`;
  const inputs = [url('a'), url('b'), url('c'), 'junk', '', url('d'), url('e'), url('a'), url('f')];
  const statuses = ['OK', 'NOT FOUND', 'PRIVATE', 'INVALID: junk.', 'OK', 'ERROR: boom.', '', '', ''];

  it('counts the rows as the status cells say', () => {
    expect(countRows(inputs, statuses)).toEqual({ total: 8, done: 5, ok: 1, notFound: 2, failed: 1, invalid: 1 });
  });

  it('lists what is left, each input once', () => {
    expect(remainingInputs(OPERATIONS.scrape, inputs, statuses)).toEqual({
      inputs: [url('e'), url('a'), url('f')],
      rows: 3,
    });
    expect(remainingInputs(OPERATIONS.scrape, ['junk'], [''])).toEqual({ inputs: [], rows: 1 });
  });

  it('counts nothing for an empty column', () => {
    expect(countRows([], [])).toEqual(NO_COUNTS);
    expect(NO_COUNTS).toEqual({ total: 0, done: 0, ok: 0, notFound: 0, failed: 0, invalid: 0 });
  });

  it('leaves out blank inputs, whatever their status cell holds', () => {
    expect(countRows(['', '  ', url('a')], ['OK', 'ERROR: old.', ''])).toEqual({ ...NO_COUNTS, total: 1 });
  });

  it('counts a status the run does not know (typed by the user) as failed, and a missing cell as no status', () => {
    expect(countRows([url('a'), url('b'), url('c')], ['skipped', '  '])).toEqual({
      ...NO_COUNTS,
      total: 3,
      done: 1,
      failed: 1,
    });
  });

  it('fetches one profile given as several URL variants once, and leaves rows with any status alone', () => {
    const variants = [url('ann'), 'http://network.com/in/ANN/?trk=x', url('bob'), url('cy')];
    expect(remainingInputs(OPERATIONS.scrape, variants, ['', '', 'ERROR: boom.', 'skipped'])).toEqual({
      inputs: [url('ann')],
      rows: 2,
    });
  });

  it('lists contact lookups as the operation normalises them, so an email and a phone stay apart', () => {
    const { inputs, rows } = remainingInputs(OPERATIONS.contacts, [' Ann@Example.com ', '+1 415 555 0100'], []);
    expect(rows).toBe(2);
    expect(inputs.map((input) => JSON.parse(input) as unknown)).toEqual([
      { email: 'ann@example.com' },
      { phone: '+14155550100' },
    ]);
  });
});
