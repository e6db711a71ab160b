// Pure parts of the Enrich panel: field names as typed, the preview's counts in their order of precedence, the run
// the loop continues next.
import { splitNames } from '../../src/sidebar/field-picker';
import { costText, previewCounts } from '../../src/sidebar/preview-view';
import { runToContinue } from '../../src/sidebar/runs';
import type { EnrichmentPreview } from '../../src/core/contract';
import { fakeRun } from '../browser/fake-server';

test('field names are split on commas, semicolons and new lines, blanks dropped', () => {
  expect(splitNames(' name, headline;;\nexperience.1.title ,  ')).toEqual(['name', 'headline', 'experience.1.title']);
  expect(splitNames('  ')).toEqual([]);
});

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
  columns: ['name', 'sheet-enrich status'],
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
  expect(costText(preview)).toBe('10 credits · about 1 hour 2 minutes');
  expect(costText({ ...preview, toFetch: 0, credits: 0 })).toBe('0 credits · nothing to fetch');
});

test('the loop continues the user’s own running runs in turn, never a teammate’s or a paused one', () => {
  const runs = [
    fakeRun({ runId: 'a' }),
    fakeRun({ runId: 'theirs', mine: false }),
    fakeRun({ runId: 'paused', status: 'paused' }),
    fakeRun({ runId: 'b' }),
  ];
  expect([0, 1, 2].map((turn) => runToContinue(runs, turn))).toEqual(['a', 'b', 'a']);
  expect(runToContinue([fakeRun({ runId: 'x', status: 'paused' })], 0)).toBeNull();
});
