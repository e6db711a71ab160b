// "Did you mean …": the valid names closest to a mistyped one.
import { listed } from '../text';

/**
 * How much of a typed name is compared. Every valid name is shorter, and comparing costs the product of the two
 * lengths, so a pasted paragraph costs no more than a long name.
 */
export const MAX_COMPARED_LENGTH = 64;

/**
 * Up to `max` candidates, best first: those within a few edits (closest first), then those starting with the typed
 * text, then those containing it. When none is that close, the candidates the typed text contains (`phone_number`:
 * `phone`), then those sharing a word with it (`mobile_phone`: `phone_type`). Case is ignored; equal scores keep the
 * candidates' order.
 */
export function closestNames(typed: string, candidates: readonly string[], max = 3): string[] {
  const wanted = typed.trim().toLowerCase().slice(0, MAX_COMPARED_LENGTH);
  if (wanted === '') return [];
  const close = ranked(candidates, (lower) => closeness(wanted, lower));
  const found = close.length > 0 ? close : ranked(candidates, (lower) => kinship(wanted, lower));
  return found.slice(0, max);
}

/** "Did you mean "a", "b" or "c"?", or '' when there is nothing to suggest. */
export function didYouMean(names: readonly string[]): string {
  if (names.length === 0) return '';
  const quoted = names.map((name) => `"${name}"`);
  return `Did you mean ${listed(quoted, 'or')}?`;
}

/** The candidates given a score, lowest first; Array.prototype.sort is stable, so ties keep their order. */
function ranked(candidates: readonly string[], score: (lower: string) => number | undefined): string[] {
  const scored: { name: string; score: number }[] = [];
  for (const name of candidates) {
    const value = score(name.toLowerCase());
    if (value !== undefined) scored.push({ name, score: value });
  }
  return scored.sort((a, b) => a.score - b.score).map(({ name }) => name);
}

function closeness(wanted: string, lower: string): number | undefined {
  const allowedEdits = Math.max(2, Math.floor(wanted.length / 3));
  const edits = editDistance(wanted, lower);
  if (edits <= allowedEdits) return edits;
  if (lower.startsWith(wanted)) return allowedEdits + 1;
  if (wanted.length >= 3 && lower.includes(wanted)) return allowedEdits + 2;
  return undefined;
}

/** For names too far apart to be typos of each other, but plainly about the same thing. */
function kinship(wanted: string, lower: string): number | undefined {
  if (lower.length >= 3 && wanted.includes(lower)) return 0;
  const typedWords = new Set(wordsOf(wanted));
  return wordsOf(lower).some((word) => typedWords.has(word)) ? 1 : undefined;
}

function wordsOf(name: string): string[] {
  return name.split(/[\s_.-]+/).filter((word) => word.length >= 3);
}

/** Levenshtein distance: insertions, deletions and substitutions. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}
