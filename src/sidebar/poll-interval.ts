// How often the open sidebar polls: the page carries the interval in its body's data-poll-ms (src/sidebar/Sidebar.html).

export const DEFAULT_POLL_MS = 10_000;

/** The interval a page's data-poll-ms asks for; the default when it is missing, not a number, or not positive. */
export function readPollMs(value: string | undefined): number {
  const pollMs = Number(value);
  return Number.isFinite(pollMs) && pollMs > 0 ? pollMs : DEFAULT_POLL_MS;
}
