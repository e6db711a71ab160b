// The constants among the API's types. The scrape pace of each tier (docs/api.md, README "Settings"): the add-on
// paces its scrapes by this table, and the mock limits by it too, so the figures are checked here against the
// documented ones, written out.
import { SCRAPES_PER_MINUTE } from '../../../src/core/api/types';
import { TIERS } from '../../../src/core/settings';

describe('SCRAPES_PER_MINUTE', () => {
  it('is 5 / 15 / 150 / 300 for the tiers free, 1, 2 and 3', () => {
    expect(SCRAPES_PER_MINUTE).toEqual({ free: 5, '1': 15, '2': 150, '3': 300 });
  });

  it('has a pace for every tier a user may choose, and none other', () => {
    expect(Object.keys(SCRAPES_PER_MINUTE).sort()).toEqual([...TIERS].sort());
  });
});
