import {
  planChunkWrite,
  type ChunkGrid,
  type ChunkTargets,
  type OutcomeOf,
} from '../../../src/core/enrichment/write-plan';
import type { RowOutcome } from '../../../src/core/enrichment/status';

// Sheet columns: A input, B a column of the user's, C name, D connections, E status.
const targets: ChunkTargets = { inputColumn: 1, fieldColumns: [3, 4], fieldKinds: ['text', 'number'], statusColumn: 5 };

function grid(rows: unknown[][], formulas: Record<string, string> = {}): ChunkGrid {
  return {
    firstRow: 2,
    columns: (rows[0] ?? []).map((_, c) => c + 1),
    values: rows,
    formulas: rows.map((row, r) => row.map((_, c) => formulas[`${r},${c}`] ?? '')),
  };
}

const ok = (name: string, connections: number): RowOutcome => ({ status: 'OK', values: [name, connections] });
function answers(entries: Record<string, RowOutcome>): OutcomeOf {
  return (input) => entries[String(input)] ?? null;
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
        formats: ['@', 'General', '@'],
        values: [
          ['Ada', 5, 'OK'],
          ['Bob', 7, 'OK'],
        ],
      },
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
      values: rows.map(([input, , ...outputs]) => [input, ...outputs]),
      formulas: rows.map(() => ['', '', '', '']),
    };
    expect(planChunkWrite(withoutB, targets, outcomes, false)).toEqual(full);
    // Row 2 keeps its typed D, so C and E go out alone; row 3 is one rectangle C:E.
    expect(full.blocks).toEqual([
      { row: 2, column: 3, formats: ['@'], values: [['Ada']] },
      { row: 2, column: 5, formats: ['@'], values: [['OK']] },
      { row: 3, column: 3, formats: ['@', 'General', '@'], values: [['Bob', 7, 'OK']] },
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
        formats: ['@', 'General', '@'],
        values: [
          ['Bob', 7, 'OK'],
          ['', '', ''],
          ['Ada', 5, 'OK'],
        ],
      },
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
      { row: 4, column: 3, formats: ['@'], values: [['Cy']] },
      { row: 2, column: 4, formats: ['General', '@'], values: [[5, 'OK']] },
      { row: 4, column: 5, formats: ['@'], values: [['OK']] },
    ]);
    expect(plan.settled).toBe(2);

    const overwriting = planChunkWrite(grid(rows, { '2,3': '=1+1' }), targets, outcome, true);
    expect(overwriting.blocks).toEqual([
      { row: 2, column: 3, formats: ['@', 'General', '@'], values: [['Ada', 5, 'OK']] },
      { row: 4, column: 3, formats: ['@', 'General', '@'], values: [['Cy', 9, 'OK']] },
    ]);
  });

  it('writes statuses without values, INVALID rows as they come, and skips rows not answered yet', () => {
    const outcome: OutcomeOf = (input) =>
      input === 'gone'
        ? { status: 'NOT FOUND', values: null }
        : input === 'junk'
          ? { status: 'INVALID: "junk" is not a profile URL.', values: null }
          : null;
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
        formats: ['@', 'General', '@'],
        values: [
          ['', '', 'NOT FOUND'],
          ['', '', ''],
          ['', '', 'INVALID: "junk" is not a profile URL.'],
        ],
      },
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
      { row: 2, column: 5, formats: ['@'], values: [['OK'], ['OK']] },
    ]);
  });

  it('writes the blocks holding statuses last', () => {
    const statusFirst: ChunkTargets = { inputColumn: 1, fieldColumns: [4], fieldKinds: ['text'], statusColumn: 2 };
    const plan = planChunkWrite(
      grid([['a', '', 'x', '']]),
      statusFirst,
      answers({ a: { status: 'OK', values: ['1-10'] } }),
      false,
    );
    expect(plan.blocks).toEqual([
      { row: 2, column: 4, formats: ['@'], values: [['1-10']] },
      { row: 2, column: 2, formats: ['@'], values: [['OK']] },
    ]);
  });

  it('writes separate columns separately, once each per chunk', () => {
    const split: ChunkTargets = { inputColumn: 1, fieldColumns: [3, 6], fieldKinds: ['text', 'text'], statusColumn: 7 };
    const plan = planChunkWrite(
      grid([
        ['a', '', '', 'x', 'y', '', ''],
        ['b', '', '', 'x', 'y', '', ''],
      ]),
      split,
      answers({ a: { status: 'OK', values: ['A', 'alpha'] }, b: { status: 'OK', values: ['B', 'beta'] } }),
      false,
    );
    expect(plan.blocks).toEqual([
      { row: 2, column: 3, formats: ['@'], values: [['A'], ['B']] },
      {
        row: 2,
        column: 6,
        formats: ['@', '@'],
        values: [
          ['alpha', 'OK'],
          ['beta', 'OK'],
        ],
      },
    ]);
  });

  it('does nothing when nothing is answered', () => {
    expect(planChunkWrite(grid([['a', '', '', '', '']]), targets, () => null, false)).toEqual({
      blocks: [],
      statuses: [''],
      settled: 0,
    });
  });
});
