// A run never spends more than its estimate: the preview's credits when it started, raised only by the user (Retry
// failed rows, or Resume over rows the estimate does not cover). The fetch engine is given what is left of it, so
// rows inserted or pasted into the column during the run, or answers gone from the cache since the preview, cannot
// make a run cost more than the user agreed to: the run pauses and says what the rest would cost.

/** The figures of a run that bound its spending. */
export interface RunCredits {
  creditsEstimated: number;
  creditsSpent: number;
}

/** Credits the run may still spend (negative when faults made it spend more than its estimate). */
export function creditsLeft(run: RunCredits): number {
  return run.creditsEstimated - run.creditsSpent;
}

/** Rows left that what is left of the estimate does not pay for. */
export interface UncoveredRows {
  /** Input rows without a status. */
  rows: number;
  /** What fetching their inputs costs: one fetch per distinct input the cache does not answer. */
  credits: number;
  /** How much the estimate must grow to cover them (more than `credits` when faults overspent it). */
  raise: number;
}

export function uncoveredRows(
  run: RunCredits,
  rowsLeft: number,
  inputsToFetch: number,
  creditsPerFetch: number,
): UncoveredRows {
  const credits = inputsToFetch * creditsPerFetch;
  return { rows: rowsLeft, credits, raise: Math.max(0, credits - creditsLeft(run)) };
}

/** Why the run paused, in one sentence, with the figure Resume adds to the estimate. */
export function uncoveredSentence(uncovered: UncoveredRows): string {
  const rows = uncovered.rows === 1 ? '1 row is' : `${uncovered.rows} rows are`;
  return (
    `${rows} left that the estimate does not cover; they would cost ${uncovered.credits} credits, ` +
    `and Resume raises the estimate by ${uncovered.raise}.`
  );
}

/** Said in the run's message once Resume raised its estimate. */
export function raisedNote(creditsAdded: number): string {
  return creditsAdded > 0 ? ` Resume raised the estimate by ${creditsAdded} credits for rows it did not cover.` : '';
}
