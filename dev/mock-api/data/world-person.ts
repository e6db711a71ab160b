// The world's changes to one person: rounds of change pick people by a hash of (round seed, slug) and edit the
// person generated from the slug. Nothing is stored per person, so anyone the mock can serve can be changed,
// including people nobody has asked about yet.

import type { WorldChangeKind, WorldEditKind } from '../protocol';
import { companyFacts } from './companies';
import { contactLookup, usPhone, workEmailOf } from './contacts';
import { fixtureQuirks } from './hard-cases';
import { managementLevel, slugWord, type Person, type Position, type YearMonth } from './person';
import { hash32, Random } from './random';
import { DEPARTMENT_TITLES, PLACES, TOPICS } from './vocabulary';

export interface WorldRule {
  /** 1 for the first round since the start or the last reset. */
  round: number;
  action: 'change' | 'gone';
  seed: number;
  fraction: number;
  /** The kinds a change round draws from (empty for a gone round). */
  kinds: readonly WorldEditKind[];
  /** World time of the round, in epoch milliseconds. */
  atMs: number;
}

export interface WorldEdit {
  round: number;
  kind: WorldChangeKind;
  atMs: number;
}

/** A person as the world's rounds left them, next to the person as generated. */
export interface ChangedPerson {
  base: Person;
  person: Person;
  edits: WorldEdit[];
  /** The work email contact lookups list now; null while it is the generated one. */
  workEmail: string | null;
  /** The mobile phone contact lookups list now; null while it is the generated one. */
  mobilePhone: string | null;
  goneAtMs: number | null;
  /** Position id -> world time the world started it (a new employer). */
  startedAtMs: Map<number, number>;
  /** Position id -> world time the world ended it (the job left for a new employer). */
  closedAtMs: Map<number, number>;
}

/** Edits in this order within a round, so a new email is at the new employer's domain. */
export const WORLD_EDIT_KINDS: readonly WorldEditKind[] = [
  'new employer',
  'new title',
  'new location',
  'new email',
  'new phone',
  'changed',
];

/** The rule: a round picks a person when hash(seed, slug) falls below its fraction. */
export function worldPicks(seed: number, fraction: number, slug: string): boolean {
  return hash32(`${seed}\u241f${slug}`) / 2 ** 32 < fraction;
}

/** Special slugs (fixtures, private, missing, empty) keep the behaviour tests rely on. */
export function worldCanChange(slug: string): boolean {
  return fixtureQuirks(slug) === null && !/^(private|missing|empty)-/.test(slug);
}

/** Whether a gone round among the first `upTo` rounds picked this slug. */
export function isGoneIn(rules: readonly WorldRule[], slug: string, upTo = rules.length): boolean {
  return (
    worldCanChange(slug) &&
    rules.slice(0, upTo).some((rule) => rule.action === 'gone' && worldPicks(rule.seed, rule.fraction, slug))
  );
}

function yearMonthAt(atMs: number): YearMonth {
  const date = new Date(atMs);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

function currentOf(person: Person): Position | undefined {
  return person.positions[0].to === null ? person.positions[0] : undefined;
}

const LEVEL_ORDER = ['Specialist', 'Senior', 'Manager', 'Director', 'VP', 'C-Level', 'Founder'];

/** A title of the same department, higher in level when the department has one. */
function promotedTitle(current: Position, random: Random): string {
  const others = DEPARTMENT_TITLES[current.department].filter((title) => title !== current.title);
  const rank = (title: string) => LEVEL_ORDER.indexOf(managementLevel(title));
  const higher = others.filter((title) => rank(title) > rank(current.title));
  return random.pick(higher.length > 0 ? higher : others);
}

function joinNewEmployer(changed: ChangedPerson, rule: WorldRule, random: Random, seed: number): void {
  const { person } = changed;
  const previous = person.positions[0];
  const from = yearMonthAt(rule.atMs);
  let company = companyFacts(seed, `world-employer\u241f${person.slug}\u241f${rule.round}`);
  for (let attempt = 1; company.name === previous.company.name; attempt++) {
    company = companyFacts(seed, `world-employer\u241f${person.slug}\u241f${rule.round}\u241f${attempt}`);
  }
  const title = random.pick(DEPARTMENT_TITLES[previous.department]);
  const joined: Position = {
    positionId: random.int(100_000_000, 2_000_000_000),
    title,
    department: previous.department,
    managementLevel: managementLevel(title),
    location: `${company.hq.city}, ${company.hq.country}`,
    description: `Joined ${company.name} to lead ${random.pick(TOPICS).toLowerCase()} work.`,
    from,
    to: null,
    company: { ...company, foundedYear: Math.min(company.foundedYear, from.year) },
  };
  const positions = previous.to === null ? [{ ...previous, to: from }, ...person.positions.slice(1)] : person.positions;
  if (previous.to === null) changed.closedAtMs.set(previous.positionId, rule.atMs);
  changed.startedAtMs.set(joined.positionId, rule.atMs);
  changed.person = { ...person, positions: [joined, ...positions] };
}

function promote(changed: ChangedPerson, current: Position, random: Random): void {
  const title = promotedTitle(current, random);
  const promoted = { ...current, title, managementLevel: managementLevel(title) };
  changed.person = { ...changed.person, positions: [promoted, ...changed.person.positions.slice(1)] };
}

function move(changed: ChangedPerson, random: Random): void {
  const { person } = changed;
  changed.person = { ...person, place: random.pick(PLACES.filter((place) => place.city !== person.place.city)) };
}

function newEmail(changed: ChangedPerson, random: Random): void {
  const { person } = changed;
  const first = slugWord(person.firstName) || 'contact';
  const last = slugWord(person.lastName) || 'person';
  const domain = person.positions[0].company.domain;
  const previous = changed.workEmail ?? workEmailOf(changed.base);
  const forms = [`${first.charAt(0)}${last}`, first, `${last}.${first}`, `${first}.${last}${random.int(2, 99)}`];
  const candidates = forms.map((local) => `${local}@${domain}`).filter((email) => email !== previous);
  changed.workEmail = random.pick(candidates);
  // The profile shows the work address when it shows one.
  if (person.emails.length > 0) changed.person = { ...person, emails: [changed.workEmail] };
}

function newPhone(changed: ChangedPerson, random: Random, seed: number): void {
  const generated = contactLookup(seed, { kind: 'network_url', slug: changed.base.slug }).data[0];
  const listed =
    'contacts' in generated ? generated.contacts.find((contact) => contact.subType === 'mobile') : undefined;
  const previous = changed.mobilePhone ?? listed?.value;
  let phone = usPhone(random, changed.person.place.phonePrefix);
  while (phone === previous) phone = usPhone(random, changed.person.place.phonePrefix);
  changed.mobilePhone = phone;
}

function newHeadline(changed: ChangedPerson, random: Random): void {
  const { person } = changed;
  const current = currentOf(person) ?? person.positions[0];
  const candidates = [
    `${current.title} at ${current.company.name}`,
    `${current.title} | ${person.skills.slice(0, 2).join(' | ')}`,
    `${random.pick(TOPICS)} · ${current.title}`,
  ].filter((headline) => headline !== person.headline);
  changed.person = { ...person, headline: random.pick(candidates) };
}

/** The kinds a round gives this person: usually one, sometimes two, in WORLD_EDIT_KINDS order. */
function kindsFor(rule: WorldRule, random: Random): WorldEditKind[] {
  const count = rule.kinds.length > 1 && random.chance(0.2) ? 2 : 1;
  const kinds = random.sample(rule.kinds, count);
  // A new employer already brings a new title.
  const drawn = kinds.includes('new employer') ? kinds.filter((kind) => kind !== 'new title') : kinds;
  return WORLD_EDIT_KINDS.filter((kind) => drawn.includes(kind));
}

function applyRound(changed: ChangedPerson, rule: WorldRule, seed: number): void {
  const random = new Random(rule.seed, 'world-change', rule.round, changed.base.slug);
  for (const drawn of kindsFor(rule, random)) {
    const current = currentOf(changed.person);
    // Only someone with a job can be promoted; anyone else finds a new employer instead.
    const kind = drawn === 'new title' && !current ? 'new employer' : drawn;
    if (kind === 'new employer') joinNewEmployer(changed, rule, random, seed);
    else if (kind === 'new title' && current) promote(changed, current, random);
    else if (kind === 'new location') move(changed, random);
    else if (kind === 'new email') newEmail(changed, random);
    else if (kind === 'new phone') newPhone(changed, random, seed);
    else newHeadline(changed, random);
    changed.edits.push({ round: rule.round, kind, atMs: rule.atMs });
  }
}

/**
 * The person after the first `upTo` rounds, or null when none of them picked the person. A gone person stays gone:
 * later rounds leave them alone.
 */
export function changedPerson(
  seed: number,
  rules: readonly WorldRule[],
  base: Person,
  upTo = rules.length,
): ChangedPerson | null {
  if (!worldCanChange(base.slug)) return null;
  const picking = rules.slice(0, upTo).filter((rule) => worldPicks(rule.seed, rule.fraction, base.slug));
  if (picking.length === 0) return null;
  const changed: ChangedPerson = {
    base,
    person: base,
    edits: [],
    workEmail: null,
    mobilePhone: null,
    goneAtMs: null,
    startedAtMs: new Map(),
    closedAtMs: new Map(),
  };
  for (const rule of picking) {
    if (changed.goneAtMs !== null) break;
    if (rule.action === 'gone') {
      changed.goneAtMs = rule.atMs;
      changed.edits.push({ round: rule.round, kind: 'profile gone', atMs: rule.atMs });
    } else {
      applyRound(changed, rule, seed);
    }
  }
  return changed;
}

/** The latest edit of one of these kinds (any kind when none are given), or undefined. */
export function lastEditAt(changed: ChangedPerson, kinds?: readonly WorldChangeKind[]): number | undefined {
  const times = changed.edits.filter((edit) => !kinds || kinds.includes(edit.kind)).map((edit) => edit.atMs);
  return times.length > 0 ? Math.max(...times) : undefined;
}
