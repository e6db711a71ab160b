import type { ProfileRecord } from '../../../src/core/api/types';
import { RECORD_CATALOGS } from '../../../src/core/fields/catalog';
import { apiTime, economyCredits, economyDecision, SHOWN_IN_SCRAPE } from '../../../src/core/refresh/economy';
import { profileRecord } from '../fields/samples';

const CHECKED = Date.parse('2026-10-01T00:00:00Z');
const BEFORE = '2026-09-15T00:00:00Z';
const AFTER = '2026-10-20T00:00:00Z';

function recordWith(overrides: Partial<ProfileRecord>): ProfileRecord {
  return {
    ...profileRecord,
    changed_at: BEFORE,
    experience_change_last_identified_at: BEFORE,
    profile_root_field_changes_summary: [],
    profile_collection_field_changes_summary: [],
    ...overrides,
  };
}

const rootChange = (field_name: string, last_changed_at: string) => ({
  field_name,
  change_type: 'modified',
  last_changed_at,
});

const SCRAPE_COLUMNS = ['name', 'headline', 'experience.1.employer_name', 'experience.1.employee_title'];

describe('economy refresh: whether a scrape row is scraped again', () => {
  it('keeps a row whose record changed nothing since it was checked', () => {
    const record = recordWith({ profile_root_field_changes_summary: [rootChange('headline', BEFORE)] });
    expect(economyDecision(record, CHECKED, SCRAPE_COLUMNS)).toEqual({ rescrape: false, reason: 'unchanged' });
  });

  it('rescrapes a row never checked', () => {
    expect(economyDecision(recordWith({}), null, SCRAPE_COLUMNS)).toEqual({ rescrape: true, reason: 'never checked' });
  });

  it.each([
    ['headline', ['headline']],
    ['location_full', ['location']],
    ['full_name', ['name']],
    ['picture_url', ['profile_picture_url']],
    ['Headline', ['headline']],
  ])('rescrapes when %s changed and the run shows %j', (field, columns) => {
    const record = recordWith({ changed_at: AFTER, profile_root_field_changes_summary: [rootChange(field, AFTER)] });
    expect(economyDecision(record, CHECKED, columns)).toEqual({ rescrape: true, reason: 'shown field changed' });
  });

  it('keeps a row whose changes since the check are all in fields the run does not show', () => {
    const record = recordWith({
      changed_at: AFTER,
      profile_root_field_changes_summary: [rootChange('summary', AFTER), rootChange('headline', BEFORE)],
      profile_collection_field_changes_summary: [{ field_name: 'certifications', last_changed_at: AFTER }],
    });
    expect(economyDecision(record, CHECKED, SCRAPE_COLUMNS)).toEqual({ rescrape: false, reason: 'changed elsewhere' });
  });

  it('rescrapes on a job change when the run shows the job', () => {
    const record = recordWith({ changed_at: AFTER, experience_change_last_identified_at: AFTER });
    expect(economyDecision(record, CHECKED, SCRAPE_COLUMNS).rescrape).toBe(true);
    expect(economyDecision(record, CHECKED, ['title']).rescrape).toBe(true);
    expect(economyDecision(record, CHECKED, ['name', 'skills'])).toEqual({
      rescrape: false,
      reason: 'changed elsewhere',
    });
  });

  it('rescrapes on a collection change the run shows', () => {
    const record = recordWith({
      changed_at: AFTER,
      profile_collection_field_changes_summary: [{ field_name: 'skills', last_changed_at: AFTER }],
    });
    expect(economyDecision(record, CHECKED, ['skills'])).toEqual({ rescrape: true, reason: 'shown field changed' });
  });

  it.each([
    ['a field it cannot place', [rootChange('favourite_colour', AFTER)]],
    ['a name that is an Object property', [rootChange('constructor', AFTER)]],
    ['an entry without a name', [{ change_type: 'modified', last_changed_at: AFTER }]],
  ])('rescrapes on %s, when unsure', (_, summary) => {
    const record = recordWith({ changed_at: AFTER, profile_root_field_changes_summary: summary as never });
    expect(economyDecision(record, CHECKED, ['name'])).toEqual({ rescrape: true, reason: 'unknown field changed' });
  });

  it('counts a change time it cannot read as a change', () => {
    const record = recordWith({ profile_root_field_changes_summary: [rootChange('headline', 'last Tuesday')] });
    expect(economyDecision(record, CHECKED, ['headline']).rescrape).toBe(true);
    expect(economyDecision(record, CHECKED, ['skills']).rescrape).toBe(false);
  });

  it('rescrapes a change nothing in the record explains', () => {
    const record = recordWith({ changed_at: AFTER });
    expect(economyDecision(record, CHECKED, ['skills'])).toEqual({ rescrape: true, reason: 'unexplained change' });
  });

  it('rescrapes a change when the run shows a field no summary speaks for', () => {
    const record = recordWith({
      changed_at: AFTER,
      profile_root_field_changes_summary: [rootChange('summary', AFTER)],
    });
    for (const column of ['emails', 'websites', 'criteria.Worked on compilers']) {
      expect(economyDecision(record, CHECKED, ['name', column])).toEqual({
        rescrape: true,
        reason: 'unexplained change',
      });
    }
  });

  it.each([null, 'soon'])('rescrapes when changed_at is %p', (changedAt) => {
    const record = recordWith({ changed_at: changedAt });
    expect(economyDecision(record, CHECKED, SCRAPE_COLUMNS)).toEqual({ rescrape: true, reason: 'no change time' });
  });

  it('tolerates summaries that are not lists', () => {
    const record = recordWith({
      profile_root_field_changes_summary: 'none' as never,
      profile_collection_field_changes_summary: null,
    });
    expect(economyDecision(record, CHECKED, SCRAPE_COLUMNS).rescrape).toBe(false);
  });
});

describe('the map from record fields to scrape fields', () => {
  const recordRoots = Object.keys(RECORD_CATALOGS.profileRecord);
  const scrapeRoots = Object.keys(RECORD_CATALOGS.scrapedProfile);

  it.each(Object.keys(SHOWN_IN_SCRAPE))('%s is a profile-record field and maps to scrape fields', (name) => {
    expect(recordRoots).toContain(name);
    for (const root of SHOWN_IN_SCRAPE[name]) expect(scrapeRoots).toContain(root);
  });
});

describe('API times', () => {
  it.each([
    ['2026-11-01T10:00:00Z', '2026-11-01T10:00:00.000Z'],
    ['2026-11-01T10:00:00.250Z', '2026-11-01T10:00:00.250Z'],
    ['2026-11-01T10:00:00+02:00', '2026-11-01T08:00:00.000Z'],
    ['2026-11-01T10:00:00-0530', '2026-11-01T15:30:00.000Z'],
    ['2026-11-01 10:00:00', '2026-11-01T10:00:00.000Z'],
    ['2026-11-01T10:00', '2026-11-01T10:00:00.000Z'],
    ['2026-11-01', '2026-11-01T00:00:00.000Z'],
  ])('%s is %s', (text, iso) => {
    expect(apiTime(text)).toBe(Date.parse(iso));
  });

  it.each(['', 'yesterday', '2026-13-01', '2026-02-30T00:00:00Z', '2026-11-01T25:00:00Z', null, 20261101])(
    '%p is unreadable',
    (value) => {
      expect(apiTime(value)).toBeNull();
    },
  );
});

describe('economy credits', () => {
  it('run from a profile record a row, when no row changed, to that plus a scrape a row, when every row did', () => {
    expect(economyCredits(10)).toEqual([10, 30]);
    expect(economyCredits(0)).toEqual([0, 0]);
  });
});
