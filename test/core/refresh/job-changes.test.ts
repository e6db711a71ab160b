import type { ProfileRecord } from '../../../src/core/api/types';
import { flattenRecord, parseFieldList } from '../../../src/core/fields/flatten';
import { JOB_CHANGES_FIELDS } from '../../../src/core/refresh/job-changes';
import { profileRecord } from '../fields/samples';

describe('the Job changes preset', () => {
  it('names company, title, start and when identified of the job started and the job closed', () => {
    expect(JOB_CHANGES_FIELDS).toHaveLength(8);
    for (const collection of ['experience_recently_started', 'experience_recently_closed']) {
      expect(JOB_CHANGES_FIELDS.filter((name) => name.startsWith(`${collection}.1.`))).toHaveLength(4);
    }
  });

  it.each([...JOB_CHANGES_FIELDS])('%s is a profile-record field of the catalog, in its canonical spelling', (name) => {
    const parsed = parseFieldList([[name]], 'profileRecord');
    expect(parsed.ok && parsed.fields.map((field) => field.name)).toEqual([name]);
  });

  it("reads the record's change entries", () => {
    const parsed = parseFieldList([[...JOB_CHANGES_FIELDS]], 'profileRecord');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const started = {
      company_id: 7,
      company_name: 'Globex',
      company_url: 'https://globex.example',
      company_shorthand_name: 'globex',
      date_from: '2026-09-01',
      date_to: null,
      title: 'CTO',
      identification_date: '2026-10-02',
    };
    const closed = { ...started, company_name: 'Initech', title: 'VP', date_from: '2020-01-01', date_to: '2026-08-31' };
    const record: ProfileRecord = {
      ...profileRecord,
      experience_recently_started: [started],
      experience_recently_closed: [closed],
    };
    expect(flattenRecord(record, parsed.fields)).toEqual([
      'Globex',
      'CTO',
      '2026-09-01',
      '2026-10-02',
      'Initech',
      'VP',
      '2020-01-01',
      '2026-10-02',
    ]);
  });
});
