// The answers of the per-row operations in the document cache. The cache keeps only about 900 items and drops the
// oldest first (docs/platform.md), so one entry per answer would make a 2,000-row sheet evict its own answers and pay
// for them again at the next recalculation. A batch is stored as a few packs (JSON objects of answers, each under the
// 100 KB value limit) and an index, split into shards by answer id, points each answer at its pack with the time it
// was fetched.
//
// Executions write concurrently and the cache has no transactions: an entry two executions read, change and write back
// loses what the first wrote. A filled-down column is many executions at once, each with one answer, so a write of a
// few answers stores each under a key of its own (its id), which no other answer's write ever touches: nothing of it
// can be lost to a concurrent write. A batch writes packs under fresh keys and merges its pointers into the index
// shards as it reads them just before, then reads the shards back to repair one another batch replaced meanwhile:
// with the next batch's read of its shards, or once the call is done (checkWritten), so a call's batches cost two
// cache calls each and one more in all. Whatever is still lost (an evicted entry, a pointer two batches raced for)
// is a cache miss, which only costs a refetch; an answer is only ever served for the id it was stored under.
import { unique } from '../collections';
import type { Cache, Clock, Hash } from '../ports';
import { CACHE_TTL_SECONDS, CACHE_VALUE_BYTES } from '../response-cache';
import { splitByBytes, utf8Length } from '../text';

export interface AnswerScope {
  baseUrl: string;
  operation: string;
}

const PREFIX = 'ans1:';
const SHARDS = 16;
/** A write of at most this many answers (a cell's formula, a small range) stores each under its own key. */
const OWN_ENTRY_WRITE_MAX = 4;
/** Pointers per shard (about 60 bytes each), newest kept. */
const MAX_SHARD_POINTERS = 1_200;

/** Where an answer is: its pack, how many values the pack spans, and when it was fetched (epoch seconds). */
interface Pointer {
  pack: string;
  parts: number;
  fetchedAt: number;
}

/** An answer from the cache and when it was fetched (epoch ms). */
export interface DatedAnswer<T = unknown> {
  answer: T;
  fetchedAt: number;
}

interface Entry {
  id: string;
  /** The answer as JSON. */
  json: string;
}

interface Pack {
  id: string;
  entries: Entry[];
  bytes: number;
}

type Shard = Record<string, string>;

/** A batch's write whose shards no read has checked yet: its packs, and the shards as it wrote them. */
interface Unchecked {
  packs: Pack[];
  shards: Record<string, string>;
}

/** What one read of the index finds for an id: its pointer into a pack, and its own entry (an answer, dated). */
interface Found {
  pointer: Pointer | null;
  own: DatedAnswer | null;
}

export class AnswerCache {
  private unchecked: Unchecked | null = null;

  constructor(
    private readonly cache: Cache,
    private readonly hash: Hash,
    private readonly clock: Clock,
    private readonly scope: AnswerScope,
  ) {}

  /** One cache read, and a second for the packs when an answer is not under its own key. */
  read(inputs: readonly string[]): Map<string, unknown> {
    return new Map([...this.readDated(inputs)].map(([input, dated]) => [input, dated.answer]));
  }

  /** As read, with when each answer was fetched (epoch ms, whole seconds): a run dates its rows by it. */
  readDated(inputs: readonly string[]): Map<string, DatedAnswer> {
    const ids = inputs.map((input) => this.idOf(input));
    const found = this.lookUp(ids);
    // An answer's own entry serves unless the index points at a newer one.
    const fromPacks = found.map(({ pointer, own }) =>
      pointer !== null && (own === null || pointer.fetchedAt * 1000 > own.fetchedAt) ? pointer : null,
    );
    const packs = this.readPacks(fromPacks.filter((pointer): pointer is Pointer => pointer !== null));
    const answers = new Map<string, DatedAnswer>();
    inputs.forEach((input, i) => {
      const pointer = fromPacks[i];
      const pack = packs.get(pointer?.pack ?? '');
      if (pointer !== null && pack !== undefined && Object.prototype.hasOwnProperty.call(pack, ids[i])) {
        answers.set(input, { answer: pack[ids[i]], fetchedAt: pointer.fetchedAt * 1000 });
      } else if (found[i].own !== null) {
        answers.set(input, found[i].own!);
      }
    });
    return answers;
  }

  /**
   * One cache read, of the index shards and the answers stored under their own keys (never the packs): the inputs
   * with an answer. A pack lost since (evicted) still counts here, and is a miss when read.
   */
  indexed(inputs: readonly string[]): Set<string> {
    const found = this.lookUp(inputs.map((input) => this.idOf(input)));
    return new Set(inputs.filter((_, i) => found[i].pointer !== null || found[i].own !== null));
  }

  /**
   * A few answers: one cache write, each answer under its own key. A batch: one read of its index shards (and of the
   * shards the previous batch wrote, to check them), one write of the packs and shards; checkWritten after the last.
   */
  write(answers: ReadonlyMap<string, unknown>): void {
    if (answers.size === 0) return;
    const entries = [...answers].map(([input, value]) => ({ id: this.idOf(input), json: JSON.stringify(value) }));
    const fetchedAt = this.nowSeconds();
    const own = entries.map((entry) => `${fetchedAt}.${entry.json}`);
    if (entries.length <= OWN_ENTRY_WRITE_MAX && own.every((value) => utf8Length(value) <= CACHE_VALUE_BYTES)) {
      this.cache.putAll(Object.fromEntries(entries.map((entry, i) => [ownKey(entry.id), own[i]])), CACHE_TTL_SECONDS);
      return;
    }
    const packs = this.packsOf(entries);
    const previous = this.unchecked;
    const checked = Object.keys(previous?.shards ?? {});
    const stored = this.cache.getAll(unique([...entries.map((entry) => shardKey(entry.id)), ...checked]));
    // Where another write replaced a shard of the previous batch's, its pointers go in again with this batch's.
    const replaced = previous !== null && checked.some((key) => stored[key] !== previous.shards[key]);
    const pointed = replaced ? [...previous.packs, ...packs] : packs;
    const shards = this.shardValues(pointed, stored);
    this.cache.putAll({ ...this.packValues(packs), ...shards }, CACHE_TTL_SECONDS);
    this.unchecked = { packs: pointed, shards };
  }

  /**
   * Reads back the shards the last batch wrote; where another execution's write replaced one meanwhile, merges the
   * pointers into theirs (one read, and a write only then).
   */
  checkWritten(): void {
    const written = this.unchecked;
    this.unchecked = null;
    if (written === null) return;
    const keys = Object.keys(written.shards);
    const now = this.cache.getAll(keys);
    if (keys.every((key) => now[key] === written.shards[key])) return;
    this.cache.putAll(this.shardValues(written.packs, now), CACHE_TTL_SECONDS);
  }

  private idOf(input: string): string {
    return this.hash([this.scope.baseUrl, this.scope.operation, input].join('\n')).slice(0, 32);
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  /** Each id's live pointer and own entry, from one read of the index shards and the ids' own keys. */
  private lookUp(ids: readonly string[]): Found[] {
    const shardKeys = unique(ids.map(shardKey));
    const stored = this.cache.getAll([...shardKeys, ...unique(ids.map(ownKey))]);
    const shards: Record<string, Shard> = {};
    for (const key of shardKeys) shards[key] = parseShard(stored[key]);
    const oldest = this.nowSeconds() - CACHE_TTL_SECONDS;
    return ids.map((id) => {
      const pointer = parsePointer(shards[shardKey(id)]?.[id]);
      const own = parseOwnEntry(stored[ownKey(id)]);
      return {
        pointer: pointer !== null && pointer.fetchedAt > oldest ? pointer : null,
        own: own !== null && own.fetchedAt > oldest * 1000 ? own : null,
      };
    });
  }

  /** The packs the pointers name, parsed; a pack with a part missing or damaged is left out. */
  private readPacks(pointers: readonly Pointer[]): Map<string, Record<string, unknown>> {
    const parts = new Map(pointers.map((pointer) => [pointer.pack, pointer.parts]));
    const keys = [...parts].flatMap(([pack, count]) => partKeys(pack, count));
    const stored = keys.length === 0 ? {} : this.cache.getAll(keys);
    const packs = new Map<string, Record<string, unknown>>();
    for (const [pack, count] of parts) {
      const pieces = partKeys(pack, count).map((key) => stored[key]);
      if (pieces.some((piece) => piece === undefined)) continue;
      const parsed = parseObject(pieces.join(''));
      if (parsed !== null) packs.set(pack, parsed);
    }
    return packs;
  }

  /** Packs of at most CACHE_VALUE_BYTES each; an answer larger than that gets a pack of its own, stored in parts. */
  private packsOf(entries: readonly Entry[]): Pack[] {
    const packs: Pack[] = [];
    for (const entry of entries) {
      const size = entryBytes(entry);
      const current = packs[packs.length - 1];
      if (current !== undefined && current.bytes + size <= CACHE_VALUE_BYTES) {
        current.entries.push(entry);
        current.bytes += size;
      } else {
        packs.push({ id: this.packIdOf(entry.id, packs.length), entries: [entry], bytes: size + 2 });
      }
    }
    return packs;
  }

  /** Fresh for every pack written, so no two writes ever share a pack's key. */
  private packIdOf(firstId: string, index: number): string {
    return this.hash(`${firstId}\n${index}\n${this.clock.now()}\n${Math.random()}`).slice(0, 20);
  }

  private packValues(packs: readonly Pack[]): Record<string, string> {
    const values: Record<string, string> = {};
    for (const pack of packs) {
      const pieces = splitByBytes(packText(pack.entries), CACHE_VALUE_BYTES);
      pieces.forEach((piece, i) => (values[partKeys(pack.id, pieces.length)[i]] = piece));
    }
    return values;
  }

  /** The index shards (as `stored` holds them) with a pointer for each answer of the packs. */
  private shardValues(packs: readonly Pack[], stored: Record<string, string>): Record<string, string> {
    const shards: Record<string, Shard> = {};
    const fetchedAt = this.nowSeconds();
    for (const pack of packs) {
      const parts = splitByBytes(packText(pack.entries), CACHE_VALUE_BYTES).length;
      for (const { id } of pack.entries) {
        const key = shardKey(id);
        shards[key] ??= parseShard(stored[key]);
        shards[key][id] = `${pack.id}.${parts}.${fetchedAt}`;
      }
    }
    const oldest = fetchedAt - CACHE_TTL_SECONDS;
    return Object.fromEntries(
      Object.entries(shards).map(([key, shard]) => [key, JSON.stringify(pruned(shard, oldest))]),
    );
  }
}

const SHARD_PREFIX = `${PREFIX}ix:`;
const PACK_PREFIX = `${PREFIX}pk:`;
const OWN_PREFIX = `${PREFIX}one:`;

function shardKey(id: string): string {
  return SHARD_PREFIX + (parseInt(id.slice(0, 2), 16) % SHARDS);
}

/** An answer stored on its own, under a key only its id names. */
function ownKey(id: string): string {
  return `${OWN_PREFIX}${id}`;
}

function partKeys(pack: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${PACK_PREFIX}${pack}:${i + 1}`);
}

function packText(entries: readonly Entry[]): string {
  return `{${entries.map((entry) => `${JSON.stringify(entry.id)}:${entry.json}`).join(',')}}`;
}

/** UTF-8 bytes of the entry in its pack, with its separator. */
function entryBytes(entry: Entry): number {
  return utf8Length(entry.json) + entry.id.length + 4;
}

function parsePointer(text: string | undefined): Pointer | null {
  const [pack, parts, fetchedAt] = (text ?? '').split('.');
  const valid = pack !== '' && Number(parts) >= 1 && Number(fetchedAt) > 0;
  return valid ? { pack, parts: Number(parts), fetchedAt: Number(fetchedAt) } : null;
}

/** An own entry: `<fetched at, epoch seconds>.<answer as JSON>`. */
function parseOwnEntry(text: string | undefined): DatedAnswer | null {
  const dot = (text ?? '').indexOf('.');
  const fetchedAt = Number((text ?? '').slice(0, dot));
  if (text === undefined || dot < 0 || !(fetchedAt > 0)) return null;
  try {
    return { answer: JSON.parse(text.slice(dot + 1)) as unknown, fetchedAt: fetchedAt * 1000 };
  } catch {
    return null;
  }
}

function parseShard(text: string | undefined): Shard {
  const parsed = text === undefined ? null : parseObject(text);
  const shard: Shard = {};
  for (const [id, pointer] of Object.entries(parsed ?? {})) if (typeof pointer === 'string') shard[id] = pointer;
  return shard;
}

/** Without expired pointers, and without the oldest when the shard is full. */
function pruned(shard: Shard, oldest: number): Shard {
  const live = Object.entries(shard)
    .map(([id, text]) => ({ id, text, at: parsePointer(text)?.fetchedAt ?? 0 }))
    .filter((pointer) => pointer.at > oldest)
    .sort((a, b) => b.at - a.at)
    .slice(0, MAX_SHARD_POINTERS);
  return Object.fromEntries(live.map((pointer) => [pointer.id, pointer.text]));
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
