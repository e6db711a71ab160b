// Google counts every web request (UrlFetch) against a daily quota per Google account, shared by all of its scripts,
// and resets it 24 hours after the day's first request. The add-on cannot learn which kind of account the user has
// without asking for their email address, so a run that needs more than the smaller quota says what both allow.

/** Web requests a Google account may make in a day, by kind of account. */
export const DAILY_WEB_REQUESTS = { consumer: 20_000, workspace: 100_000 } as const;

/** Days of a full quota that `requests` take at least (the quota is shared, so it may be more). */
export function daysOfQuota(requests: number, perDay: number): number {
  return Math.max(1, Math.ceil(requests / perDay));
}

/**
 * Said in a preview whose run needs more web requests than a consumer account's day allows: how many days it takes
 * on each kind of account, and what happens at the limit. Null when a day's quota covers it everywhere.
 */
export function dailyQuotaSentence(requests: number): string | null {
  const { consumer, workspace } = DAILY_WEB_REQUESTS;
  if (requests <= consumer) return null;
  const figure = (n: number) => n.toLocaleString('en-US');
  const days = (perDay: number) => {
    const n = daysOfQuota(requests, perDay);
    return n === 1 ? 'fits in a day' : `takes at least ${n} days`;
  };
  return (
    `This run needs ${figure(requests)} web requests, more than the ${figure(consumer)} a day Google allows a ` +
    `consumer account (such as gmail.com), where it ${days(consumer)}; on a Workspace account (${figure(workspace)} ` +
    `a day) it ${days(workspace)}. The quota is shared with your other scripts: when it runs out the run pauses, ` +
    "and Resume goes on once Google resets it, 24 hours after the day's first request."
  );
}
