// The answers of the per-row operations in the document cache, many to an entry. The cache keeps only about 900
// items and drops the oldest first (docs/platform.md), so one entry per answer would make a 2,000-row sheet evict its
// own answers and pay for them again at the next recalculation. Here a fetched batch is stored as a few packs (JSON
// objects of answers, each under the 100 KB value limit), and an index, split into shards by answer id, points each
// answer at its pack with the time it was fetched. A small write (a single cell's formula) joins an open pack instead
// of starting its own, so a filled-down column packs as well as a range.
//
// Executions write concurrently and the cache has no transactions: a write re-reads what it wrote and repairs what
// another execution overwrote meanwhile. Whatever is still lost (an evicted pack, a lost pointer) is a cache miss,
// which only costs a refetch; an answer is only ever served for the id it was stored under.
import { unique } from '../collections';
import type { Cache, Clock, Hash } from '../ports';
import { CACHE_TTL_SECONDS, CACHE_VALUE_BYTES, splitByBytes } from '../response-cache';

export interface AnswerScope {
  baseUrl: string;
  operation: string;
}

const PREFIX = 'ans1:';
const SHARDS = 16;
/** A write this small joins an open pack. */
const SMALL_WRITE_BYTES = 30 * 1024;
/** Open packs, chosen by answer id, so concurrent single-cell writes rarely meet in one. */
const OPEN_SLOTS = 4;
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

export class AnswerCache {
  constructor(
    private readonly cache: Cache,
    private readonly hash: Hash,
    private readonly clock: Clock,
    private readonly scope: AnswerScope,
  ) {}

  /** Two cache reads: the index shards of the inputs, then their packs. */
  read(inputs: readonly string[]): Map<string, unknown> {
    return new Map([...this.readDated(inputs)].map(([input, dated]) => [input, dated.answer]));
  }

  /** As read, with when each answer was fetched (epoch ms, whole seconds): a run dates its rows by it. */
  readDated(inputs: readonly string[]): Map<string, DatedAnswer> {
    const ids = inputs.map((input) => this.idOf(input));
    const pointers = this.pointersOf(ids);
    const packs = this.readPacks(pointers.filter((pointer): pointer is Pointer => pointer !== null));
    const answers = new Map<string, DatedAnswer>();
    inputs.forEach((input, i) => {
      const pointer = pointers[i];
      const pack = packs.get(pointer?.pack ?? '');
      if (pointer === null || pack === undefined || !Object.prototype.hasOwnProperty.call(pack, ids[i])) return;
      answers.set(input, { answer: pack[ids[i]], fetchedAt: pointer.fetchedAt * 1000 });
    });
    return answers;
  }

  /**
   * One cache read, of the index shards alone (a few hundred KB at most, never the answers): the inputs the index
   * points at an answer for. A pack lost since (evicted, or overwritten by a concurrent write) still counts here, and
   * is a miss when read.
   */
  indexed(inputs: readonly string[]): Set<string> {
    const pointers = this.pointersOf(inputs.map((input) => this.idOf(input)));
    return new Set(inputs.filter((_, i) => pointers[i] !== null));
  }

  /** Three or four cache calls, and one more when another execution's write had to be repaired. */
  write(answers: ReadonlyMap<string, unknown>): void {
    if (answers.size === 0) return;
    const entries = [...answers].map(([input, value]) => ({ id: this.idOf(input), json: JSON.stringify(value) }));
    const bytes = entries.reduce((sum, entry) => sum + entryBytes(entry), 0);
    const slot = bytes <= SMALL_WRITE_BYTES ? openSlotKey(entries[0].id) : null;
    const before = this.cache.getAll([...shardKeysOf(entries), ...(slot === null ? [] : [slot])]);
    const open = slot === null ? null : this.openPack(before[slot]);
    const packs =
      open !== null && open.bytes + bytes <= CACHE_VALUE_BYTES ? [joined(open, entries)] : this.packsOf(entries);
    const fresh = new Set(entries.map((entry) => entry.id));
    const values = this.storeValues(packs, fresh, before);
    const last = packs[packs.length - 1];
    if (slot !== null) values[slot] = `${last.id}.${last.bytes}`;
    this.cache.putAll(values, CACHE_TTL_SECONDS);
    this.repairLostWrites(packs, fresh, values);
  }

  private idOf(input: string): string {
    return this.hash([this.scope.baseUrl, this.scope.operation, input].join('\n')).slice(0, 32);
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now() / 1000);
  }

  /** Each id's live pointer, or null, from one read of the index shards. */
  private pointersOf(ids: readonly string[]): Array<Pointer | null> {
    const shards = this.readShards(ids);
    const oldest = this.nowSeconds() - CACHE_TTL_SECONDS;
    return ids.map((id) => {
      const pointer = parsePointer(shards[shardKey(id)]?.[id]);
      return pointer !== null && pointer.fetchedAt > oldest ? pointer : null;
    });
  }

  private readShards(ids: readonly string[]): Record<string, Shard> {
    const keys = unique(ids.map(shardKey));
    const stored = this.cache.getAll(keys);
    const shards: Record<string, Shard> = {};
    for (const key of keys) shards[key] = parseShard(stored[key]);
    return shards;
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

  /** The open pack a slot names, read whole; null when there is none or it is gone. */
  private openPack(slotValue: string | undefined): Pack | null {
    const [id, bytesText] = (slotValue ?? '').split('.');
    if (!id || !(Number(bytesText) > 0)) return null;
    const text = this.cache.getAll([partKeys(id, 1)[0]])[partKeys(id, 1)[0]];
    const parsed = text === undefined ? null : parseObject(text);
    if (parsed === null) return null;
    const entries = Object.keys(parsed).map((key) => ({ id: key, json: JSON.stringify(parsed[key]) }));
    return { id, entries, bytes: entries.reduce((sum, entry) => sum + entryBytes(entry), 2) };
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

  private packIdOf(firstId: string, index: number): string {
    return this.hash(`${firstId}\n${index}\n${this.clock.now()}\n${Math.random()}`).slice(0, 20);
  }

  /**
   * The packs' values, and the index shards (as read before) with a pointer for each fresh answer; the answers an open
   * pack held already keep their own pointers and fetch times.
   */
  private storeValues(
    packs: readonly Pack[],
    fresh: ReadonlySet<string>,
    before: Record<string, string>,
  ): Record<string, string> {
    const values: Record<string, string> = {};
    const shards: Record<string, Shard> = {};
    const fetchedAt = this.nowSeconds();
    for (const pack of packs) {
      const pieces = splitByBytes(packText(pack.entries), CACHE_VALUE_BYTES);
      pieces.forEach((piece, i) => (values[partKeys(pack.id, pieces.length)[i]] = piece));
      for (const { id } of pack.entries.filter((entry) => fresh.has(entry.id))) {
        const key = shardKey(id);
        shards[key] ??= parseShard(before[key]);
        shards[key][id] = `${pack.id}.${pieces.length}.${fetchedAt}`;
      }
    }
    const oldest = fetchedAt - CACHE_TTL_SECONDS;
    for (const [key, shard] of Object.entries(shards)) values[key] = JSON.stringify(pruned(shard, oldest));
    return values;
  }

  /**
   * Reads back what was written. Where another execution's write replaced a shard meanwhile, the pointers are merged
   * into theirs again; where it replaced the open pack, the fresh answers go into a pack of their own.
   */
  private repairLostWrites(packs: readonly Pack[], fresh: ReadonlySet<string>, written: Record<string, string>): void {
    const keys = Object.keys(written);
    const now = this.cache.getAll(keys);
    const lost = (prefix: string) => keys.some((key) => key.startsWith(prefix) && now[key] !== written[key]);
    if (lost(PACK_PREFIX)) {
      const entries = packs.flatMap((pack) => pack.entries).filter((entry) => fresh.has(entry.id));
      this.cache.putAll(this.storeValues(this.packsOf(entries), fresh, now), CACHE_TTL_SECONDS);
    } else if (lost(SHARD_PREFIX)) {
      const values = this.storeValues(packs, fresh, now);
      const shards = Object.keys(values).filter((key) => key.startsWith(SHARD_PREFIX));
      this.cache.putAll(Object.fromEntries(shards.map((key) => [key, values[key]])), CACHE_TTL_SECONDS);
    }
  }
}

const SHARD_PREFIX = `${PREFIX}ix:`;
const PACK_PREFIX = `${PREFIX}pk:`;

function shardKey(id: string): string {
  return SHARD_PREFIX + (parseInt(id.slice(0, 2), 16) % SHARDS);
}

function shardKeysOf(entries: readonly Entry[]): string[] {
  return unique(entries.map((entry) => shardKey(entry.id)));
}

function openSlotKey(id: string): string {
  return `${PREFIX}open:${parseInt(id.slice(2, 4), 16) % OPEN_SLOTS}`;
}

function partKeys(pack: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${PACK_PREFIX}${pack}:${i + 1}`);
}

/** The open pack with the new entries added (a newer answer replaces an older one of the same id). */
function joined(open: Pack, entries: readonly Entry[]): Pack {
  const replaced = new Set(entries.map((entry) => entry.id));
  const kept = open.entries.filter((entry) => !replaced.has(entry.id));
  const all = [...kept, ...entries];
  return { id: open.id, entries: all, bytes: all.reduce((sum, entry) => sum + entryBytes(entry), 2) };
}

function packText(entries: readonly Entry[]): string {
  return `{${entries.map((entry) => `${JSON.stringify(entry.id)}:${entry.json}`).join(',')}}`;
}

/** UTF-8 bytes of the entry in its pack, with its separator. */
function entryBytes(entry: Entry): number {
  return utf8Bytes(entry.json) + entry.id.length + 4;
}

function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code < 0xd800 || code > 0xdbff) bytes += 3;
    else {
      // A surrogate pair: one 4-byte character.
      bytes += 4;
      i++;
    }
  }
  return bytes;
}

function parsePointer(text: string | undefined): Pointer | null {
  const [pack, parts, fetchedAt] = (text ?? '').split('.');
  const valid = pack !== '' && Number(parts) >= 1 && Number(fetchedAt) > 0;
  return valid ? { pack, parts: Number(parts), fetchedAt: Number(fetchedAt) } : null;
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
