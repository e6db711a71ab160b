// The list helpers the core shares.
import { unique } from '../../src/core/collections';

describe('unique', () => {
  it('drops repeats and keeps each value where it first appears', () => {
    expect(unique(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });

  it('tells values of different types apart', () => {
    expect(unique<unknown>([1, '1', 1, true, 'true'])).toEqual([1, '1', true, 'true']);
  });

  it('compares objects by identity, not by content', () => {
    const shared = { id: 1 };
    expect(unique([shared, shared, { id: 1 }])).toHaveLength(2);
  });

  it('leaves the list it was given as it was', () => {
    const values = ['a', 'a'];
    expect(unique(values)).toEqual(['a']);
    expect(values).toEqual(['a', 'a']);
    expect(unique([])).toEqual([]);
  });
});
