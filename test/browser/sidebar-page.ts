// What the sidebar browser tests share: the built page, a record of every rendering of a job card, and waits for
// conditions (never for a length of time).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const ROOT = join(__dirname, '..', '..');
const SIDEBAR_HTML = join(ROOT, 'dist', 'Sidebar.html');
const CODE_JS = join(ROOT, 'dist', 'Code.js');

/** dist/Sidebar.html as built; throws when dist/ is missing or older than src/sidebar/ (yesterday's sidebar). */
export function readBuiltSidebar(): string {
  const sources = join(ROOT, 'src', 'sidebar');
  const newestSource = Math.max(...readdirSync(sources).map((file) => statSync(join(sources, file)).mtimeMs));
  if (!existsSync(SIDEBAR_HTML) || !existsSync(CODE_JS) || statSync(SIDEBAR_HTML).mtimeMs < newestSource) {
    throw new Error('dist/ is missing or older than src/sidebar/: run `npm run build` first.');
  }
  return readFileSync(SIDEBAR_HTML, 'utf8');
}

/** Checks `condition` every few milliseconds until it holds; fails after timeoutMs. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type CardWindow = { cardRenderings?: Record<string, string[]> };

/**
 * Records in the page every rendering of a job's card as "value/max: rows text". A state may last a single poll,
 * shorter than Playwright's retry backoff, so only the page itself sees them all. Returns the reader.
 */
export async function recordCardRenderings(page: Page, jobId: string): Promise<() => Promise<string[]>> {
  await page.evaluate((id) => {
    const seen: string[] = [];
    const records = ((window as CardWindow).cardRenderings ??= {});
    records[id] = seen;
    new MutationObserver(() => {
      const card = document.querySelector(`.job-card[data-job-id="${id}"]`);
      const bar = card?.querySelector('progress');
      if (card && bar)
        seen.push(
          `${bar.getAttribute('value')}/${bar.getAttribute('max')}: ${card.querySelector('.job-card-rows')?.textContent}`,
        );
    }).observe(document.getElementById('job-list') as HTMLElement, { childList: true });
  }, jobId);
  return () => page.evaluate((id) => (window as CardWindow).cardRenderings?.[id] ?? [], jobId);
}

type ActivityWindow = { pageActivity?: () => { timers: number; calls: number } };

/**
 * Call before the page loads. Counts, in the page, the timers set and not yet run or cleared (the sidebar's only
 * timer is its poller's) and the google.script.run calls not yet answered (the bridge sends each as a fetch).
 */
export async function trackPageActivity(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const timers = new Set<number>();
    let calls = 0;
    const realSetTimeout = window.setTimeout.bind(window);
    const realClearTimeout = window.clearTimeout.bind(window);
    const realFetch = window.fetch.bind(window);
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
      if (typeof handler !== 'function') return realSetTimeout(handler, delay, ...args);
      const id = realSetTimeout(
        (...callArgs: unknown[]) => {
          timers.delete(id);
          (handler as (...a: unknown[]) => void)(...callArgs);
        },
        delay,
        ...args,
      );
      timers.add(id);
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) timers.delete(id);
      realClearTimeout(id);
    }) as typeof window.clearTimeout;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      calls++;
      return realFetch(input, init).then(
        (response) => {
          // The bridge reads each answer as JSON and hands it on in the same turn of the event loop.
          const json = response.json.bind(response);
          response.json = () => json().finally(() => calls--);
          return response;
        },
        (error: unknown) => {
          calls--;
          throw error;
        },
      );
    };
    (window as ActivityWindow).pageActivity = () => ({ timers: timers.size, calls });
  });
}

/**
 * Waits until the sidebar has no poll scheduled and no server call unanswered. Polling then has stopped for good:
 * only a user action starts it again. (While it polls, one of the two is always true between turns of the page's
 * event loop, which is all a test can observe.) Needs trackPageActivity.
 */
export async function pollingStopped(page: Page, timeoutMs = 10_000): Promise<void> {
  await waitUntil(
    async () => {
      const activity = await page.evaluate(() => (window as ActivityWindow).pageActivity?.());
      if (activity === undefined) throw new Error('trackPageActivity was not installed before the page loaded.');
      return activity.timers === 0 && activity.calls === 0;
    },
    timeoutMs,
    'the sidebar to stop polling',
  );
}
