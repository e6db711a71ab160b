// Small list helpers the core shares.

/** The values without repeats, each where it first appears. */
export function unique<T>(values: readonly T[]): T[] {
  return Array.from(new Set(values));
}
