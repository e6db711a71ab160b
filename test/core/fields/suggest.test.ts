import { closestNames, MAX_COMPARED_LENGTH } from '../../../src/core/fields/suggest';

const NAMES = ['name', 'headline', 'phone', 'phone_type', 'phone_rating', 'experience'];

describe('closestNames', () => {
  it('ranks typos first, then names starting with or containing the typed text', () => {
    expect(closestNames('headlin', NAMES)).toEqual(['headline']);
    expect(closestNames('exp', NAMES)).toEqual(['experience']);
    expect(closestNames('PHONE_RATE', NAMES)).toEqual(['phone_type', 'phone_rating']);
  });

  it('falls back to names inside the typed one, then names sharing a word', () => {
    expect(closestNames('phone_number', NAMES)).toEqual(['phone', 'phone_type', 'phone_rating']);
    expect(closestNames('mobile_phone', NAMES, 1)).toEqual(['phone']);
    expect(closestNames('zzzzzzzz', NAMES)).toEqual([]);
  });

  it('compares only the first characters of a pasted paragraph, so its length does not add work', () => {
    expect(closestNames(`${'x'.repeat(MAX_COMPARED_LENGTH - 8)}headline`, NAMES)).toEqual(['headline']);
    expect(closestNames(`${'x'.repeat(MAX_COMPARED_LENGTH)}headline`, NAMES)).toEqual([]);
    expect(closestNames(`${'x'.repeat(100_000)}headline`, NAMES)).toEqual([]);
  });
});
