import { EDITOR, asOwner, gas, newEnv } from './gas';

const PARSED_WHEN_TYPED = ['=HYPERLINK("x")', '+14155550100', '1-10', '00501', 'TRUE', '3/4', '12:30', '50%', '$5'];

describe('rich-text values', () => {
  it('builder: setText then build; getText gives the text back', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const builder = SpreadsheetApp.newRichTextValue();
      const first = builder.setText('=1+1').build();
      const second = builder.setText(42 as never).build();
      expect([first.getText(), second.getText()]).toEqual(['=1+1', '42']);
      expect(SpreadsheetApp.newRichTextValue().build().getText()).toBe('');
      expect(() => SpreadsheetApp.newRichTextValue().setText(null as never)).toThrow(
        "The parameters (null) don't match the method signature for SpreadsheetApp.RichTextValueBuilder.setText.",
      );
    });
  });

  it.each([true, false])(
    'are taken literally, whatever the format (plain text stops parsing: %p)',
    (plainTextStopsParsing) => {
      const env = newEnv({ uncertain: { plainTextStopsParsing } });
      const stored = asOwner(env, ({ SpreadsheetApp }) => {
        const range = SpreadsheetApp.getActiveSheet().getRange(1, 1, 2, PARSED_WHEN_TYPED.length);
        range.setNumberFormats([PARSED_WHEN_TYPED.map(() => '@'), PARSED_WHEN_TYPED.map(() => 'General')]);
        const rich = PARSED_WHEN_TYPED.map((text) => SpreadsheetApp.newRichTextValue().setText(text).build());
        range.setRichTextValues([rich, rich]);
        return {
          values: range.getValues(),
          formulas: range.getFormulas(),
          display: range.getDisplayValues(),
          rich: range.getRichTextValues().map((row) => row.map((value) => value!.getText())),
          formats: range.getNumberFormats(),
        };
      });
      const both = [PARSED_WHEN_TYPED, PARSED_WHEN_TYPED];
      expect(stored.values).toEqual(both);
      expect(stored.display).toEqual(both);
      expect(stored.rich).toEqual(both);
      expect(stored.formulas).toEqual(both.map((row) => row.map(() => '')));
      // The number formats stay as they were.
      expect(stored.formats[1]).toEqual(PARSED_WHEN_TYPED.map(() => 'General'));
    },
  );

  it('setRichTextValue fills the range; getRichTextValues gives null for numbers, booleans and dates', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const sheet = SpreadsheetApp.getActiveSheet();
      sheet.getRange('A1:B1').setRichTextValue(SpreadsheetApp.newRichTextValue().setText('007').build());
      expect(sheet.getRange('A1:B1').getValues()).toEqual([['007', '007']]);
      sheet.getRange('A2:D2').setValues([[1, true, new Date(0), '']]);
      const texts = sheet
        .getRange('A2:D2')
        .getRichTextValues()[0]
        .map((value) => value && value.getText());
      expect(texts).toEqual([null, null, null, '']);
      expect(sheet.getRange('A1').getRichTextValue()!.getText()).toBe('007');
    });
  });

  it('replaces a formula, and keeps the 50,000-character limit of a cell, writing nothing of a refused call', () => {
    const env = newEnv();
    env.spreadsheet.sheet('Sheet1').write('A1', [['=SUM(1,2)', 'before']]);
    asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveSheet().getRange('A1:B1');
      const text = (t: string) => SpreadsheetApp.newRichTextValue().setText(t).build();
      expect(() => range.setRichTextValues([[text('ok'), text('y'.repeat(50_001))]])).toThrow(
        'Your input contains more than the maximum of 50000 characters in a single cell.',
      );
      expect(range.getValues()).toEqual([['#NAME?', 'before']]);
      range.setRichTextValues([[text('=SUM(1,2)'), text('x'.repeat(50_000))]]);
      expect(range.getFormulas()).toEqual([['', '']]);
      expect(range.getValues()[0][0]).toBe('=SUM(1,2)');
    });
  });

  it('refuses plain strings, nulls and grids of the wrong shape', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveSheet().getRange('A1:B1');
      const value = SpreadsheetApp.newRichTextValue().setText('x').build();
      expect(() => range.setRichTextValues([['a', 'b']] as never)).toThrow(
        "The parameters (String[][]) don't match the method signature for SpreadsheetApp.Range.setRichTextValues.",
      );
      expect(() => range.setRichTextValues([[value, null]] as never)).toThrow("don't match the method signature");
      expect(() => range.setRichTextValues([[value]])).toThrow(
        'The number of columns in the data does not match the number of columns in the range.',
      );
    });
  });

  it('counts each setRichTextValues as one write round trip; custom functions may not call it', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const value = SpreadsheetApp.newRichTextValue().setText('x').build();
      SpreadsheetApp.getActiveSheet()
        .getRange('A1:C2')
        .setRichTextValues([
          [value, value, value],
          [value, value, value],
        ]);
    });
    expect(env.spreadsheet.stats).toMatchObject({ setRichTextValuesCalls: 1, writeCalls: 1, setValuesCalls: 0 });
    const { SpreadsheetApp } = gas(env);
    env.run('customFunction', EDITOR, () => {
      const value = SpreadsheetApp.newRichTextValue().setText('y').build();
      expect(() =>
        SpreadsheetApp.getActiveSheet()
          .getRange('A1')
          .setRichTextValues([[value]]),
      ).toThrow('You do not have permission to call Range.setRichTextValues');
    });
  });
});

describe('the plain-text switch (undocumented: does an @ format stop setValues from parsing?)', () => {
  const writeToPlainText = (env: ReturnType<typeof newEnv>) =>
    asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveSheet().getRange(1, 1, 1, PARSED_WHEN_TYPED.length);
      range.setNumberFormat('@');
      range.setValues([PARSED_WHEN_TYPED]);
      return { values: range.getValues()[0], formulas: range.getFormulas()[0], formats: range.getNumberFormats()[0] };
    });

  it('on (the default): strings written into @ cells stay exactly as written', () => {
    const stored = writeToPlainText(newEnv());
    expect(stored.values).toEqual(PARSED_WHEN_TYPED);
    expect(stored.formulas.every((formula) => formula === '')).toBe(true);
  });

  it('off: setValues parses strings even in @ cells (a formula, numbers, dates, a boolean)', () => {
    const stored = writeToPlainText(
      newEnv({ uncertain: { plainTextStopsParsing: false }, startTime: Date.UTC(2025, 5, 15) }),
    );
    expect(stored.formulas[0]).toBe('=HYPERLINK("x")');
    expect(stored.values.slice(1, 5)).toEqual([14155550100, new Date(Date.UTC(2025, 0, 10)), 501, true]);
    expect(stored.values.slice(6)).toEqual([new Date(Date.UTC(1899, 11, 30, 12, 30)), 0.5, 5]);
    // The cells keep their @ format: only the parsing changed.
    expect(new Set(stored.formats)).toEqual(new Set(['@']));
  });

  it('can be switched while the environment lives', () => {
    const env = newEnv();
    env.uncertain.plainTextStopsParsing = false;
    expect(writeToPlainText(env).values[3]).toBe(501);
    env.uncertain.plainTextStopsParsing = true;
    expect(writeToPlainText(env).values[3]).toBe('00501');
  });
});

describe('formulas with a spilled result (test setup)', () => {
  it('the anchor holds the formula and the first value; the other cells hold values only', () => {
    const env = newEnv();
    const sheet = env.spreadsheet.sheet('Sheet1');
    sheet.setFormulaResult('B2', '=SPLIT(A2, ",")', [
      ['a', 'b'],
      ['c', 42],
    ]);
    sheet.setFormulaResult('D1', '=1+1', 2);
    asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveSheet().getRange('B2:C3');
      expect(range.getValues()).toEqual([
        ['a', 'b'],
        ['c', 42],
      ]);
      expect(range.getFormulas()).toEqual([
        ['=SPLIT(A2, ",")', ''],
        ['', ''],
      ]);
      expect(SpreadsheetApp.getActiveSheet().getRange('D1').getValue()).toBe(2);
    });
    expect(() => sheet.setFormulaResult('A1', 'SUM(1)', 1)).toThrow('A formula starts with "="');
    expect(() => sheet.setFormulaResult('Z1', '=X()', [[1, 2]])).toThrow('outside the dimensions');
  });
});
