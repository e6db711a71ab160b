// Cells as clipboard text: tab-separated, one line per row, quoted where a cell holds a tab, a line break or a quote.
import { parseClipboardText, toClipboardText } from '../../dev/playground/clipboard';

test('cells become tab-separated lines, and back', () => {
  const rows = [
    ['name', 'city'],
    ['Anna Schmidt', 'Berlin'],
  ];
  expect(toClipboardText(rows)).toBe('name\tcity\nAnna Schmidt\tBerlin');
  expect(parseClipboardText('name\tcity\nAnna Schmidt\tBerlin')).toEqual(rows);
});

test('text from other programs: a final line break, Windows line ends, empty cells and empty rows', () => {
  expect(parseClipboardText('a\tb\r\nc\td\r\n')).toEqual([
    ['a', 'b'],
    ['c', 'd'],
  ]);
  expect(parseClipboardText('a\t\tc\n\nx')).toEqual([['a', '', 'c'], [''], ['x']]);
  expect(parseClipboardText('one')).toEqual([['one']]);
  expect(parseClipboardText('')).toEqual([]);
});

test('a cell with a line break, a tab or a leading quote is quoted, and read back whole', () => {
  const rows = [['line one\nline two', 'a\tb', '"quoted"', 'say "hi"']];
  const text = toClipboardText(rows);
  expect(text).toBe('"line one\nline two"\t"a\tb"\t"""quoted"""\tsay "hi"');
  expect(parseClipboardText(text)).toEqual(rows);
  // A quote that does not close the cell is only a character.
  expect(parseClipboardText('"ab"c\td')).toEqual([['"ab"c', 'd']]);
});
