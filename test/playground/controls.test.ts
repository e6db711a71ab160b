// The line "Let time pass…" says, from the mock's change list: each person counted once per kind they met.
import type { WorldChanges, WorldPersonChange } from '../../dev/mock-api/control';
import { changeSummary } from '../../dev/playground/controls';

const person = (slug: string, kinds: WorldPersonChange['kinds']): WorldPersonChange => ({
  id: slug,
  slug,
  inputs: { network_url: `https://www.network.com/in/${slug}`, emails: [], phones: [] },
  kinds,
  at: '2026-01-01T00:00:00.000Z',
  fields: [],
});
const list = (changes: WorldPersonChange[]): WorldChanges => ({ rounds: [], since: 0, changes });

test('people changed, then each kind by how many met it, most first', () => {
  const summary = changeSummary(
    list([
      person('a', ['new title', 'new email']),
      person('b', ['new employer']),
      person('c', ['new employer', 'new employer']),
    ]),
  );
  expect(summary).toBe('3 people changed: 2 new employer, 1 new title, 1 new email');
});

test('one person, and nobody', () => {
  expect(changeSummary(list([person('a', ['new phone'])]))).toBe('1 person changed: 1 new phone');
  expect(changeSummary(list([]))).toBe('nobody the sheet knows changed');
});
