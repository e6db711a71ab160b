// Cell notes and backgrounds in the fake Range: per cell, moving with their rows (sorts, inserted rows), kept when
// values are written over, and each call counted as one round trip like the others.
import { asOwner, newEnv } from './gas';

function leads() {
  const env = newEnv();
  const sheet = env.spreadsheet.sheet('Sheet1');
  sheet.write('A1', [
    ['name', 'score'],
    ['dora', 3],
    ['bea', 10],
    ['carl', 7],
  ]);
  return { env, sheet };
}

describe('notes and backgrounds', () => {
  it('are read and written per cell over a range, blank and white where unset', () => {
    const { env, sheet } = leads();
    asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveSheet().getRange('A2:B3');
      expect(range.getNotes()).toEqual([
        ['', ''],
        ['', ''],
      ]);
      expect(range.getBackground()).toBe('#ffffff');
      range.setNotes([
        ['first', null],
        ['', 'second'],
      ]);
      range.setBackgrounds([
        ['#FFF2CC', null],
        [null, '#fff2cc'],
      ]);
      expect(range.getNote()).toBe('first');
      expect(SpreadsheetApp.getActiveSheet().getRange('B3').getBackground()).toBe('#fff2cc');
    });
    expect(sheet.notes('A2:B3')).toEqual([
      ['first', ''],
      ['', 'second'],
    ]);
    expect(sheet.backgrounds('A2:B3')).toEqual([
      ['#fff2cc', '#ffffff'],
      ['#ffffff', '#fff2cc'],
    ]);
  });

  it('stay with their cell when values are written over it, and a single-cell setter fills the range', () => {
    const { env, sheet } = leads();
    asOwner(env, ({ SpreadsheetApp }) => {
      const s = SpreadsheetApp.getActiveSheet();
      s.getRange('A2:A3').setNote('mine').setBackground('#00ff00');
      s.getRange('A2:A3').setValues([['x'], [new Date(0)]]);
      s.getRange('A2').setNote(null);
    });
    expect(sheet.notes('A2:A3')).toEqual([[''], ['mine']]);
    expect(sheet.backgrounds('A2:A3')).toEqual([['#00ff00'], ['#00ff00']]);
  });

  it('move with their rows when rows are inserted and when the range is sorted', () => {
    const { env, sheet } = leads();
    asOwner(env, ({ SpreadsheetApp }) => {
      const s = SpreadsheetApp.getActiveSheet();
      s.getRange('B2').setNote('three').setBackground('#ff0000');
      s.getRange('A2:B4').sort({ column: 2, ascending: false });
    });
    // Rows by score, descending: bea 10, carl 7, dora 3 (its note and colour with it).
    expect(sheet.notes('B2:B4')).toEqual([[''], [''], ['three']]);
    expect(sheet.backgrounds('B4')).toEqual([['#ff0000']]);
    asOwner(env, ({ SpreadsheetApp }) => SpreadsheetApp.getActiveSheet().insertRowsBefore(2, 2));
    expect(sheet.values('A6:B6')).toEqual([['dora', 3]]);
    expect(sheet.notes('B6')).toEqual([['three']]);
    expect(sheet.backgrounds('B6')).toEqual([['#ff0000']]);
  });

  it('count each call as one read or write of the spreadsheet', () => {
    const { env } = leads();
    const { readCalls, writeCalls } = env.spreadsheet.stats;
    asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveSheet().getRange('A1:B4');
      range.getNotes();
      range.getBackgrounds();
      range.setNotes(range.getNotes());
      range.setBackgrounds(range.getBackgrounds());
    });
    expect(env.spreadsheet.stats.readCalls - readCalls).toBe(4);
    expect(env.spreadsheet.stats.writeCalls - writeCalls).toBe(2);
  });

  it('refuse a grid of the wrong shape, changing nothing', () => {
    const { env, sheet } = leads();
    expect(() =>
      asOwner(env, ({ SpreadsheetApp }) =>
        SpreadsheetApp.getActiveSheet()
          .getRange('A1:B2')
          .setNotes([['a', 'b']]),
      ),
    ).toThrow();
    expect(sheet.notes('A1:B2')).toEqual([
      ['', ''],
      ['', ''],
    ]);
  });
});
