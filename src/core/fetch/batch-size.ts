// How many requests one fetchAll carries. fetchAll loses every answer of a batch when one connection drops, and the
// service bills the answers it sent, so on a lossy connection a large batch pays for many answers nobody receives.
// The size therefore starts small in a document that has not fetched lately, doubles while batches answer, and is
// halved by a batch that failed as a whole or met a 429; after that it grows by a quarter at a time, so it settles
// just below the size at which batches start to fail. It is kept in the document cache, so the next recalculation
// or run continues from what this one learnt.
//
// The balance: a first batch of 10 instead of 50 costs two or three more fetchAll round trips in a fresh document
// (a few seconds), and caps what one dropped connection can waste at 9 paid answers instead of 49.
import type { BatchOutcome } from '../api/execute';
import type { Cache } from '../ports';

/** The most one fetchAll carries. */
export const MAX_BATCH = 50;
/** The first batch of a document with nothing learnt. */
export const INITIAL_BATCH = 10;
/** What was learnt is forgotten after this long; a connection's trouble rarely lasts longer. */
const MEMORY_SECONDS = 30 * 60;

interface Learnt {
  size: number;
  /** Up to here the size doubles; beyond it, it grows by a quarter. */
  threshold: number;
}

export class BatchSize {
  private learnt: Learnt;
  /** Grown since loaded, not yet kept: growth is kept once per call (save), a cut at once. */
  private grown = false;

  private constructor(
    private readonly cache: Cache,
    private readonly cacheKey: string,
    stored: string | undefined,
  ) {
    this.learnt = parseLearnt(stored) ?? { size: INITIAL_BATCH, threshold: MAX_BATCH };
  }

  /** One cache read. */
  static load(cache: Cache, cacheKey: string): BatchSize {
    return BatchSize.of(cache, cacheKey, cache.getAll([cacheKey])[cacheKey]);
  }

  /** From what was read of the cache already (undefined: nothing there). */
  static of(cache: Cache, cacheKey: string, stored: string | undefined): BatchSize {
    return new BatchSize(cache, cacheKey, stored);
  }

  get size(): number {
    return this.learnt.size;
  }

  /**
   * Learns from one fetchAll. A cut is kept at once (one cache write), so an execution stopped right after it
   * leaves the next one careful; growth waits for save.
   */
  observe(outcome: BatchOutcome<unknown>): void {
    const { size, threshold } = this.learnt;
    if (outcome.failedWhole || outcome.rateLimited) {
      const half = Math.max(1, Math.floor(outcome.sent / 2));
      this.learnt = { size: half, threshold: half };
      this.grown = false;
      if (half !== size || half !== threshold) this.keep();
    } else if (outcome.sent >= size) {
      const grown = size < threshold ? size * 2 : size + Math.max(1, Math.floor(size / 4));
      this.learnt = { size: Math.min(MAX_BATCH, grown), threshold };
      this.grown ||= this.learnt.size !== size;
    }
  }

  /** Keeps what the call learnt since the last write, if anything (one cache write). */
  save(): void {
    if (this.grown) this.keep();
    this.grown = false;
  }

  private keep(): void {
    this.cache.putAll({ [this.cacheKey]: JSON.stringify(this.learnt) }, MEMORY_SECONDS);
  }
}

function parseLearnt(stored: string | undefined): Learnt | null {
  try {
    const value: unknown = stored === undefined ? null : JSON.parse(stored);
    const { size, threshold } = (value ?? {}) as Partial<Learnt>;
    const valid = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= MAX_BATCH;
    return valid(size) && valid(threshold) ? { size, threshold } : null;
  } catch {
    return null;
  }
}
