// A refresh chunk's writes planned from a run's area in memory, its marks per rectangle and its one log append.
import { OPERATIONS } from '../../../src/core/enrichment/operations';
import { readArea } from '../../../src/core/enrichment/run-area';
import { parseFieldList, type FieldPath } from '../../../src/core/fields/flatten';
import { CHANGE_HIGHLIGHT, CHANGES_HEADER, CHANGES_SHEET_NAME } from '../../../src/core/refresh/changes';
import { checkedHeaderOf, statusHeaderOf } from '../../../src/core/refresh/checked';
import { logChanges, markChanges, planRefreshWrites } from '../../../src/core/refresh/refresh-writes';
import { memoryBook } from '../enrichment/fakes';

const parsed = parseFieldList('full_name, headline', 'profileRecord');
const fields = (parsed as { ok: true; fields: FieldPath[] }).fields;
const STATUS = statusHeaderOf('profile');
const url = (slug: string) => `https://www.network.com/in/${slug}`;
const CHECKED = '2026-10-01T00:00:00Z';
const now = Date.parse('2026-11-27T20:07:07Z');

function book() {
  const memory = memoryBook();
  memory.addSheet('Leads', [
    ['Profile', 'full_name', 'headline', STATUS, checkedHeaderOf('profile')],
    [url('ada'), 'Ada', 'Engineer', 'OK', CHECKED],
    [url('bob'), 'Bob', 'Painter', 'OK', CHECKED],
    [url('cy'), 'Cy', 'Cook', 'OK', CHECKED],
  ]);
  const area = readArea(
    memory.port,
    { sheet: 'Leads', headerRow: 1, lastRow: 4, inputColumn: 1 },
    {
      operation: 'profile',
      fields: ['full_name', 'headline'],
    },
  );
  return { memory, area };
}

const run = { runId: 'r1', operation: 'profile' as const, spec: OPERATIONS.profile, fields, statusHeader: STATUS };
const record = (full_name: string, headline: string) => ({
  status: 'OK',
  values: [full_name, headline],
  fetchedAt: now,
});

describe('planRefreshWrites', () => {
  it('writes only the changed cells, the status when it changed, and every fetched row’s checked time', () => {
    const { area } = book();
    const answers: Record<string, ReturnType<typeof record> | { status: string; values: null; fetchedAt: number }> = {
      [url('ada')]: record('Ada', 'Engineer'),
      [url('bob')]: record('Bob', 'Sculptor'),
      [url('cy')]: { status: 'NOT FOUND', values: null, fetchedAt: now },
    };
    const plan = planRefreshWrites(area, [0, 1, 2], run, (input) => answers[input] ?? null, {
      detectedAt: now,
      sheetName: 'Leads',
    });
    expect(plan.refreshed).toBe(3);
    expect([...plan.cells.entries()].map(([r, cells]) => [r, Object.fromEntries(cells)])).toEqual([
      [0, { 5: '2026-11-27T20:07:07Z' }],
      [1, { 3: 'Sculptor', 5: '2026-11-27T20:07:07Z' }],
      [2, { 4: 'NOT FOUND', 5: '2026-11-27T20:07:07Z' }],
    ]);
    // A gone profile keeps its values: its status cell is the change.
    expect(plan.changed).toEqual([
      { r: 1, column: 3, old: 'Painter' },
      { r: 2, column: 4, old: 'OK' },
    ]);
    expect(
      plan.records.map(({ row, input, field, old, new: value, change }) => ({ row, input, field, old, value, change })),
    ).toEqual([
      // On a profile record a headline names the job: a new title.
      { row: 3, input: url('bob'), field: 'headline', old: 'Painter', value: 'Sculptor', change: 'new title' },
      { row: 4, input: url('cy'), field: STATUS, old: 'OK', value: 'NOT FOUND', change: 'profile gone' },
    ]);
  });

  it('never writes over a formula in an output cell, nor counts it as a change', () => {
    const { area } = book();
    const HEADLINE = 3;
    const formulas = area.grid.values.map((line, r) =>
      line.map((_, i) => (r === 1 && area.grid.columns[i] === HEADLINE ? '=UPPER("painter")' : '')),
    );
    const withFormula = { ...area, grid: { ...area.grid, formulas } };
    const plan = planRefreshWrites(withFormula, [1], run, () => record('Bob', 'Sculptor'), {
      detectedAt: now,
      sheetName: 'Leads',
    });
    expect(Object.fromEntries(plan.cells.get(1)!)).toEqual({ 5: '2026-11-27T20:07:07Z' });
    expect([plan.changed, plan.records]).toEqual([[], []]);
  });

  it('leaves a row whose fetch failed, or was not fetched in this call, as it is', () => {
    const { area } = book();
    const failed = { status: 'ERROR: timed out', values: null, fetchedAt: now };
    const plan = planRefreshWrites(area, [0, 1], run, (input) => (input === url('ada') ? failed : null), {
      detectedAt: now,
      sheetName: 'Leads',
    });
    expect(plan).toEqual({ cells: new Map(), changed: [], records: [], refreshed: 0 });
  });
});

describe('marking and logging changes', () => {
  it('marks each changed cell with one read and one write of notes and backgrounds per rectangle', () => {
    const { memory } = book();
    memory.marks.notes.set('Leads!3,3', 'mine');
    markChanges(
      memory.port,
      'Leads',
      2,
      [
        { r: 1, column: 3, old: 'Painter' },
        { r: 2, column: 2, old: 'Cy' },
      ],
      now,
    );
    // B:C over rows 3 to 4: one rectangle, two reads and two writes.
    expect(memory.marks.calls).toBe(4);
    expect(memory.marks.notes.get('Leads!3,3')).toBe('sheet-enrich: was "Painter" until 2026-11-27T20:07:07Z\nmine');
    expect(memory.marks.notes.get('Leads!4,2')).toBe('sheet-enrich: was "Cy" until 2026-11-27T20:07:07Z');
    expect(memory.marks.notes.get('Leads!3,2')).toBe('');
    expect(memory.marks.backgrounds.get('Leads!3,3')).toBe(CHANGE_HIGHLIGHT);
    expect(memory.marks.backgrounds.get('Leads!4,3')).toBe('#ffffff');
  });

  it('appends the records in one write, adding the changes sheet with its header first', () => {
    const { memory, area } = book();
    const plan = planRefreshWrites(area, [1], run, () => record('Bob', '=1+1'), {
      detectedAt: now,
      sheetName: 'Leads',
    });
    logChanges(memory.port, plan.records);
    logChanges(memory.port, plan.records);
    logChanges(memory.port, []);
    const log = memory.sheets.get(CHANGES_SHEET_NAME)!;
    expect(log[0]).toEqual([...CHANGES_HEADER]);
    expect(log.slice(1)).toEqual(
      [0, 1].map(() => [
        '2026-11-27T20:07:07Z',
        'Leads',
        3,
        url('bob'),
        'headline',
        'Painter',
        '=1+1',
        'new title',
        'r1',
      ]),
    );
    const appends = memory.writes.filter((write) => write.sheet === CHANGES_SHEET_NAME);
    expect(appends.map((write) => [write.block.row, write.block.values.length])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
    expect(appends[1].block.formats).toEqual(['@', '@', 'General', '@', '@', '@', '@', '@', '@']);
  });
});
