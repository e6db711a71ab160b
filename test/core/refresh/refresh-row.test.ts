import { planWrite } from '../../../src/core/cells';
import { flattenRecord, parseFieldList, type FieldPath } from '../../../src/core/fields/flatten';
import { checkedText, statusHeaderOf } from '../../../src/core/refresh/checked';
import { planRowRefresh } from '../../../src/core/refresh/refresh-row';
import { scrapedProfile } from '../fields/samples';

const parsed = parseFieldList('name, headline, num_of_connections, experience.1.employer_name', 'scrapedProfile');
const fields = (parsed as { ok: true; fields: FieldPath<'scrapedProfile'>[] }).fields;
const STATUS = statusHeaderOf('scrape');
const fetchedAt = Date.parse('2026-11-27T20:07:07.300Z');
const oldValues = flattenRecord(scrapedProfile, fields);
const cells = planWrite(fields, [oldValues]).rows[0];

describe('a refreshed row', () => {
  it('writes nothing but its checked time when nothing changed', () => {
    expect(
      planRowRefresh(fields, { values: cells, status: 'OK' }, { status: 'OK', values: oldValues }, STATUS, fetchedAt),
    ).toEqual({
      writes: [],
      status: null,
      checked: checkedText(fetchedAt),
      changes: [],
    });
  });

  it('writes only the cells that changed', () => {
    const moved = {
      ...scrapedProfile,
      experience: [{ ...scrapedProfile.experience[0], employer_name: 'Remington Rand' }],
    };
    const plan = planRowRefresh(
      fields,
      { values: cells, status: 'OK' },
      { status: 'OK', values: flattenRecord(moved, fields) },
      STATUS,
      fetchedAt,
    );
    expect(plan.writes).toEqual([{ field: 3, value: 'Remington Rand' }]);
    expect(plan.changes).toEqual([{ field: 'experience.1.employer_name', old: 'US Navy', new: 'Remington Rand' }]);
    expect(plan.status).toBeNull();
  });

  it('keeps the values of a profile gone, and changes its status', () => {
    const plan = planRowRefresh(
      fields,
      { values: cells, status: 'OK' },
      { status: 'PRIVATE', values: null },
      STATUS,
      fetchedAt,
    );
    expect(plan).toEqual({
      writes: [],
      status: 'PRIVATE',
      checked: checkedText(fetchedAt),
      changes: [{ field: STATUS, old: 'OK', new: 'PRIVATE' }],
    });
  });

  it('writes the status and the values of a profile found again', () => {
    const blank = fields.map(() => '');
    const plan = planRowRefresh(
      fields,
      { values: blank, status: 'NOT FOUND' },
      { status: 'OK', values: oldValues },
      STATUS,
      fetchedAt,
    );
    expect(plan.status).toBe('OK');
    expect(plan.writes.map((write) => write.field)).toEqual([0, 1, 2, 3]);
  });

  it('dates no row whose refresh failed, and keeps its values', () => {
    const failed = 'ERROR: The service had an internal error (500).';
    const plan = planRowRefresh(
      fields,
      { values: cells, status: 'OK' },
      { status: failed, values: null },
      STATUS,
      fetchedAt,
    );
    expect(plan).toEqual({ writes: [], status: failed, checked: '', changes: [] });
  });
});
