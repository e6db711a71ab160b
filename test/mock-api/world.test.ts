// The world's changes (POST /__mock/world/change and /gone, GET /__mock/world/changes) over real HTTP: seeded picks,
// one story in every format, unchanged people byte for byte as before, the change list against what the endpoints
// answer, rounds, reset and removed profiles.

import type { JobStatusResponse, ProfileRecord, ScrapedProfile } from '../../src/core/api/types';
import { contactView } from '../../src/core/fields/contacts';
import type { WorldFieldChange, WorldPersonChange } from '../../dev/mock-api/control';
import { personForSlug } from '../../dev/mock-api/data';
import { worldPicks } from '../../dev/mock-api/data/world-person';
import { profileSlug } from '../../dev/mock-api/profile-url';
import { newKey, profileQuery, startTestMock, type TestMock } from './harness';

// Several tests read four formats for dozens of people, more than once.
jest.setTimeout(30_000);

let mock: TestMock;
let key: string;
beforeAll(async () => {
  mock = await startTestMock({ seed: 1 });
});
afterAll(() => mock?.close());
beforeEach(async () => {
  await mock.control.reset();
  key = await newKey(mock, 'world');
});

const DAY_MS = 86_400_000;
const urlOf = (slug: string) => `https://www.network.com/in/${slug}`;
/** Slugs as the network mints them (name and 7-hex id), `count` of them, distinct per `name`. */
const slugsNamed = (name: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${name}-${(i * 104_729).toString(16).padStart(7, '0')}`);

/** The raw bodies of the four formats that answer for one profile URL. */
interface Bodies {
  scrape: string;
  network: string;
  legacy: string;
  contacts: string;
}

async function bodiesOf(slug: string): Promise<Bodies> {
  const query = profileQuery(urlOf(slug));
  const answers = await Promise.all([
    mock.get(`/api/enrich/scrape?${query}`, key),
    mock.get(`/api/enrich/network?${query}`, key),
    mock.get(`/api/enrich/network?${query}&legacy=true`, key),
    mock.get(`/api/enrich/contacts?${query}`, key),
  ]);
  for (const answer of answers) expect(answer.status).toBe(200);
  const [scrape, network, legacy, contacts] = answers.map((answer) => answer.text);
  return { scrape, network, legacy, contacts };
}

/** Ten people at a time. */
async function bodiesOfAll(slugs: readonly string[]): Promise<Map<string, Bodies>> {
  const bodies = new Map<string, Bodies>();
  for (let start = 0; start < slugs.length; start += 10) {
    const batch = slugs.slice(start, start + 10);
    const answers = await Promise.all(batch.map(bodiesOf));
    batch.forEach((slug, i) => bodies.set(slug, answers[i]));
  }
  return bodies;
}

/** The value at a dotted path with 1-based list positions, as the add-on names fields. */
function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(part)) current = current[Number(part) - 1];
    else current = (current as Record<string, unknown> | undefined)?.[part];
  }
  return current ?? null;
}

/** A field's value in the bodies, read the add-on's way (scraped `profile` members at the root; the contact view). */
function valueIn(bodies: Bodies, change: WorldFieldChange): unknown {
  if (change.format === 'contacts') return readPath(contactView(JSON.parse(bodies.contacts)), change.field);
  const record = JSON.parse(bodies[change.format]) as Record<string, unknown>;
  if (change.format !== 'scrape') return readPath(record, change.field);
  const scraped = record as unknown as ScrapedProfile;
  return readPath(
    { ...scraped.profile, ...scraped, location: scraped.location || scraped.profile.location },
    change.field,
  );
}

/** Every listed field of a person reads `old` in the bodies before and `new` in the bodies after. */
function expectListMatches(change: WorldPersonChange, before: Bodies, after: Bodies): void {
  const urlFields = change.fields.filter(
    (field) => field.input === undefined || field.input.startsWith('network_url='),
  );
  for (const field of urlFields) {
    expect({ ...field, read: valueIn(before, field) }).toEqual({ ...field, read: field.old });
    expect({ ...field, read: valueIn(after, field) }).toEqual({ ...field, read: field.new });
  }
}

const withoutMatch = (record: ProfileRecord) => ({ ...record, match_data: null });

describe('picking people', () => {
  test('a round changes exactly the people with hash(seed, slug) < fraction: about 5% of 1,000, the same each time', async () => {
    const people = slugsNamed('mia-chen', 1000).map(urlOf);
    const first = await mock.control.changeWorld({ fraction: 0.05, seed: 11, people });
    const picked = people.map((url) => profileSlug(url) ?? '').filter((slug) => worldPicks(11, 0.05, slug));
    expect(first.changes.map((change) => change.slug).sort()).toEqual(picked.sort());
    expect(picked.length).toBeGreaterThanOrEqual(30);
    expect(picked.length).toBeLessThanOrEqual(70);
    expect(first.rounds).toEqual([
      { round: 1, action: 'change', seed: 11, fraction: 0.05, kinds: expect.any(Array), at: '2025-10-01T00:00:00Z' },
    ]);

    await mock.control.resetWorld();
    expect(await mock.control.changeWorld({ fraction: 0.05, seed: 11, people })).toEqual(first);
    // The in-process function is the same world.
    mock.world.reset();
    expect(mock.world.change({ fraction: 0.05, seed: 11, people })).toEqual(first);
    expect(await mock.control.worldChanges()).toEqual(first);

    await mock.control.resetWorld();
    const other = await mock.control.changeWorld({ fraction: 0.05, seed: 12, people });
    const otherSlugs = new Set(other.changes.map((change) => change.slug));
    expect(other.changes.filter((change) => picked.includes(change.slug)).length).toBeLessThan(picked.length / 2);
    expect(otherSlugs.size).toBe(people.filter((url) => worldPicks(12, 0.05, profileSlug(url) ?? '')).length);
  });

  test('people never asked for are changed too: the change shows when they are first asked for', async () => {
    const slug = slugsNamed('noah-berg', 400).find((candidate) => worldPicks(5, 0.1, candidate)) ?? '';
    const generated = JSON.stringify(personForSlug(1, slug));
    await mock.control.changeWorld({ fraction: 0.1, seed: 5 });
    expect((await mock.control.worldChanges()).changes).toEqual([]);
    await bodiesOf(slug);
    const [listed] = (await mock.control.worldChanges()).changes;
    expect(listed.slug).toBe(slug);
    expect(listed.fields.length).toBeGreaterThan(0);
    // The generator's person is untouched: the world is an overlay.
    expect(JSON.stringify(personForSlug(1, slug))).toBe(generated);
  });

  test('bad requests are refused with 400', async () => {
    const refused = async (path: string, body: unknown) => {
      const answer = await fetch(`${mock.url}/__mock/world/${path}`, { method: 'POST', body: JSON.stringify(body) });
      expect({ path, body, status: answer.status }).toEqual({ path, body, status: 400 });
    };
    await refused('change', { fraction: 1.5, seed: 1 });
    await refused('change', { fraction: 0.1 });
    await refused('change', { fraction: 0.1, seed: 1, kinds: ['new hobby'] });
    await refused('change', { fraction: 0.1, seed: 1, kinds: [] });
    await refused('gone', { fraction: 0.1, seed: 1, people: ['https://example.com/x'] });
    await refused('people', {});
    const since = await fetch(`${mock.url}/__mock/world/changes?since=-1`);
    expect(since.status).toBe(400);
  });
});

describe('what the endpoints answer', () => {
  test('unchanged people answer byte for byte as before; the list holds what changed people answered before and now', async () => {
    const slugs = slugsNamed('lea-novak', 80);
    const before = await bodiesOfAll(slugs);
    const { changes } = await mock.control.changeWorld({ fraction: 0.25, seed: 3 });
    const after = await bodiesOfAll(slugs);

    const changed = new Map(changes.map((change) => [change.slug, change]));
    expect(changed.size).toBe(slugs.filter((slug) => worldPicks(3, 0.25, slug)).length);
    expect(changed.size).toBeGreaterThan(5);
    for (const slug of slugs) {
      const change = changed.get(slug);
      if (!change) {
        expect({ slug, ...after.get(slug) }).toEqual({ slug, ...before.get(slug) });
        continue;
      }
      expect(change.inputs).toEqual({ network_url: urlOf(slug), emails: [], phones: [] });
      expect(change.id).toBe(JSON.parse(after.get(slug)?.network ?? '{}').id);
      expect(change.fields.length).toBeGreaterThan(0);
      // Each kind of change shows in some field, and each field's kind is one the person had.
      for (const kind of change.kinds) expect(change.fields.map((field) => field.kind)).toContain(kind);
      for (const field of change.fields) expect(change.kinds).toContain(field.kind);
      expectListMatches(change, before.get(slug) as Bodies, after.get(slug) as Bodies);
    }
    const kinds = new Set(changes.flatMap((change) => change.kinds));
    expect([...kinds].sort()).toEqual(
      ['changed', 'new email', 'new employer', 'new location', 'new phone', 'new title'].sort(),
    );
  });

  test('a new employer reads the same in every format, with change tracking at the time of the change', async () => {
    const working = slugsNamed('omar-haddad', 40)
      .filter((slug) => personForSlug(1, slug).positions[0].to === null)
      .slice(0, 5);
    const before = await bodiesOfAll(working);
    await mock.control.advanceClock(10 * DAY_MS);
    const { rounds, changes } = await mock.control.changeWorld({ fraction: 1, seed: 1, kinds: ['new employer'] });
    expect(rounds[0].at).toBe('2025-10-11T00:00:00Z');
    expect(changes).toHaveLength(working.length);

    for (const slug of working) {
      const old = JSON.parse(before.get(slug)?.network ?? '{}') as ProfileRecord;
      const now = await bodiesOf(slug);
      const [scrape, network, legacy] = [now.scrape, now.network, now.legacy].map((text) => JSON.parse(text));
      const employer = (network as ProfileRecord).experience?.[0].company_name;
      expect(employer).not.toBe(old.experience?.[0].company_name);
      expect([scrape.experience[0].employer_name, legacy.company, legacy.experience[0].company]).toEqual([
        employer,
        employer,
        employer,
      ]);
      expect([scrape.profile.title, legacy.title]).toEqual([
        network.active_experience_title,
        network.active_experience_title,
      ]);
      expect(network.experience[1]).toMatchObject({
        company_name: old.experience?.[0].company_name,
        date_to: 'October 2025',
        order_in_profile: 2,
      });
      expect(scrape.experience[1]).toMatchObject({ end_date: '2025-10', is_current: false });
      expect(network.experience_recently_started[0]).toMatchObject({ company_name: employer, date_to: null });
      expect(network.experience_recently_closed[0]).toMatchObject({
        company_name: old.experience?.[0].company_name,
        date_to: '2025-10',
      });
      for (const stamp of ['changed_at', 'checked_at', 'experience_change_last_identified_at']) {
        expect(network[stamp] >= rounds[0].at).toBe(true);
        expect(network[stamp] > (old as unknown as Record<string, string>)[stamp]).toBe(true);
      }
      expect(network.profile_root_field_changes_summary).toContainEqual({
        field_name: 'active_experience_company_id',
        change_type: 'modified',
        last_changed_at: rounds[0].at,
      });
      expect(network.profile_collection_field_changes_summary[0]).toEqual({
        field_name: 'experience',
        last_changed_at: rounds[0].at,
      });
      expect(scrape.profile.last_updated >= rounds[0].at).toBe(true);
    }
  });

  test('a promotion, a move and a new headline read the same in every format', async () => {
    const slugs = slugsNamed('ines-roth', 30).filter((slug) => personForSlug(1, slug).positions[0].to === null);
    const read = async (slug: string) => {
      const bodies = await bodiesOf(slug);
      return [bodies.scrape, bodies.network, bodies.legacy].map((text) => JSON.parse(text));
    };
    const [promoted, moved, retitled] = slugs;
    const [scrapeBefore, networkBefore] = await read(promoted);
    await mock.control.changeWorld({ fraction: 1, seed: 2, kinds: ['new title'], people: [promoted] });
    const [scrape, network, legacy] = await read(promoted);
    expect(network.active_experience_title).not.toBe(networkBefore.active_experience_title);
    expect(network.experience[0].company_name).toBe(networkBefore.experience[0].company_name);
    expect([scrape.profile.title, scrape.experience[0].employee_title, legacy.title]).toEqual(
      Array(3).fill(network.active_experience_title),
    );
    expect(scrape.experience).toHaveLength(scrapeBefore.experience.length);

    await mock.control.resetWorld();
    const [, movedBefore] = await read(moved);
    await mock.control.changeWorld({ fraction: 1, seed: 2, kinds: ['new location'], people: [moved] });
    const [movedScrape, movedNetwork, movedLegacy] = await read(moved);
    expect(movedNetwork.location_full).not.toBe(movedBefore.location_full);
    expect([movedScrape.location, movedScrape.profile.location, movedLegacy.location]).toEqual(
      Array(3).fill(movedNetwork.location_full),
    );

    await mock.control.resetWorld();
    const [, retitledBefore] = await read(retitled);
    await mock.control.changeWorld({ fraction: 1, seed: 2, kinds: ['changed'], people: [retitled] });
    const [retitledScrape, retitledNetwork, retitledLegacy] = await read(retitled);
    expect(retitledNetwork.headline).not.toBe(retitledBefore.headline);
    expect([retitledScrape.profile.headline, retitledLegacy.headline]).toEqual(Array(2).fill(retitledNetwork.headline));
  });

  test('a new email and phone show in the contact lookup by URL and by the email that reaches the person', async () => {
    const email = 'jane.doe@acme.example';
    const byEmail = await mock.get(`/api/enrich/contacts?email=${encodeURIComponent(email)}`, key);
    const owner = profileSlug(
      byEmail.body.data[0].social.find((link: { type: string }) => link.type === 'li').link,
    ) as string;
    const before = await bodiesOf(owner);
    const { changes } = await mock.control.changeWorld({ fraction: 1, seed: 4, kinds: ['new email', 'new phone'] });
    const change = changes.find((entry) => entry.slug === owner) as WorldPersonChange;
    expect(change.inputs).toEqual({ network_url: urlOf(owner), emails: [email], phones: [] });
    expect(change.kinds.every((kind) => kind === 'new email' || kind === 'new phone')).toBe(true);
    expectListMatches(change, before, await bodiesOf(owner));

    const emailFields = change.fields.filter((field) => field.input === `email=${email}`);
    const emailsNow = contactView(
      (await mock.get(`/api/enrich/contacts?email=${encodeURIComponent(email)}`, key)).body,
    );
    const emailsBefore = contactView(byEmail.body);
    for (const field of emailFields) {
      expect(readPath(emailsBefore, field.field)).toEqual(field.old);
      expect(readPath(emailsNow, field.field)).toEqual(field.new);
    }
    if (change.kinds.includes('new email')) {
      expect(emailsNow.emails).not.toContain(email);
      expect(emailFields.map((field) => field.field)).toContain('emails');
    }
  });

  test('people search and research show changed people as the profile endpoint does and leave gone people out', async () => {
    const query = 'fintech in Berlin';
    const searchBefore = await mock.get(`/api/search?query=${encodeURIComponent(query)}&limit=40`, key);
    const { changes } = await mock.control.changeWorld({ fraction: 0.3, seed: 5 });
    const { changes: gone } = await mock.control.removePeople({ fraction: 0.15, seed: 6 });
    const changedSlugs = new Set(changes.map((change) => change.slug));
    const goneSlugs = new Set(gone.map((change) => change.slug));
    expect(changedSlugs.size).toBeGreaterThan(3);
    expect(goneSlugs.size).toBeGreaterThan(1);

    const searchAfter = await mock.get(`/api/search?query=${encodeURIComponent(query)}&limit=40`, key);
    expect(searchAfter.body.results).toHaveLength(40);
    expect(searchBefore.body.total - searchAfter.body.total).toBeGreaterThanOrEqual(goneSlugs.size);
    const jobId = (await mock.post('/api/search/deep_research', { query, limit: 40 }, key)).body.job_id;
    await mock.control.advanceToResult(jobId, 40);
    const job = await mock.get<JobStatusResponse>(`/api/search/deep_research/${jobId}`, key);
    expect(job.body.results).toHaveLength(40);

    const beforeById = new Map(
      (searchBefore.body.results as ProfileRecord[]).map((record) => [record.id, JSON.stringify(record)]),
    );
    for (const record of [...searchAfter.body.results, ...job.body.results] as ProfileRecord[]) {
      const slug = profileSlug(record.network_url ?? '') as string;
      expect(goneSlugs.has(slug)).toBe(false);
      if (changedSlugs.has(slug)) {
        const profile = await mock.get(`/api/enrich/network?${profileQuery(urlOf(slug))}`, key);
        expect(withoutMatch(record)).toEqual(profile.body);
      } else if (beforeById.has(record.id)) {
        // Search and research find a pool's people with the same rank, so their records agree.
        expect(JSON.stringify(record)).toBe(beforeById.get(record.id));
      }
    }
    const seen = [...searchAfter.body.results, ...job.body.results].map((record: ProfileRecord) => record.network_url);
    expect(seen.some((url) => changedSlugs.has(profileSlug(url ?? '') ?? ''))).toBe(true);
  });
});

describe('rounds, reset and gone profiles', () => {
  test('rounds accumulate: since=N lists what changed after round N', async () => {
    const slugs = slugsNamed('ada-park', 50);
    const original = await bodiesOfAll(slugs);
    await mock.control.changeWorld({ fraction: 0.3, seed: 21 });
    const afterFirst = await bodiesOfAll(slugs);
    await mock.control.advanceClock(DAY_MS);
    const second = await mock.control.changeWorld({ fraction: 0.3, seed: 22 });
    const afterSecond = await bodiesOfAll(slugs);

    const sinceStart = await mock.control.worldChanges();
    const sinceFirst = await mock.control.worldChanges(1);
    expect(sinceFirst.changes).toEqual(second.changes);
    expect(sinceStart.rounds.map((round) => [round.round, round.at])).toEqual([
      [1, '2025-10-01T00:00:00Z'],
      [2, '2025-10-02T00:00:00Z'],
    ]);
    const twice = sinceStart.changes.filter(
      (change) => worldPicks(21, 0.3, change.slug) && worldPicks(22, 0.3, change.slug),
    );
    expect(twice.length).toBeGreaterThan(0);
    for (const change of sinceStart.changes) {
      expectListMatches(change, original.get(change.slug) as Bodies, afterSecond.get(change.slug) as Bodies);
    }
    for (const change of sinceFirst.changes) {
      expect(change.at).toBe('2025-10-02T00:00:00Z');
      expectListMatches(change, afterFirst.get(change.slug) as Bodies, afterSecond.get(change.slug) as Bodies);
    }
  });

  test('reset (of the world, or of the whole mock) restores the original world', async () => {
    const slugs = slugsNamed('eva-lind', 20);
    const original = await bodiesOfAll(slugs);
    await mock.control.changeWorld({ fraction: 0.5, seed: 8 });
    await mock.control.removePeople({ fraction: 0.2, seed: 9 });
    await mock.control.resetWorld();
    expect(await mock.control.worldChanges()).toEqual({ rounds: [], since: 0, changes: [] });
    expect(await bodiesOfAll(slugs)).toEqual(original);

    await mock.control.changeWorld({ fraction: 0.5, seed: 8, people: slugs });
    await mock.control.reset();
    key = await newKey(mock, 'world-again');
    expect(await bodiesOfAll(slugs)).toEqual(original);
  });

  test('a gone profile answers 404 on scrape and network and "No profile found" on contacts, and stays gone', async () => {
    const people = slugsNamed('tom-weiss', 100);
    const { changes } = await mock.control.removePeople({ fraction: 0.1, seed: 4, people });
    const gone = people.filter((slug) => worldPicks(4, 0.1, slug));
    expect(changes.map((change) => change.slug).sort()).toEqual([...gone].sort());
    for (const change of changes) expect(change).toMatchObject({ kinds: ['profile gone'], fields: [] });
    expect(gone.length).toBeGreaterThan(3);

    await mock.control.changeWorld({ fraction: 1, seed: 5 });
    expect((await mock.control.worldChanges(1)).changes.map((change) => change.slug)).toEqual(
      people.filter((slug) => !gone.includes(slug)),
    );
    for (const slug of gone) {
      const query = profileQuery(urlOf(slug));
      for (const path of ['scrape', 'network']) {
        const answer = await mock.get(`/api/enrich/${path}?${query}`, key);
        expect({ path, status: answer.status, body: answer.body }).toEqual({
          path,
          status: 404,
          body: { detail: 'Profile not found.' },
        });
      }
      const contacts = await mock.get(`/api/enrich/contacts?${query}`, key);
      expect(contacts.body.data[0]).toMatchObject({ error: true, message: 'No profile found' });
    }
  });
});
