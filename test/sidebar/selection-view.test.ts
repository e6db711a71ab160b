// The selection as the Enrich panel shows it: where, how many input rows, the header, what the inputs look like and
// the first few. Sheet values are text.
import { KIND_LABELS, renderSelection } from '../../src/sidebar/selection-view';
import { count } from '../../src/sidebar/summaries';
import { fakeSelection } from '../browser/fake-server';
import { elements, fake, texts, useFakeDocument } from './fake-document';

useFakeDocument();
const XSS = '<img src=x onerror=alert(1)>';
const render = (fields: Parameters<typeof fakeSelection>[0]) => fake(renderSelection(fakeSelection(fields)));

test('sheet names, headers and samples holding markup are text, creating no element', () => {
  const card = render({ sheetName: XSS, inputA1: 'A2:A9', header: XSS, sample: [XSS] });
  expect(elements(card).map((element) => element.tagName)).not.toContain('IMG');
  expect(texts(card)).toContain(`${XSS}!A2:A9`);
  expect(texts(card).some((text) => text.includes(`“${XSS}”`))).toBe(true);
  expect(texts(card)).toContain(XSS);
});

test('the row count and the header row; a selection without a header says so', () => {
  expect(texts(render({ rows: 1, headerRow: 3, header: 'URL' }))).toContain(
    `${count(1, 'input row')} · Header “URL” in row 3`,
  );
  expect(texts(render({ rows: 2_500, headerRow: null, header: null }))).toContain('2,500 input rows · No header row');
});

test('each kind of input is named in words', () => {
  for (const kind of Object.keys(KIND_LABELS) as Array<keyof typeof KIND_LABELS>) {
    expect(texts(render({ kind }))).toContain(`Looks like: ${KIND_LABELS[kind]}`);
  }
});

test('a mix names only the kinds the column holds', () => {
  expect(texts(render({ kind: 'mixed', kinds: ['profile_url', 'email'] }))).toContain(
    'Looks like: a mix of profile URLs and emails',
  );
  expect(texts(render({ kind: 'mixed', kinds: ['email', 'phone'] }))).toContain(
    'Looks like: a mix of emails and phone numbers',
  );
  expect(texts(render({ kind: 'mixed', kinds: ['profile_url', 'email', 'phone'] }))).toContain(
    'Looks like: a mix of profile URLs, emails and phone numbers',
  );
});

test('the samples are listed in order; no list without samples', () => {
  const sample = ['a@example.com', 'b@example.com'];
  const items = elements(render({ sample })).filter((element) => element.tagName === 'LI');
  expect(items.map((item) => item.textContent)).toEqual(sample);
  expect(elements(render({ sample: [] })).some((element) => element.tagName === 'UL')).toBe(false);
});
