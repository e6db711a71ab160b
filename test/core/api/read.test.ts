// Reading successful answers: typed values, tolerance where the API is undocumented, legacy refusal, and what each
// answer cost.
import {
  readCancelResearch,
  readCompanySearch,
  readContactLookup,
  readJobStatus,
  readPeopleSearch,
  readProfileRecord,
  readScrapedProfile,
  readStartResearch,
  UnreadableAnswer,
} from '../../../src/core/api/read';
import { jobStatus, json, legacyProfile, profileRecord, scrapedProfile, setup } from './fakes';
import { findContactsOnce, profileRecordOnce, scrapeOnce } from '../../support/per-row-calls';

function answerWith(body: unknown) {
  return setup(() => json(200, body)).client;
}

describe('contact lookup', () => {
  it('reads results, in-body errors and empty results, each costing 1 credit', () => {
    const client = answerWith({
      data: [
        {
          contacts: [
            { type: 'email', value: 'ada@example.com', subType: 'work', rating: 95 },
            { type: 'phone', value: '+14155550100', subType: 'mobile' },
            { type: 'fax', value: '123', subType: 'work' },
          ],
          social: [
            { type: 'li', link: 'https://www.network.com/in/ada', rating: '99' },
            { type: 'myspace', link: 'https://x', rating: '10' },
          ],
        },
        { error: true, message: 'No profile found', details: 'for ada@nobody.example' },
        { contacts: [], social: [] },
      ],
    });
    expect(findContactsOnce(client, 'ada@example.com')).toEqual({
      ok: true,
      credits: 1,
      value: {
        data: [
          {
            contacts: [
              { type: 'email', value: 'ada@example.com', subType: 'work', rating: '95' },
              { type: 'phone', value: '+14155550100', subType: 'mobile' },
            ],
            social: [{ type: 'li', link: 'https://www.network.com/in/ada', rating: '99' }],
          },
          { error: true, message: 'No profile found', details: 'for ada@nobody.example' },
          { contacts: [], social: [] },
        ],
      },
    });
    expect(findContactsOnce(answerWith({ data: [] }), '+14155550100')).toEqual({
      ok: true,
      credits: 1,
      value: { data: [] },
    });
  });
});

describe('scrape and company search', () => {
  it('reads a scraped profile, filling missing lists, for 2 credits', () => {
    const { experience: _dropped, ...partial } = scrapedProfile();
    const result = scrapeOnce(answerWith(partial), 'network.com/in/ada');
    expect(result).toEqual({
      ok: true,
      credits: 2,
      value: expect.objectContaining({ experience: [], skills: ['maths'] }),
    });
  });

  it('charges company search 1 credit per result returned', () => {
    const companies = [
      { id: 1, company_name: 'A', criteria: { 'is fintech': 'YES' } },
      { id: 2, company_name: 'B', criteria: {} },
    ];
    const result = answerWith({ results: companies, total: 2, query: 'fintech' }).searchCompanies({
      query: 'fintech',
      limit: 10,
    });
    expect(result).toEqual({ ok: true, credits: 2, value: { results: companies, total: 2, query: 'fintech' } });
    expect(answerWith({ results: [] }).searchCompanies({ query: 'x', limit: 10 })).toEqual({
      ok: true,
      credits: 0,
      value: { results: [], total: 0, query: '' },
    });
  });
});

describe('profile records and legacy records', () => {
  it('reads people results as profile records, 1 credit per result', () => {
    const envelope = {
      results: [profileRecord(), profileRecord({ id: 'p2', experience: null })],
      total: 2,
      query: 'q',
      search_id: 'uuid',
    };
    const result = answerWith(envelope).searchPeople({ query: 'q', limit: 10 });
    expect(result).toEqual({ ok: true, credits: 2, value: envelope });
  });

  it('reads a profile record for 1 credit, bare or wrapped', () => {
    expect(profileRecordOnce(answerWith(profileRecord()), 'network.com/in/ada')).toEqual({
      ok: true,
      credits: 1,
      value: profileRecord(),
    });
    expect(profileRecordOnce(answerWith({ profile: profileRecord() }), 'network.com/in/ada')).toEqual({
      ok: true,
      credits: 1,
      value: profileRecord(),
    });
  });

  it.each([
    ['a legacy record', legacyProfile()],
    [
      'a record with full_name but legacy experience',
      profileRecord({ experience: [{ company: 'X', start_date: '2020-01' }] }),
    ],
    ['a record whose experience is text', profileRecord({ experience: 'Analyst at Engines' })],
  ])('refuses %s everywhere records appear', (_name, record) => {
    const legacy = { ok: false, error: expect.objectContaining({ kind: 'legacy_format' }) };
    expect(
      answerWith({ results: [profileRecord(), record], total: 2, query: 'q', search_id: 's' }).searchPeople({
        query: 'q',
        limit: 5,
      }),
    ).toEqual(legacy);
    expect(profileRecordOnce(answerWith(record), 'network.com/in/ada')).toEqual(legacy);
    expect(answerWith(jobStatus({ results: [record] })).getResearchJob('job-1')).toEqual(legacy);
  });
});

describe('research jobs', () => {
  it('reads a status with its page, free of charge', () => {
    const pagination = { page: 2, page_size: 2, total_results: 3, total_pages: 2, has_more: false };
    const result = answerWith(jobStatus({ pagination })).getResearchJob('job-1', { page: 2, pageSize: 2 });
    expect(result).toEqual({ ok: true, credits: 0, value: { ...jobStatus(), pagination } });
  });

  it('is tolerant where the API does not document the shape', () => {
    const { results, ...withoutResults } = jobStatus();
    const body = {
      ...withoutResults,
      job_id: undefined,
      profiles: results,
      error: { message: 'Search backend failed', code: 7 },
      status: 'error',
      created_at: '1700000000',
      chunks_processed: undefined,
      pagination: { page: 3, page_size: 25, total_results: 60 },
    };
    const result = answerWith(body).getResearchJob('job-9', { page: 3 });
    expect(result.ok && result.value).toEqual(
      expect.objectContaining({
        job_id: 'job-9',
        status: 'error',
        created_at: 1_700_000_000,
        chunks_processed: 0,
        results,
        error: 'Search backend failed',
        pagination: { page: 3, page_size: 25, total_results: 60, total_pages: 3, has_more: false },
      }),
    );
    const textError = answerWith(jobStatus({ status: 'error', error: 'Timed out', results: undefined })).getResearchJob(
      'job-1',
    );
    expect(textError.ok && [textError.value.error, textError.value.results]).toEqual(['Timed out', []]);
  });

  it('reads a start answer and a cancel answer, free of charge', () => {
    expect(
      answerWith({ job_id: 'job-1', status: 'pending', message: 'Queued' }).startResearch({ query: 'q', limit: 10 }),
    ).toEqual({
      ok: true,
      credits: 0,
      value: { job_id: 'job-1', status: 'pending', message: 'Queued' },
    });
    expect(answerWith({ job_id: 'job-2' }).startResearch({ query: 'q', limit: 10 })).toEqual({
      ok: true,
      credits: 0,
      value: { job_id: 'job-2', status: 'pending', message: '' },
    });
    expect(answerWith({ job_id: 'abc_DEF-123' }).startResearch({ query: 'q', limit: 10 }).ok).toBe(true);
    expect(answerWith({ success: false, message: 'Already cancelled' }).cancelResearch('job-1')).toEqual({
      ok: true,
      credits: 0,
      value: { success: false, message: 'Already cancelled' },
    });
  });
});

describe('the job id of a start answer', () => {
  it.each(['job/1', '../jobs', 'job 1', 'job?x=1', 'x'.repeat(129)])(
    'refuses %s, which status requests would refuse, so the job could never be polled',
    (jobId) => {
      const started = answerWith({ job_id: jobId, status: 'pending' }).startResearch({ query: 'q', limit: 10 });
      expect(started).toEqual({
        ok: false,
        error: {
          kind: 'malformed',
          message: 'The service sent an answer that could not be read (job_id is not a valid job id).',
        },
      });
      const status = setup(() => json(200, jobStatus())).client.getResearchJob(jobId);
      expect(status.ok || status.error.kind).toBe('invalid_input');
    },
  );
});

/** The kind and detail a reader refuses the body with; fails the test when the body is accepted. */
function refusal(read: () => unknown): [string, string] {
  try {
    read();
  } catch (error) {
    if (!(error instanceof UnreadableAnswer)) throw error;
    return [error.kind, error.message];
  }
  throw new Error('accepted');
}

describe('the readers, one by one', () => {
  it('refuse a scraped profile without its profile object, or with a list that is not one', () => {
    expect(refusal(() => readScrapedProfile({ skills: [] }))).toEqual(['malformed', 'profile is not an object']);
    expect(refusal(() => readScrapedProfile({ ...scrapedProfile(), skills: 'maths' }))).toEqual([
      'malformed',
      'skills is not a list',
    ]);
    expect(refusal(() => readScrapedProfile([scrapedProfile()]))).toEqual(['malformed', 'the answer is not an object']);
  });

  it('read a scraped profile’s location as text, blank when absent', () => {
    expect(readScrapedProfile({ ...scrapedProfile(), location: undefined }).location).toBe('');
    expect(readScrapedProfile({ ...scrapedProfile(), location: 75001 }).location).toBe('75001');
  });

  it('read a company total given as text, count the results when it is missing, and refuse a result of no shape', () => {
    expect(readCompanySearch({ results: [{ id: 1 }], total: '12' }).total).toBe(12);
    expect(readCompanySearch({ results: [{ id: 1 }, { id: 2 }], total: 'many' }).total).toBe(2);
    expect(refusal(() => readCompanySearch({ results: [{ id: 1 }, 'B'] }))).toEqual([
      'malformed',
      'result 2 is not an object',
    ]);
  });

  it('keep only contacts with a value and links with a known network, and read a missing list as none', () => {
    expect(
      readContactLookup({
        data: [
          {
            contacts: [{ type: 'email', value: '' }, 'ada@example.com', { type: 'phone', value: 4155550100 }],
            social: [
              { type: 'li', link: '' },
              { type: 'tw', link: 'https://x.example/ada' },
            ],
          },
          { social: null },
          { error: true },
        ],
      }),
    ).toEqual({
      data: [
        {
          contacts: [{ type: 'phone', value: '4155550100', subType: '' }],
          social: [{ type: 'tw', link: 'https://x.example/ada', rating: '' }],
        },
        { contacts: [], social: [] },
        { error: true, message: '', details: '' },
      ],
    });
    expect(refusal(() => readContactLookup({}))).toEqual(['malformed', 'data is not a list']);
  });

  it('unwrap a profile record from data or result, but not a record that has its own id', () => {
    expect(readProfileRecord({ data: profileRecord({ id: 'd' }) }).id).toBe('d');
    expect(readProfileRecord({ result: profileRecord({ id: 'r' }) }).id).toBe('r');
    const own = profileRecord({ id: 'own', profile: { id: 'nested' } });
    expect(readProfileRecord(own)).toBe(own);
    expect(refusal(() => readProfileRecord({ id: 'p1', headline: 'x' }))).toEqual([
      'legacy_format',
      'the profile is in the legacy format',
    ]);
  });

  it('read a start answer’s numeric job id as text, pending when no status is given, and refuse an unknown status', () => {
    expect(readStartResearch({ job_id: 123 })).toEqual({ job_id: '123', status: 'pending', message: '' });
    expect(refusal(() => readStartResearch({ job_id: 'j', status: 'queued' }))).toEqual([
      'malformed',
      'unknown job status "queued"',
    ]);
  });

  it('work out what a page leaves out: its page count from the total, and whether more follow', () => {
    const page = (pagination: Record<string, unknown>) => readJobStatus(jobStatus({ pagination }), 'job-1').pagination;
    expect(page({ page: 1, page_size: 25, total_results: 60 })).toMatchObject({ total_pages: 3, has_more: true });
    expect(page({ page: 3, page_size: 25, total_results: 60 })).toMatchObject({ total_pages: 3, has_more: false });
    expect(page({ page: 1, page_size: 25, total_results: 60, has_more: false })).toMatchObject({ has_more: false });
    expect(page({})).toEqual({ page: 1, page_size: 0, total_results: 0, total_pages: 0, has_more: false });
    expect(readJobStatus(jobStatus(), 'job-1').pagination).toBeUndefined();
  });

  it('read a job error from its message, its detail, or the whole object, and an empty one as none', () => {
    const errorOf = (error: unknown) => readJobStatus(jobStatus({ status: 'error', error }), 'job-1').error;
    expect(errorOf({ detail: 'Quota' })).toBe('Quota');
    expect(errorOf({ code: 7 })).toBe('{"code":7}');
    expect(errorOf('')).toBeUndefined();
    expect(errorOf(42)).toBeUndefined();
  });

  it('refuse a cancel answer whose success is not a boolean', () => {
    expect(refusal(() => readCancelResearch({ success: 'true' }))).toEqual(['malformed', 'no success flag']);
  });

  it('read a people search total given as text', () => {
    expect(readPeopleSearch({ results: [profileRecord()], total: '7' })).toMatchObject({
      total: 7,
      query: '',
      search_id: '',
    });
  });
});
