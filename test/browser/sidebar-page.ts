// What the sidebar browser tests share: the built page, a record of every rendering of a card, visibility, and waits
// for conditions (never for a length of time).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSidebarBridge, type SidebarBridge } from '../../dev/sidebar-bridge';
import type { SidebarPanel } from '../../src/core/contract';
import { CONDITION_TIMEOUT_MS, launchChromium } from './chromium';

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
  what: string,
  timeoutMs = CONDITION_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type CardWindow = { cardRenderings?: Record<string, string[]> };

/**
 * Records in the page every state a card (a job's or a run's) shows, as "value/max: progress text" ("-" for a bar
 * without value), each change once. A state may last a single check, shorter than Playwright's retry backoff, so only
 * the page itself sees them all. Returns the reader.
 */
export async function recordCardRenderings(
  page: Page,
  id: string,
  listId = 'job-list',
): Promise<() => Promise<string[]>> {
  await page.evaluate(
    ([cardId, list]) => {
      const seen: string[] = [];
      const records = ((window as CardWindow).cardRenderings ??= {});
      records[cardId] = seen;
      new MutationObserver(() => {
        const card = document.querySelector(`.card[data-id="${cardId}"]`);
        const bar = card?.querySelector('progress');
        if (!card || !bar) return;
        const state = `${bar.getAttribute('value') ?? '-'}/${bar.getAttribute('max') ?? '-'}: ${card.querySelector('.card-progress-text')?.textContent}`;
        if (seen.at(-1) !== state) seen.push(state);
      }).observe(document.getElementById(list) as HTMLElement, {
        childList: true,
        subtree: true,
        attributes: true,
        characterData: true,
      });
    },
    [id, listId] as const,
  );
  return () => page.evaluate((cardId) => (window as CardWindow).cardRenderings?.[cardId] ?? [], id);
}

type TextWindow = { textsSeen?: Record<string, string[]> };

/**
 * Records in the page every text the element #id shows, however briefly, from the moment the page is built (call
 * before it loads, through the opener's `prepare`). Returns the reader.
 */
export async function recordTexts(page: Page, id: string): Promise<() => Promise<string[]>> {
  await page.addInitScript((elementId) => {
    const seen: string[] = [];
    ((window as TextWindow).textsSeen ??= {})[elementId] = seen;
    document.addEventListener('DOMContentLoaded', () => {
      const element = document.getElementById(elementId) as HTMLElement;
      new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
  }, id);
  return () => page.evaluate((elementId) => (window as TextWindow).textsSeen?.[elementId] ?? [], id);
}

/** Makes the page believe it went out of sight (or came back), as when the user switches browser tabs. */
export async function setPageHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
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
export async function pollingStopped(page: Page): Promise<void> {
  await waitUntil(async () => {
    const activity = await page.evaluate(() => (window as ActivityWindow).pageActivity?.());
    if (activity === undefined) throw new Error('trackPageActivity was not installed before the page loaded.');
    return activity.timers === 0 && activity.calls === 0;
  }, 'the sidebar to stop polling');
}

export const TEST_POLL_MS = 200;

export interface OpenSidebar {
  page: Page;
  /** Messages of alert/confirm/prompt dialogs the page opened: an injected script would show here. */
  dialogs: string[];
}

/**
 * Sets up the file's hooks (one Chromium, a context per page, every page error and every request to anywhere but the
 * bridge failing the test) and returns the opener: the built sidebar, bridged to `call`, on its first panel.
 */
export function sidebarSession(): (
  call: (name: string, args: unknown[]) => unknown,
  panel: SidebarPanel,
  /** Runs before the page loads, such as recordTexts. */
  prepare?: (page: Page) => Promise<void>,
) => Promise<OpenSidebar> {
  let browser: Browser;
  let html: string;
  const bridges: SidebarBridge[] = [];
  const contexts: BrowserContext[] = [];
  const pageErrors: Error[] = [];
  const foreignRequests: string[] = [];

  beforeAll(async () => {
    html = readBuiltSidebar();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    await Promise.all(bridges.splice(0).map((bridge) => bridge.close()));
    expect(pageErrors.splice(0)).toEqual([]);
    expect(foreignRequests.splice(0)).toEqual([]);
  });

  return async (call, panel, prepare) => {
    const bridge = await startSidebarBridge({ html, call, pollMs: TEST_POLL_MS, initialPanel: panel });
    bridges.push(bridge);
    const context = await browser.newContext({ viewport: { width: 300, height: 900 }, deviceScaleFactor: 2 });
    contexts.push(context);
    context.setDefaultTimeout(CONDITION_TIMEOUT_MS);
    const page = await context.newPage();
    await trackPageActivity(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => pageErrors.push(error));
    page.on('request', (request) => {
      if (!request.url().startsWith(bridge.url)) foreignRequests.push(request.url());
    });
    await prepare?.(page);
    await page.goto(bridge.url);
    return { page, dialogs };
  };
}
