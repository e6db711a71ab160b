import { currentUserId, knownUserId } from '../../src/core/user-id';
import { memoryStore } from '../support/memory';

describe("a user's id", () => {
  it('is created once, kept in their properties, and the same afterwards', () => {
    const store = memoryStore();
    const ids = ['first', 'second'];
    const newId = () => ids.shift()!;
    expect(knownUserId(store)).toBeNull();
    expect(currentUserId(store, newId)).toBe('first');
    expect(currentUserId(store, newId)).toBe('first');
    expect(knownUserId(store)).toBe('first');
    expect(Object.values(store.data)).toEqual(['first']);
  });

  it('is the one users had before, under the key research began with', () => {
    const store = memoryStore({ RESEARCH_USER_ID: 'older' });
    expect(currentUserId(store, () => 'new')).toBe('older');
  });
});
