import { withLock } from '../../src/core/lock';
import type { Lock } from '../../src/core/ports';

/** A lock another execution may hold; records the waits asked for and whether it is held now. */
function fakeLock(heldElsewhere: boolean) {
  const state = { held: false, waits: [] as number[] };
  const lock: Lock = {
    tryLock: (timeoutMs) => {
      state.waits.push(timeoutMs);
      if (heldElsewhere) return false;
      state.held = true;
      return true;
    },
    release: () => void (state.held = false),
  };
  return { lock, state };
}

describe('withLock', () => {
  it('runs fn holding the lock, answers its result and releases the lock', () => {
    const { lock, state } = fakeLock(false);
    const heldDuring: boolean[] = [];
    const result = withLock(lock, 250, 'busy', () => {
      heldDuring.push(state.held);
      return 42;
    });
    expect(result).toBe(42);
    expect(heldDuring).toEqual([true]);
    expect(state).toEqual({ held: false, waits: [250] });
  });

  it('answers busy without running fn when the lock stays taken', () => {
    const { lock } = fakeLock(true);
    const fn = jest.fn();
    expect(withLock(lock, 10, 'busy', fn)).toBe('busy');
    expect(fn).not.toHaveBeenCalled();
  });

  it('releases the lock when fn throws', () => {
    const { lock, state } = fakeLock(false);
    expect(() =>
      withLock(lock, 0, null, () => {
        throw new Error('write failed');
      }),
    ).toThrow('write failed');
    expect(state.held).toBe(false);
  });
});
