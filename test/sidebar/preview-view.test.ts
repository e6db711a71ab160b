// The preview as the Enrich panel shows it: each input row counted once in the precedence's order, the cost in
// credits and time, the columns, and the first invalid inputs. Sheet text stays text.
import { costText, nothingToDo, nothingToDoText, previewCounts, renderPreview } from '../../src/sidebar/preview-view';
import { durationText } from '../../src/sidebar/runs';
import type { EnrichmentPreview } from '../../src/core/contract';
import { normalizeProfileUrl } from '../../src/core/input';
import { elements, fake, texts, useFakeDocument } from './fake-document';

useFakeDocument();
const XSS = '<img src=x onerror=alert(1)>';

const preview: EnrichmentPreview = {
  rows: 20,
  blank: 1,
  invalid: 2,
  duplicates: 3,
  cached: 4,
  alreadyDone: 5,
  toFetch: 5,
  credits: 10,
  estimatedSeconds: 3_700,
  columns: ['name', 'sheet-enrich scrape status', 'sheet-enrich scrape checked'],
  outputA1: 'B1:C21',
  invalidSamples: [],
};

test('the preview counts rows, then each kind in the order a row is counted, and its sum is the rows', () => {
  const counts = previewCounts(preview);
  expect(counts.map(([label]) => label)).toEqual([
    'Rows',
    'Blank',
    'Invalid',
    'Already done',
    'Duplicates',
    'Cached',
    'To fetch',
  ]);
  expect(counts.slice(1).reduce((sum, [, n]) => sum + n, 0)).toBe(preview.rows);
  expect(costText(preview)).toBe(`10 credits · ${durationText(preview.estimatedSeconds)}`);
  expect(costText({ ...preview, toFetch: 0, credits: 0 })).toBe('0 credits · nothing to fetch');
  expect(costText({ ...preview, credits: 1 })).toMatch(/^1 credit ·/);
});

test('each count shows under its label with thousands separators', () => {
  const card = fake(renderPreview({ ...preview, rows: 12_345, toFetch: 12_000 }));
  const shown = elements(card)
    .filter((element) => element.tagName === 'DD')
    .map((dd) => [dd.getAttribute('data-count'), dd.textContent]);
  expect(shown).toContainEqual(['Rows', '12,345']);
  expect(shown).toContainEqual(['To fetch', '12,000']);
  expect(shown).toHaveLength(previewCounts(preview).length);
});

test('columns and invalid inputs holding markup are text, and create no element', () => {
  const card = fake(
    renderPreview({
      ...preview,
      columns: [XSS, 'status'],
      invalidSamples: [{ row: 3, value: XSS, reason: XSS }],
    }),
  );
  expect(elements(card).map((element) => element.tagName)).not.toContain('IMG');
  expect(texts(card)).toContain(`Columns: ${XSS}, status`);
  expect(texts(card)).toContain(`Row 3: ${XSS}`);
});

test('at most five invalid inputs are listed, then how many more there are', () => {
  const samples = Array.from({ length: 7 }, (_, index) => ({ row: index + 2, value: `bad${index}`, reason: 'no' }));
  const card = fake(renderPreview({ ...preview, invalid: 9, invalidSamples: samples }));
  const items = elements(card).filter((element) => element.tagName === 'LI');
  expect(items.slice(0, -1).map((li) => li.textContent)).toEqual(
    samples.slice(0, 5).map((sample) => `Row ${sample.row}: no`),
  );
  expect(items.at(-1)?.textContent).toBe('and 4 more invalid rows');
});

test('an invalid input is quoted once, in the words of its reason', () => {
  const value = 'sara.klein@example.com';
  const failure = normalizeProfileUrl(value);
  if (failure.ok) throw new Error('An email is not a profile URL.');
  const sample = { row: 7, value, reason: failure.error.message };
  const [item] = elements(fake(renderPreview({ ...preview, invalid: 1, invalidSamples: [sample] }))).filter(
    (element) => element.tagName === 'LI',
  );
  expect(item.textContent).toBe(`Row 7: ${failure.error.message}`);
  expect(item.textContent?.split(value)).toHaveLength(2);
});

test('no invalid list without samples, and no "more" line when all are shown', () => {
  expect(elements(fake(renderPreview(preview))).some((element) => element.tagName === 'UL')).toBe(false);
  const one = fake(renderPreview({ ...preview, invalid: 1, invalidSamples: [{ row: 2, value: 'x', reason: 'y' }] }));
  expect(elements(one).filter((element) => element.tagName === 'LI')).toHaveLength(1);
});

test('the preview says where the run writes', () => {
  expect(texts(fake(renderPreview(preview))).join(' ')).toContain('Writes to B1:C21');
});

test('nothing to do only when nothing is fetched and no cached answer is written', () => {
  expect(nothingToDo(preview)).toBe(false);
  expect(nothingToDo({ ...preview, toFetch: 0 })).toBe(false);
  expect(nothingToDo({ ...preview, toFetch: 0, cached: 0 })).toBe(true);
  expect(nothingToDoText(preview)).toBeNull();
});

test('nothing to do says why: rows done by this operation, or no usable input', () => {
  const done = { ...preview, toFetch: 0, cached: 0, alreadyDone: 1 };
  expect(nothingToDoText(done)).toBe(
    'Nothing to fetch: 1 row is already done by this operation. Tick “Overwrite existing values” to fetch again, or use Refresh… on its run.',
  );
  expect(nothingToDoText({ ...done, alreadyDone: 5 })).toMatch(/^Nothing to fetch: 5 rows are already done/);
  expect(nothingToDoText({ ...done, alreadyDone: 0 })).toMatch(/no input this operation can use/);
});

test('the daily quota note shows only when the preview has one, as text', () => {
  const hasQuotaNote = (card: ReturnType<typeof fake>) =>
    elements(card).some((element) => element.getAttribute('class') === 'preview-quota');
  expect(hasQuotaNote(fake(renderPreview(preview)))).toBe(false);
  const note = `This run needs 30,000 web requests ${XSS}`;
  const card = fake(renderPreview({ ...preview, dailyQuota: note }));
  expect(hasQuotaNote(card)).toBe(true);
  expect(texts(card)).toContain(note);
  expect(elements(card).map((element) => element.tagName)).not.toContain('IMG');
});
