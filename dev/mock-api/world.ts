// The mock's world and its changes: rounds of change (new employer, new title, new location, new email, new phone,
// new headline) and of removal, applied when the mock answers, and the list of what they changed for the people
// the mock knows (those it has answered for and those named to it).

import type { ContactLookupResponse, ProfileRecord, ScrapedProfile } from '../../src/core/api/types';
import type { MockClock } from './clock';
import {
  contactLookup,
  personForQuery,
  personForSlug,
  profileUrl,
  REFERENCE_MONTH,
  REFERENCE_YEAR,
  slugForQueryResult,
  toLegacyProfile,
  toProfileRecord,
  toScrapedProfile,
  type ContactQuery,
  type LegacyProfile,
  type MatchContext,
  type Person,
} from './data';
import { slugBehind } from './data/contacts';
import {
  worldContacts,
  worldLegacyProfile,
  worldProfileRecord,
  worldScrapedProfile,
  worldTimestamp,
} from './data/world-formats';
import {
  changedPerson,
  isGoneIn,
  WORLD_EDIT_KINDS,
  worldCanChange,
  worldPicks,
  type ChangedPerson,
  type WorldRule,
} from './data/world-person';
import { profileSlug } from './profile-url';
import type {
  WorldChangeKind,
  WorldChangeOptions,
  WorldChanges,
  WorldGoneOptions,
  WorldPersonChange,
  WorldRound,
} from './protocol';
import { changedFields, type PersonViews } from './world-fields';

/** The data's "now" (see REFERENCE_YEAR): world time is this instant plus the job clock. */
const REFERENCE_INSTANT = Date.UTC(REFERENCE_YEAR, REFERENCE_MONTH - 1, 1);

/** A profile URL or a bare slug, as the slug the mock keys people by; null for anything else. */
export function personSlug(text: string): string | null {
  const slug = profileSlug(text) ?? text.toLowerCase();
  return /^[\p{L}\p{N}_-]+$/u.test(slug) ? slug : null;
}

/** A person found by a people query: their place in the query's pool (their rank) and how they matched. */
export interface FoundPerson {
  person: Person;
  match: MatchContext;
}

interface KnownPerson {
  emails: Set<string>;
  phones: Set<string>;
}

export class MockWorld {
  private rules: WorldRule[] = [];
  private readonly known = new Map<string, KnownPerson>();

  constructor(
    private readonly seed: number,
    private readonly clock: MockClock,
  ) {}

  /** Back to the original world; forgets the people it knew. */
  reset(): void {
    this.rules = [];
    this.known.clear();
  }

  /** World time in epoch milliseconds. */
  now(): number {
    return REFERENCE_INSTANT + this.clock.jobTime();
  }

  /** Changes every person with hash(seed, slug) < fraction; answers what it changed among the known people. */
  change(options: WorldChangeOptions): WorldChanges {
    return this.addRound('change', options, options.kinds ?? [...WORLD_EDIT_KINDS]);
  }

  /** Removes the profile of every person with hash(seed, slug) < fraction (404 from then on). */
  remove(options: WorldGoneOptions): WorldChanges {
    return this.addRound('gone', options, []);
  }

  private addRound(action: WorldRule['action'], options: WorldGoneOptions, kinds: WorldRule['kinds']): WorldChanges {
    this.know(options.people ?? []);
    const round = this.rules.length + 1;
    this.rules.push({ round, action, seed: options.seed, fraction: options.fraction, kinds, atMs: this.now() });
    return this.changes(round - 1);
  }

  /** Adds people (profile URLs or slugs) to those the change list covers. */
  know(people: readonly string[]): void {
    for (const text of people) {
      const slug = personSlug(text);
      if (slug !== null) this.noteServed(slug);
    }
  }

  /** Records that the mock answered for this person, and the email or phone that led to them. */
  noteServed(slug: string, lookup?: ContactQuery): void {
    const known = this.known.get(slug) ?? { emails: new Set<string>(), phones: new Set<string>() };
    this.known.set(slug, known);
    if (lookup?.kind === 'email') known.emails.add(lookup.email);
    if (lookup?.kind === 'phone') known.phones.add(lookup.phone);
  }

  rounds(): WorldRound[] {
    return this.rules.map(({ round, action, seed, fraction, kinds, atMs }) => ({
      round,
      action,
      seed,
      fraction,
      kinds: [...kinds],
      at: worldTimestamp(atMs),
    }));
  }

  /** Every known person changed after round `since` (0: the original world), with the fields that differ now. */
  changes(since = 0): WorldChanges {
    const changes = [...this.known.keys()].flatMap((slug) => this.personChange(slug, since) ?? []);
    return { rounds: this.rounds(), since, changes };
  }

  private personChange(slug: string, since: number): WorldPersonChange | null {
    const later = this.rules.slice(since);
    if (!worldCanChange(slug) || !later.some((rule) => worldPicks(rule.seed, rule.fraction, slug))) return null;
    const base = personForSlug(this.seed, slug);
    const after = changedPerson(this.seed, this.rules, base);
    const edits = after?.edits.filter((edit) => edit.round > since) ?? [];
    if (after === null || edits.length === 0) return null;
    const known = this.known.get(slug);
    const inputs = {
      network_url: profileUrl(slug),
      emails: [...(known?.emails ?? [])],
      phones: [...(known?.phones ?? [])],
    };
    const kinds = [...new Set<WorldChangeKind>(edits.map((edit) => edit.kind))];
    const before = changedPerson(this.seed, this.rules, base, since);
    const fields =
      after.goneAtMs === null
        ? changedFields(this.views(base, before, inputs), this.views(base, after, inputs), kinds)
        : [];
    return {
      id: base.id,
      slug,
      inputs,
      kinds,
      at: worldTimestamp(Math.max(...edits.map((edit) => edit.atMs))),
      fields,
    };
  }

  private views(base: Person, changed: ChangedPerson | null, inputs: WorldPersonChange['inputs']): PersonViews {
    const lookups: Array<[string, ContactQuery]> = [
      [`network_url=${inputs.network_url}`, { kind: 'network_url', slug: base.slug }],
      ...inputs.emails.map((email): [string, ContactQuery] => [`email=${email}`, { kind: 'email', email }]),
      ...inputs.phones.map((phone): [string, ContactQuery] => [`phone=${phone}`, { kind: 'phone', phone }]),
    ];
    return {
      scrape: this.render(toScrapedProfile(base), changed, worldScrapedProfile),
      network: this.render(toProfileRecord(base), changed, worldProfileRecord),
      legacy: this.render(toLegacyProfile(base), changed, worldLegacyProfile),
      contacts: lookups.map(([input, query]) => ({
        input,
        answer: this.render(contactLookup(this.seed, query), changed, worldContacts),
      })),
    };
  }

  private render<T>(
    generated: T,
    changed: ChangedPerson | null,
    patch: (generated: T, changed: ChangedPerson) => T,
  ): T {
    return changed === null ? generated : patch(generated, changed);
  }

  // ---------- answering ----------

  isGone(slug: string): boolean {
    return isGoneIn(this.rules, slug);
  }

  private changed(person: Person): ChangedPerson | null {
    return this.rules.length === 0 ? null : changedPerson(this.seed, this.rules, person);
  }

  scrapedProfile(slug: string): ScrapedProfile {
    const person = personForSlug(this.seed, slug);
    return this.render(toScrapedProfile(person), this.changed(person), worldScrapedProfile);
  }

  profileRecord(person: Person, match?: MatchContext): ProfileRecord {
    return this.render(toProfileRecord(person, match), this.changed(person), worldProfileRecord);
  }

  legacyProfile(person: Person): LegacyProfile {
    return this.render(toLegacyProfile(person), this.changed(person), worldLegacyProfile);
  }

  /** The slug of the person a contact lookup leads to. */
  contactOwner(query: ContactQuery): string {
    return slugBehind(this.seed, query);
  }

  contacts(query: ContactQuery): ContactLookupResponse {
    const generated = contactLookup(this.seed, query);
    if (this.rules.length === 0 || !generated.data.some((result) => 'contacts' in result)) return generated;
    return this.render(generated, this.changed(personForSlug(this.seed, slugBehind(this.seed, query))), worldContacts);
  }

  /** The first pool position from `from` on whose person is not gone. */
  presentFrom(query: string, from: number): number {
    let position = from;
    while (this.rules.length > 0 && this.isGone(slugForQueryResult(this.seed, query, position))) position++;
    return position;
  }

  /**
   * The first `count` people of a query's pool of `poolSize`, leaving out those gone. Each keeps their pool position
   * as rank, so the others answer as before.
   */
  findPeople(query: string, count: number, poolSize: number): FoundPerson[] {
    const found: FoundPerson[] = [];
    for (let position = this.presentFrom(query, 0); found.length < count && position < poolSize;) {
      found.push(personForQuery(this.seed, query, position));
      position = this.presentFrom(query, position + 1);
    }
    return found;
  }

  /** How many of a query's first `poolSize` people are gone. */
  goneAmong(query: string, poolSize: number): number {
    if (!this.rules.some((rule) => rule.action === 'gone')) return 0;
    let gone = 0;
    for (let index = 0; index < poolSize; index++) {
      if (this.isGone(slugForQueryResult(this.seed, query, index))) gone++;
    }
    return gone;
  }
}
