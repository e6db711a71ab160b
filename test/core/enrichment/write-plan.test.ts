import {
  planChunkWrite,
  type ChunkGrid,
  type ChunkTargets,
  type OutcomeOf,
} from '../../../src/core/enrichment/write-plan';
import type { DatedOutcome, RowOutcome } from '../../../src/core/enrichment/status';

// Sheet columns: A input, B a column of the user's, C name, D connections, E status, F checked.
const targets: ChunkTargets = {
  inputColumn: 1,
  fieldColumns: [3, 4],
  fieldKinds: ['text', 'number'],
  statusColumn: 5,
  checkedColumn: 6,
};
const CHECKED = '2026-11-27T20:07:07Z';
const fetchedAt = Date.parse(CHECKED) + 450;

/** Rows of 5 cells (input to status) get an empty checked cell, as new rows have. */
function grid(rows: unknown[][], formulas: Record<string, string> = {}): ChunkGrid {
  const padded = rows.map((row) => (row.length === 5 ? [...row, ''] : row));
  return {
    firstRow: 2,
    columns: (padded[0] ?? []).map((_, c) => c + 1),
    values: padded,
    formulas: padded.map((row, r) => row.map((_, c) => formulas[`${r},${c}`] ?? '')),
  };
}

const ok = (name: string, connections: number): RowOutcome => ({ status: 'OK', values: [name, connections] });
function answers(entries: Record<string, RowOutcome>): OutcomeOf {
  return (input) => {
    const outcome = entries[String(input)];
    return outcome === undefined ? null : { ...outcome, fetchedAt };
  };
}

describe('planChunkWrite', () => {
  it('writes one rectangle per run of adjacent columns, and leaves the user’s column alone', () => {
    const plan = planChunkWrite(
      grid([
        ['a', 'mine', '', '', ''],
        ['b', 'mine', '', '', ''],
      ]),
      targets,
      answers({ a: ok('Ada', 5), b: ok('Bob', 7) }),
      false,
    );
    expect(plan.blocks).toEqual([
      {
        row: 2,
        column: 3,
        formats: ['@', 'General'],
        values: [
          ['Ada', 5],
          ['Bob', 7],
        ],
      },
      { row: 2, column: 6, formats: ['@'], values: [[CHECKED], [CHECKED]] },
      { row: 2, column: 5, formats: ['@'], values: [['OK'], ['OK']] },
    ]);
    expect(plan).toMatchObject({ settled: 2, statuses: ['OK', 'OK'] });
  });

  it('plans the same from a grid of the columns it reads alone, without the user’s columns between them', () => {
    const rows = [
      ['a', 'mine', '', 'Typed', ''],
      ['b', 'mine', '', '', ''],
    ];
    const outcomes = answers({ a: ok('Ada', 5), b: ok('Bob', 7) });
    const full = planChunkWrite(grid(rows), targets, outcomes, false);
    const withoutB: ChunkGrid = {
      firstRow: 2,
      columns: [1, 3, 4, 5],
      values: rows.map(([input, , ...outputs]) => [input, ...outputs, '']),
      formulas: rows.map(() => ['', '', '', '', '']),
    };
    expect(planChunkWrite(withoutB, targets, outcomes, false)).toEqual(full);
    // Row 2 keeps its typed D, so C and E:F go out alone; row 3 is one rectangle C:F. Each checked time is text
    // Sheets could parse, so each status follows in a block of its own.
    expect(full.blocks).toEqual([
      { row: 2, column: 3, formats: ['@'], values: [['Ada']] },
      { row: 2, column: 6, formats: ['@'], values: [[CHECKED]] },
      { row: 3, column: 3, formats: ['@', 'General'], values: [['Bob', 7]] },
      { row: 3, column: 6, formats: ['@'], values: [[CHECKED]] },
      { row: 2, column: 5, formats: ['@'], values: [['OK']] },
      { row: 3, column: 5, formats: ['@'], values: [['OK']] },
    ]);
  });

  it('matches values to rows by input, wherever the rows are now', () => {
    // The column was sorted since the batch went out: b is now above a.
    const plan = planChunkWrite(
      grid([
        ['b', '', '', '', ''],
        ['c', '', '', '', ''],
        ['a', '', '', '', ''],
      ]),
      targets,
      answers({ a: ok('Ada', 5), b: ok('Bob', 7) }),
      false,
    );
    expect(plan.blocks).toEqual([
      {
        row: 2,
        column: 3,
        formats: ['@', 'General'],
        values: [
          ['Bob', 7],
          ['', ''],
          ['Ada', 5],
        ],
      },
      { row: 2, column: 6, formats: ['@'], values: [[CHECKED], [''], [CHECKED]] },
      { row: 2, column: 5, formats: ['@'], values: [['OK'], [''], ['OK']] },
    ]);
    expect(plan.statuses).toEqual(['OK', '', 'OK']);
  });

  it('never writes a cell holding a value or a formula unless overwriting, and never a settled row', () => {
    const rows = [
      ['a', '', 'Typed by hand', '', ''],
      ['b', '', '', '', 'OK'],
      ['c', '', '', '', ''],
    ];
    const outcome = answers({ a: ok('Ada', 5), b: ok('Bob', 7), c: ok('Cy', 9) });
    const plan = planChunkWrite(grid(rows, { '2,3': '=1+1' }), targets, outcome, false);
    expect(plan.blocks).toEqual([
      { row: 2, column: 4, formats: ['General'], values: [[5]] },
      { row: 2, column: 6, formats: ['@'], values: [[CHECKED]] },
      { row: 4, column: 3, formats: ['@'], values: [['Cy']] },
      { row: 4, column: 6, formats: ['@'], values: [[CHECKED]] },
      { row: 2, column: 5, formats: ['@'], values: [['OK']] },
      { row: 4, column: 5, formats: ['@'], values: [['OK']] },
    ]);
    expect(plan.settled).toBe(2);

    const overwriting = planChunkWrite(grid(rows, { '2,3': '=1+1' }), targets, outcome, true);
    expect(overwriting.blocks).toEqual([
      { row: 2, column: 3, formats: ['@', 'General'], values: [['Ada', 5]] },
      { row: 2, column: 6, formats: ['@'], values: [[CHECKED]] },
      { row: 4, column: 3, formats: ['@', 'General'], values: [['Cy', 9]] },
      { row: 4, column: 6, formats: ['@'], values: [[CHECKED]] },
      { row: 2, column: 5, formats: ['@'], values: [['OK']] },
      { row: 4, column: 5, formats: ['@'], values: [['OK']] },
    ]);
  });

  it('writes statuses without values, INVALID rows as they come, and skips rows not answered yet', () => {
    const outcome = answers({
      gone: { status: 'NOT FOUND', values: null },
      junk: { status: 'INVALID: "junk" is not a profile URL.', values: null },
    });
    const plan = planChunkWrite(
      grid([
        ['gone', '', '', '', ''],
        ['later', '', '', '', ''],
        ['junk', '', '', '', ''],
        ['', '', '', '', ''],
      ]),
      targets,
      outcome,
      false,
    );
    // Row 3 is not answered yet, but its cells are empty: writing '' there changes nothing.
    expect(plan.blocks).toEqual([
      {
        row: 2,
        column: 3,
        formats: ['@', 'General'],
        values: [
          ['', ''],
          ['', ''],
          ['', ''],
        ],
      },
      { row: 2, column: 6, formats: ['@'], values: [[CHECKED], [''], ['']] },
      { row: 2, column: 5, formats: ['@'], values: [['NOT FOUND'], [''], ['INVALID: "junk" is not a profile URL.']] },
    ]);
    expect(plan.statuses).toEqual(['NOT FOUND', '', 'INVALID: "junk" is not a profile URL.', '']);
  });

  it('keeps text as text: a text value in a number column makes that column plain text', () => {
    const plan = planChunkWrite(
      grid([
        ['a', '', '', '', ''],
        ['b', '', '', '', ''],
      ]),
      targets,
      answers({
        a: { status: 'OK', values: ['=HYPERLINK("x")', 'n/a'] },
        b: { status: 'OK', values: ['+1 415', 12] },
      }),
      false,
    );
    // Such text is written in a second call: the statuses follow in a block of their own.
    expect(plan.blocks).toEqual([
      {
        row: 2,
        column: 3,
        formats: ['@', '@'],
        values: [
          ['=HYPERLINK("x")', 'n/a'],
          ['+1 415', '12'],
        ],
      },
      { row: 2, column: 6, formats: ['@'], values: [[CHECKED], [CHECKED]] },
      { row: 2, column: 5, formats: ['@'], values: [['OK'], ['OK']] },
    ]);
  });

  it('writes the blocks holding statuses last', () => {
    const statusFirst: ChunkTargets = {
      ...targets,
      fieldColumns: [5],
      fieldKinds: ['text'],
      statusColumn: 2,
      checkedColumn: 3,
    };
    const plan = planChunkWrite(
      grid([['a', '', '', 'x', '', '']]),
      statusFirst,
      answers({ a: { status: 'OK', values: ['1-10'] } }),
      false,
    );
    expect(plan.blocks).toEqual([
      { row: 2, column: 3, formats: ['@'], values: [[CHECKED]] },
      { row: 2, column: 5, formats: ['@'], values: [['1-10']] },
      { row: 2, column: 2, formats: ['@'], values: [['OK']] },
    ]);
  });

  it('writes separate columns separately, once each per chunk', () => {
    const split: ChunkTargets = {
      ...targets,
      fieldColumns: [3, 6],
      fieldKinds: ['text', 'text'],
      statusColumn: 7,
      checkedColumn: 8,
    };
    const plan = planChunkWrite(
      grid([
        ['a', '', '', 'x', 'y', '', '', ''],
        ['b', '', '', 'x', 'y', '', '', ''],
      ]),
      split,
      answers({ a: { status: 'OK', values: ['A', 'alpha'] }, b: { status: 'OK', values: ['B', 'beta'] } }),
      false,
    );
    expect(plan.blocks).toEqual([
      { row: 2, column: 3, formats: ['@'], values: [['A'], ['B']] },
      { row: 2, column: 6, formats: ['@'], values: [['alpha'], ['beta']] },
      { row: 2, column: 8, formats: ['@'], values: [[CHECKED], [CHECKED]] },
      { row: 2, column: 7, formats: ['@'], values: [['OK'], ['OK']] },
    ]);
  });

  it('dates each fetched row by its own answer, and clears the time of a row fetched again that failed', () => {
    const cachedAt = Date.parse('2026-10-01T08:00:00Z');
    const failed: DatedOutcome = { status: 'ERROR: The service failed.', values: null, fetchedAt };
    const outcomes: Record<string, DatedOutcome> = {
      a: { ...ok('Ada', 5), fetchedAt: cachedAt + 999 },
      b: failed,
    };
    const plan = planChunkWrite(
      grid([
        ['a', '', '', '', '', ''],
        ['b', '', '', '', '', '2026-01-01T00:00:00Z'],
      ]),
      targets,
      (input) => outcomes[String(input)] ?? null,
      false,
    );
    expect(plan.blocks).toContainEqual({
      row: 2,
      column: 6,
      formats: ['@'],
      values: [['2026-10-01T08:00:00Z'], ['']],
    });
  });

  it('does nothing when nothing is answered', () => {
    expect(planChunkWrite(grid([['a', '', '', '', '']]), targets, () => null, false)).toEqual({
      blocks: [],
      statuses: [''],
      settled: 0,
    });
  });
});
