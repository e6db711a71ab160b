import { OPERATIONS } from '../../../src/core/enrichment/operations';
import { dailyQuotaSentence } from '../../../src/core/enrichment/daily-quota';
import {
  pendingInputs,
  previewColumn,
  previewOf,
  startRows,
  startStatuses,
  type PreviewInput,
} from '../../../src/core/enrichment/preview';
import { AnswerCache } from '../../../src/core/fetch/answer-cache';
import { cachedAnswers } from '../../../src/core/fetch/engine';
import type { Cache } from '../../../src/core/ports';
import { BASE_URL, FakeClock } from '../api/fakes';
import { scrapedProfile } from '../fields/samples';
import { CountingCache, fetchContext, sha256 } from '../fetch/fakes';

const url = (slug: string) => `https://www.network.com/in/${slug}`;
const scrape = OPERATIONS.scrape;

function preview(
  inputs: unknown[],
  statuses: unknown[],
  options: Partial<PreviewInput> & { overwrite?: boolean } = {},
) {
  const rows = startRows(scrape, inputs, statuses, options.overwrite ?? false);
  return previewOf({
    rows,
    inputs,
    firstInputRow: 2,
    cached: new Set(),
    creditsPerFetch: 2,
    perMinute: 150,
    columns: ['name', 'sheet-enrich scrape status', 'sheet-enrich scrape checked'],
    outputA1: 'B1:D9',
    ...options,
  });
}

describe('preview', () => {
  it('counts each row once, by precedence blank, invalid, done, duplicate, cached, to fetch', () => {
    const inputs = [
      url('ada'), // to fetch
      '', // blank
      'not a url', // invalid
      url('bob'), // done (OK)
      `${url('ADA')}/`, // duplicate of ada
      url('cy'), // cached
      url('bob'), // done again: precedence over duplicate
      url('cy'), // duplicate of a cached row
      'https://www.network.com/in/dee?trk=x', // to fetch
      'also bad', // invalid, even with a status
    ];
    const statuses = [
      '',
      '',
      '',
      'OK',
      '',
      '',
      'NOT FOUND',
      '',
      'ERROR: The service had an internal error (500).',
      'OK',
    ];
    const result = preview(inputs, statuses, { cached: new Set([url('cy')]) });
    expect(result).toEqual({
      rows: 10,
      blank: 1,
      invalid: 2,
      alreadyDone: 2,
      duplicates: 2,
      cached: 1,
      toFetch: 2,
      credits: 4,
      estimatedSeconds: 1,
      columns: ['name', 'sheet-enrich scrape status', 'sheet-enrich scrape checked'],
      outputA1: 'B1:D9',
      invalidSamples: [
        {
          row: 4,
          value: 'not a url',
          reason: '"not a url" is not a profile URL (expected https://www.network.com/in/<name>).',
        },
        {
          row: 11,
          value: 'also bad',
          reason: '"also bad" is not a profile URL (expected https://www.network.com/in/<name>).',
        },
      ],
    });
    expect(result.rows).toBe(
      result.blank + result.invalid + result.alreadyDone + result.duplicates + result.cached + result.toFetch,
    );
  });

  it('fetches done rows again when overwriting', () => {
    const result = preview([url('a'), url('b')], ['OK', 'PRIVATE'], { overwrite: true });
    expect(result).toMatchObject({ alreadyDone: 0, toFetch: 2, credits: 4 });
  });

  it('keeps ten invalid samples and estimates time at the tier’s rate', () => {
    const inputs = [
      ...Array.from({ length: 12 }, (_, i) => `bad ${i}`),
      ...Array.from({ length: 300 }, (_, i) => url(`p${i}`)),
    ];
    const result = preview(inputs, [], { perMinute: 150 });
    expect(result.invalidSamples.map((sample) => sample.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(result).toMatchObject({ invalid: 12, toFetch: 300, credits: 600, estimatedSeconds: 120 });
    expect(preview(inputs, [], { perMinute: 5 }).estimatedSeconds).toBe(3600);
  });

  it('says when the run needs more web requests than a consumer account may make in a day', () => {
    const urls = (count: number) => Array.from({ length: count }, (_, i) => url(`q${i}`));
    expect(preview(urls(20_000), []).dailyQuota).toBeUndefined();
    const over = preview(urls(20_001), []);
    expect(over.toFetch).toBe(20_001);
    expect(over.dailyQuota).toBe(dailyQuotaSentence(20_001));
    // Rows the cache answers send nothing.
    const cached = new Set(urls(20_001).slice(0, 2));
    expect(preview(urls(20_001), [], { cached }).dailyQuota).toBeUndefined();
  });

  it('shows dates and numbers in samples as text', () => {
    const result = preview([new Date(Date.UTC(2024, 0, 2)), 42], []);
    expect(result.invalidSamples.map((sample) => sample.value)).toEqual(['2024-01-02T00:00:00.000Z', '42']);
  });
});

describe('a refresh preview', () => {
  const done = (slug: string) => ({ input: url(slug), status: 'OK' });
  const rows = [done('ada'), done('bob'), { input: url('cy'), status: '' }, done('ada'), done('dee')];
  const inputs = rows.map((row) => row.input);
  const statuses = rows.map((row) => row.status);

  it('fetches the due rows again (distinct inputs, never from the cache), keeps their statuses, and costs them', () => {
    // Row 1 (ada) and row 4 (its duplicate) are due; dee is due but cached; cy is a plain row, cached.
    const due = new Set([0, 3, 4]);
    const start = startRows(scrape, inputs, statuses, false, due);
    expect(start.map((row) => row.kind)).toEqual(['refresh', 'done', 'pending', 'refresh', 'refresh']);
    expect(startStatuses(start, statuses)).toEqual(statuses);
    const shown = previewOf({
      rows: start,
      inputs,
      firstInputRow: 2,
      cached: new Set([url('cy'), url('dee')]),
      creditsPerFetch: 2,
      perMinute: 150,
      columns: [],
      outputA1: 'B1:D6',
      refresh: { olderThanDays: 0, economy: false },
    });
    expect(shown).toMatchObject({ alreadyDone: 1, duplicates: 1, cached: 1, toFetch: 2, credits: 4 });
    expect(shown.refresh).toEqual({ rows: 2, credits: 4 });
  });

  it('in economy covers a record and a scrape for each due row', () => {
    const start = startRows(scrape, inputs, statuses, false, new Set([1, 4]));
    const shown = previewOf({
      rows: start,
      inputs,
      firstInputRow: 2,
      cached: new Set(),
      creditsPerFetch: 2,
      perMinute: 150,
      columns: [],
      outputA1: 'B1:D6',
      refresh: { olderThanDays: 0, economy: true },
    });
    // cy is a plain fetch (2); bob and dee: a record each, and a scrape each at most.
    expect(shown.refresh).toEqual({ rows: 2, credits: 4, economyCredits: [2, 6] });
    expect(shown.credits).toBe(2 + 6);
  });

  it('in economy counts a record and a scrape for each due row against the day’s web requests', () => {
    const many = Array.from({ length: 10_001 }, (_, i) => url(`e${i}`));
    const start = startRows(scrape, many, new Array(many.length).fill('OK'), false, new Set(many.keys()));
    const refresh = (economy: boolean) =>
      previewOf({
        rows: start,
        inputs: many,
        firstInputRow: 2,
        cached: new Set(),
        creditsPerFetch: 2,
        perMinute: 150,
        columns: [],
        outputA1: 'B1:D10002',
        refresh: { olderThanDays: 0, economy },
      });
    expect(refresh(false).dailyQuota).toBeUndefined();
    expect(refresh(true).dailyQuota).toBe(dailyQuotaSentence(20_002));
  });
});

describe('the status column as a run starts', () => {
  it('says why invalid rows are invalid, clears rows to fetch, keeps final statuses', () => {
    const inputs = [url('a'), 'junk', url('b'), url('c'), '', url('d')];
    const statuses = ['OK', '', 'ERROR: boom.', 'PRIVATE', 'OK', 'INVALID: old'];
    const rows = startRows(scrape, inputs, statuses, false);
    expect(startStatuses(rows, statuses)).toEqual([
      'OK',
      'INVALID: "junk" is not a profile URL (expected https://www.network.com/in/<name>).',
      '',
      'PRIVATE',
      '',
      '',
    ]);
    expect(pendingInputs(rows)).toEqual(['https://www.network.com/in/b', 'https://www.network.com/in/d']);
    expect(startStatuses(startRows(scrape, inputs, statuses, true), statuses)[0]).toBe('');
  });

  it('normalizes contact lookups as FIND_CONTACTS does', () => {
    const rows = startRows(OPERATIONS.contacts, ['Ada@Example.com', '+1 (415) 555-0100', url('x')], [], false);
    expect(pendingInputs(rows)).toEqual([
      '{"email":"ada@example.com"}',
      '{"phone":"+14155550100"}',
      '{"network_url":"https://www.network.com/in/x"}',
    ]);
  });
});

describe('the preview of a large cached column', () => {
  const ROWS = 5_000;
  const inputs = Array.from({ length: ROWS }, (_, i) => url(`lead-${i}`));

  /** A document cache holding every row's answer, as runs and formulas leave it (packs of 50 fetched together). */
  function filledCache() {
    const clock = new FakeClock();
    const cache = new CountingCache(clock);
    const answers = new AnswerCache(cache, sha256, clock, { baseUrl: BASE_URL, operation: scrape.fetch.operation });
    const normalized = pendingInputs(startRows(scrape, inputs, [], false));
    for (let at = 0; at < normalized.length; at += 50) {
      const batch = normalized.slice(at, at + 50);
      answers.write(new Map(batch.map((input) => [input, { ...scrapedProfile, url: input }])));
    }
    return { clock, cache, normalized };
  }

  /** The cache as the preview sees it: every read counted, with the keys it asked for and the bytes it got. */
  function watched(cache: Cache) {
    const reads: Array<{ keys: string[]; bytes: number }> = [];
    const store: Cache = {
      getAll: (keys) => {
        const found = cache.getAll(keys);
        const bytes = Object.values(found).reduce((sum, value) => sum + Buffer.byteLength(value, 'utf8'), 0);
        reads.push({ keys, bytes });
        return found;
      },
      putAll: (values, ttl) => cache.putAll(values, ttl),
      remove: (key) => cache.remove(key),
    };
    return { store, reads };
  }

  let filled: ReturnType<typeof filledCache>;
  beforeAll(() => {
    filled = filledCache();
  });

  it('reads only the cache’s index: one call, a few hundred KB, no answer', () => {
    const { clock, cache, normalized } = filled;
    const stored = [...cache.data].reduce((sum, [, entry]) => sum + Buffer.byteLength(entry.value, 'utf8'), 0);
    const { store, reads } = watched(cache);
    const context = fetchContext({ fetchAll: () => [] }, clock, store);
    const columns = ['name', 'sheet-enrich scrape status', 'sheet-enrich scrape checked'];
    const { preview } = previewColumn(scrape, context, {
      inputs,
      statuses: [],
      overwrite: false,
      firstInputRow: 2,
      columns,
      outputA1: 'B1:D9',
      checked: [],
      refresh: null,
      now: clock.now(),
    });
    expect(preview).toMatchObject({ rows: ROWS, cached: ROWS, toFetch: 0, credits: 0 });
    expect(reads).toHaveLength(1);
    // The index shards, and the keys answers stored on their own would have (none here): never a pack.
    expect(reads[0].keys.filter((key) => key.startsWith('ans1:ix:')).length).toBeGreaterThan(0);
    expect(reads[0].keys.some((key) => key.startsWith('ans1:pk:'))).toBe(false);
    // The answers themselves are many MB; the index is a small part of them.
    expect(stored).toBeGreaterThan(8 * 1024 * 1024);
    expect(reads[0].bytes).toBeLessThan(500 * 1024);
    expect(reads[0].bytes * 20).toBeLessThan(stored);

    // Reading the answers, as the run does for the rows it writes, reads them all.
    reads.length = 0;
    expect(cachedAnswers(scrape.fetch, context, normalized).size).toBe(ROWS);
    expect(reads.reduce((sum, read) => sum + read.bytes, 0)).toBeGreaterThan(8 * 1024 * 1024);
  });

  it('counts rows missing from the index as to fetch', () => {
    const { clock, cache } = filled;
    const context = fetchContext({ fetchAll: () => [] }, clock, cache);
    const more = [...inputs, url('not-cached-1'), url('not-cached-2')];
    const { preview } = previewColumn(scrape, context, {
      inputs: more,
      statuses: [],
      overwrite: false,
      firstInputRow: 2,
      columns: ['sheet-enrich scrape status', 'sheet-enrich scrape checked'],
      outputA1: 'B1:C9',
      checked: [],
      refresh: null,
      now: clock.now(),
    });
    expect(preview).toMatchObject({ cached: ROWS, toFetch: 2, credits: 4 });
  });
});
