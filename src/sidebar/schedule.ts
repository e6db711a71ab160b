// When the open sidebar checks its work next. Every check is a server execution that reads (and may write) the
// document's properties, which Google limits per day, so a check that sees nothing move makes the next one wait
// longer, and work that stays still is left alone until the user acts. Pure: the page, its unit tests and the
// idle-sidebar benchmark share this one schedule.

export interface PollPolicy {
  /** The wait after a check that saw the work move (or the first check). */
  afterMoveMs: number;
  /** The wait after one check that saw nothing move; it doubles with each further such check. */
  baseMs: number;
  /** The longest wait between two checks. */
  maxMs: number;
  /** Work that has not moved for this long is not checked again until the user acts. */
  stallMs: number;
}

export const MAX_POLL_WAIT_MS = 5 * 60 * 1000;
export const STALL_MS = 30 * 60 * 1000;

/** The research poll: every `pollMs` while jobs move, backing off to 5 minutes, stopping after 30 still minutes. */
export function researchPolicy(pollMs: number): PollPolicy {
  return { afterMoveMs: pollMs, baseMs: pollMs, maxMs: MAX_POLL_WAIT_MS, stallMs: STALL_MS };
}

/**
 * Continuing an enrichment run: each call works for minutes and returns when its time or the run is up, so the next
 * call follows at once while the run moves, and backs off like the research poll when a call moved nothing.
 */
export function enrichmentPolicy(pollMs: number): PollPolicy {
  return { afterMoveMs: 0, baseMs: pollMs, maxMs: MAX_POLL_WAIT_MS, stallMs: STALL_MS };
}

export interface PollState {
  /** Whether any unfinished work is the user's own and can move (a key is set). */
  hasWork: boolean;
  /** Whether the sidebar is out of sight. */
  hidden: boolean;
  /** Checks in a row, the last included, that saw nothing move. */
  unchangedChecks: number;
  /** Time since the work last moved, the user last acted, or the sidebar came into sight. */
  quietMs: number;
}

export type PollDecision = { poll: true; delayMs: number } | { poll: false; reason: 'no-work' | 'hidden' | 'stalled' };

export function nextPoll(state: PollState, policy: PollPolicy): PollDecision {
  if (!state.hasWork) return { poll: false, reason: 'no-work' };
  if (state.hidden) return { poll: false, reason: 'hidden' };
  const untilStall = policy.stallMs - state.quietMs;
  if (untilStall <= 0) return { poll: false, reason: 'stalled' };
  const backoff =
    state.unchangedChecks <= 0
      ? policy.afterMoveMs
      : Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(state.unchangedChecks, 30));
  // The last check falls on the stall time itself, so still work is looked at once more before it is left alone.
  return { poll: true, delayMs: Math.max(0, Math.min(backoff, untilStall)) };
}
