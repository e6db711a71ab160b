import { MAX_RESEARCH_LIMIT } from '../../../src/core/api/limits';
import { DEFAULT_RESEARCH_LIMIT, validateResearchRequest } from '../../../src/core/research/request';
import { UserError } from '../../../src/core/user-error';

const LIMIT_SENTENCE = `The result limit must be a whole number from 1 to ${MAX_RESEARCH_LIMIT}.`;

describe('research request', () => {
  it('takes a whole-number limit, and the default when none is given', () => {
    expect(validateResearchRequest({ query: ' nurses in Porto ', limit: 5 })).toEqual({
      query: 'nurses in Porto',
      limit: 5,
      columns: 'essentials',
    });
    expect(validateResearchRequest({ query: 'q' }).limit).toBe(DEFAULT_RESEARCH_LIMIT);
    expect(validateResearchRequest({ query: 'q', limit: null }).limit).toBe(DEFAULT_RESEARCH_LIMIT);
    expect(validateResearchRequest({ query: 'q', limit: MAX_RESEARCH_LIMIT }).limit).toBe(MAX_RESEARCH_LIMIT);
  });

  // Number() reads some of these as a valid limit (true → 1, [5] → 5, '7' → 7), and a real job would start with it.
  it.each([[true], [[5]], ['7'], [''], [{}], [2.5], [0], [MAX_RESEARCH_LIMIT + 1], [NaN], [Infinity]])(
    'refuses the limit %j before anything is sent',
    (limit) => {
      expect(() => validateResearchRequest({ query: 'q', limit })).toThrow(UserError);
      expect(() => validateResearchRequest({ query: 'q', limit })).toThrow(LIMIT_SENTENCE);
    },
  );
});
