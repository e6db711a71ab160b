import { OPERATIONS } from '../../../src/core/enrichment/operations';
import {
  pendingInputs,
  previewOf,
  startRows,
  startStatuses,
  type PreviewInput,
} from '../../../src/core/enrichment/preview';

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
    columns: ['name', 'sheet-enrich status'],
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
      columns: ['name', 'sheet-enrich status'],
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

  it('shows dates and numbers in samples as text', () => {
    const result = preview([new Date(Date.UTC(2024, 0, 2)), 42], []);
    expect(result.invalidSamples.map((sample) => sample.value)).toEqual(['2024-01-02T00:00:00.000Z', '42']);
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
