// Job cards render server text as text, and their bar agrees with the line beside it.
import { renderJobCard } from '../../src/sidebar/job-card';
import { fakeJob } from '../browser/fake-server';
import { actions, elements, texts, useFakeDocument, type FakeElement } from './fake-document';

const XSS = '<img src=x onerror=alert(1)>';
useFakeDocument();

const render = (job: Parameters<typeof fakeJob>[0]) => renderJobCard(fakeJob(job)) as unknown as FakeElement;
const bar = (card: FakeElement) => elements(card).find((element) => element.tagName === 'PROGRESS');

test('a job whose query, message, error and sheet name hold markup renders it as text, creating no element', () => {
  const card = render({ jobId: 'j1', query: XSS, message: XSS, error: XSS, sheetName: XSS, status: 'error' });
  const tags = new Set(elements(card).map((element) => element.tagName));
  expect([...tags].sort()).toEqual(['BUTTON', 'DIV', 'LI', 'P', 'PROGRESS', 'SPAN']);
  expect(texts(card).filter((text) => text === XSS)).toHaveLength(3);
});

test('a running job: rows written of results found on the bar and in one sentence, and a Cancel button', () => {
  const card = render({
    jobId: 'j2',
    query: 'q',
    status: 'processing',
    message: 'Validating profiles: 25 of 100 found so far.',
    chunksProcessed: 2,
    totalChunks: 4,
    rowsWritten: 9,
    finalResultsCount: 25,
  });
  expect(bar(card)?.getAttribute('value')).toBe('9');
  expect(bar(card)?.getAttribute('max')).toBe('25');
  expect(bar(card)?.getAttribute('aria-valuetext')).toBe('9 rows written of 25 profiles found so far');
  expect(texts(card)).toContain('9 rows written of 25 profiles found so far');
  // The service counts against the limit asked for: beside the card's count it would read as a second truth.
  expect(texts(card).some((text) => text.includes('100'))).toBe(false);
  expect(actions(card)).toEqual(['open', 'cancel']);
});

test('a cancelled job keeps a bar at what it reached, the service’s closing message, and no Cancel button', () => {
  const message = 'Job cancelled by the user; 10 results were kept.';
  const card = render({ jobId: 'j3', query: 'q', status: 'cancelled', message, rowsWritten: 4, finalResultsCount: 10 });
  expect(bar(card)?.getAttribute('value')).toBe('4');
  expect(bar(card)?.getAttribute('max')).toBe('10');
  expect(texts(card)).toContain('4 of 10 rows written');
  expect(texts(card)).toContain(message);
  expect(actions(card)).toEqual(['open']);
});

test('a job still searching has a bar without a value (no total yet)', () => {
  const card = render({ jobId: 'j4', query: 'q', status: 'searching' });
  expect(bar(card)?.hasAttribute('value')).toBe(false);
  expect(texts(card)).toContain('No profiles found yet');
});
