// "Did you mean …": the valid names closest to a mistyped one.

/**
 * Up to `max` candidates, best first: those within a few edits (closest first), then those starting with the typed
 * text, then those containing it. Case is ignored; equal scores keep the candidates' order.
 */
export function closestNames(typed: string, candidates: readonly string[], max = 3): string[] {
  const wanted = typed.trim().toLowerCase();
  if (wanted === '') return [];
  const allowedEdits = Math.max(2, Math.floor(wanted.length / 3));
  const scored: { name: string; score: number }[] = [];
  for (const name of candidates) {
    const lower = name.toLowerCase();
    const edits = editDistance(wanted, lower);
    const score =
      edits <= allowedEdits
        ? edits
        : lower.startsWith(wanted)
          ? allowedEdits + 1
          : wanted.length >= 3 && lower.includes(wanted)
            ? allowedEdits + 2
            : undefined;
    if (score !== undefined) scored.push({ name, score });
  }
  // Array.prototype.sort is stable (ES2019), so equal scores keep the candidates' order.
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, max)
    .map(({ name }) => name);
}

/** "Did you mean "a", "b" or "c"?", or '' when there is nothing to suggest. */
export function didYouMean(names: readonly string[]): string {
  if (names.length === 0) return '';
  const quoted = names.map((name) => `"${name}"`);
  const last = quoted.pop() as string;
  return `Did you mean ${quoted.length > 0 ? `${quoted.join(', ')} or ${last}` : last}?`;
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
