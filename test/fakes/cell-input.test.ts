import { asOwner, newEnv } from './gas';

// Each string is written with setValues into a General cell; Sheets reads it as if typed.
describe('setValues parses strings like Sheets', () => {
  const env = newEnv({ startTime: Date.UTC(2025, 5, 15) });
  const write = (text: string) =>
    asOwner(env, ({ SpreadsheetApp }) => {
      const cell = SpreadsheetApp.getActiveSpreadsheet().insertSheet().getRange('A1');
      cell.setValues([[text]]);
      return { value: cell.getValue() as unknown, formula: cell.getFormula(), format: cell.getNumberFormat() };
    });

  it.each([
    ['+14155550100', 14155550100],
    ['-12', -12],
    ['1,234', 1234],
    ['3.5', 3.5],
    ['50%', 0.5],
    ['$12', 12],
    ['00501', 501],
    ['1e3', 1000],
  ])('%s becomes the number %p', (text, number) => {
    expect(write(text).value).toBe(number);
  });

  it.each([
    ['TRUE', true],
    ['false', false],
  ])('%s becomes the boolean %p', (text, bool) => {
    expect(write(text).value).toBe(bool);
  });

  it.each([
    ['1-10', Date.UTC(2025, 0, 10)],
    ['3/4', Date.UTC(2025, 2, 4)],
    ['2024-01-05', Date.UTC(2024, 0, 5)],
    ['1/5/24', Date.UTC(2024, 0, 5)],
    ['Mar 2020', Date.UTC(2020, 2, 1)],
    ['10/2024', Date.UTC(2024, 9, 1)],
    ['5 May', Date.UTC(2025, 4, 5)],
    ['2024-01-05 13:30', Date.UTC(2024, 0, 5, 13, 30)],
  ])('%s becomes a Date with a date format', (text, ms) => {
    const { value, format } = write(text);
    expect(value).toBeInstanceOf(Date);
    expect((value as Date).getTime()).toBe(ms);
    expect(format).toMatch(/M\/d\/yyyy/);
  });

  it('a time alone becomes a Date on Sheets day zero', () => {
    expect((write('10:30').value as Date).toISOString()).toBe('1899-12-30T10:30:00.000Z');
  });

  it('a string starting with = becomes a formula that is never evaluated', () => {
    expect(write('=HYPERLINK("http://evil","x")')).toEqual({
      value: '#NAME?',
      formula: '=HYPERLINK("http://evil","x")',
      format: 'General',
    });
  });

  it('text starting with + or - that is no number becomes a broken formula', () => {
    expect(write('+1 (415) 555-0100').value).toBe('#ERROR!');
    expect(write('- founder').value).toBe('#ERROR!');
  });

  it.each(['hello', '13/45', '2024-02-30', 'Maybe 3', '1.2.3', ' =1+1', 'https://x.com/in/a?b=1'])(
    '%p stays text',
    (text) => {
      expect(write(text)).toEqual({ value: text, formula: '', format: 'General' });
    },
  );

  it('a leading apostrophe keeps text as text and is not stored', () => {
    expect(write("'00501").value).toBe('00501');
  });

  it('in a plain-text (@) cell every string stays exactly as written', () => {
    const values = ['=1+1', '+14155550100', '1-10', '00501', 'TRUE', '50%'];
    const stored = asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveSpreadsheet().insertSheet().getRange(1, 1, 1, values.length);
      range.setNumberFormat('@');
      range.setValues([values]);
      return { values: range.getValues(), formulas: range.getFormulas() };
    });
    expect(stored.values).toEqual([values]);
    expect(stored.formulas).toEqual([values.map(() => '')]);
  });

  it('non-string values are stored as they are', () => {
    const date = new Date(Date.UTC(2024, 1, 2));
    const stored = asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveSpreadsheet().insertSheet().getRange('A1:D1');
      range.setValues([[42, true, date, null]]);
      return range.getValues();
    });
    expect(stored).toEqual([[42, true, date, '']]);
  });
});
