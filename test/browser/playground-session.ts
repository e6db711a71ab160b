// One running playground (`npm start`, or its entry bundled without the build) in its own process group, a Chromium page
// on it, and the helpers the playground's browser tests share.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import type { SheetView, StateView } from '../../dev/playground/protocol';
import { playgroundBundle } from '../support/spawned-bundles';
import { CONDITION_TIMEOUT_MS, launchChromium } from './chromium';

export const ROOT = join(__dirname, '..', '..');
const ARTIFACTS = join(ROOT, 'artifacts');
const PLAYGROUND_LINE = /^Playground: (http:\/\/localhost:\d+)$/m;
const MOCK_LINE = /^API: local mock at (http:\/\/127\.0\.0\.1:\d+) /m;
export const START_TIMEOUT_MS = 60_000;

export interface PlaygroundSession {
  page: Page;
  context: BrowserContext;
  /** Everything the command printed so far. */
  output(): string;
  /** The local mock API the playground started. */
  mockUrl: string;
  /** Page errors and requests to anywhere but the playground and its bridges, since the last call. */
  takeProblems(): { pageErrors: Error[]; foreignRequests: string[] };
  stop(): Promise<void>;
}

/** Runs `command` (from the repository root) with the mock API, and opens its page in Chromium. */
export async function startPlayground(command: string[]): Promise<PlaygroundSession> {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
  // Whatever the developer's shell holds, the tests run against the mock.
  delete env.SHEET_ENRICH_API_URL;
  delete env.SHEET_ENRICH_API_KEY;
  // Its own process group, so stopping it stops npm, tsx, the playground and the mock together.
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // Chromium starts while the playground does: each takes seconds on a loaded machine.
  const launching = launchChromium();
  const url = await waitForLine(child, () => output, PLAYGROUND_LINE).catch(async (error: unknown) => {
    await (await launching).close();
    throw error;
  });
  const mockUrl = MOCK_LINE.exec(output)?.[1] ?? '';

  const browser = await launching;
  const context = await browser.newContext({ viewport: { width: 1280, height: 760 } });
  context.setDefaultTimeout(CONDITION_TIMEOUT_MS);
  const page = await context.newPage();
  let pageErrors: Error[] = [];
  let foreignRequests: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('request', (request) => {
    if (!/^http:\/\/(localhost|127\.0\.0\.1):\d+\//.test(request.url())) foreignRequests.push(request.url());
  });
  await page.goto(url);
  return {
    page,
    context,
    output: () => output,
    mockUrl,
    takeProblems() {
      const problems = { pageErrors, foreignRequests };
      [pageErrors, foreignRequests] = [[], []];
      return problems;
    },
    stop: () => stop(browser, child),
  };
}

function waitForLine(child: ChildProcess, output: () => string, line: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No playground URL was printed:\n${output()}`)), START_TIMEOUT_MS);
    const check = () => {
      const match = line.exec(output());
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', check);
      resolve(match[1]);
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`The playground exited with ${code}:\n${output()}`)));
  });
}

async function stop(browser: Browser, child: ChildProcess): Promise<void> {
  await browser.close();
  if (!child.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const forceKill = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(forceKill);
}

/** The grid cell at an A1 address such as "B12" or "AB3". */
export function cell(page: Page, a1: string) {
  return page.locator(cellSelector(a1));
}

function cellSelector(a1: string): string {
  const [, letters, row] = /^([A-Z]+)(\d+)$/.exec(a1)!;
  const column = [...letters].reduce((n, char) => n * 26 + char.charCodeAt(0) - 64, 0);
  return `#grid td[data-row="${row}"][data-column="${column}"]`;
}

export async function typeInto(page: Page, a1: string, text: string): Promise<void> {
  await cell(page, a1).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** A formula's answer goes through the bundle, the fakes and the mock: on a loaded machine that can take a while. */
const ANSWER_WAIT_MS = 45_000;

/**
 * Waits until the cell shows `text` as the server drew it: not while it is pending, showing "Loading…" until its
 * formula answers (which /\S/ would match, with the answer and the column's new width still to come).
 */
export async function expectText(page: Page, a1: string, text: string | RegExp): Promise<void> {
  const drawn = page.locator(`${cellSelector(a1)}:not(.pending)`);
  await expect(drawn.filter({ hasText: text }).waitFor({ timeout: ANSWER_WAIT_MS })).resolves.toBeUndefined();
}

/** Waits until the sheet tab of exactly this name is the selected one (tabs are redrawn as the page refreshes). */
export async function expectSelectedTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

/** Shows the demo sheet, whichever sheet an earlier test left on screen. */
export async function showDemoSheet(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Demo', exact: true }).click();
  await expectSelectedTab(page, 'Demo');
  await expectText(page, 'A1', 'Profile URL');
}

/** The sheet as the server holds it now (in the fakes), read through the page's own API. */
export async function serverSheet(page: Page, sheet: string): Promise<SheetView> {
  const state = await page.evaluate(
    async (name) => (await fetch(`/api/state?sheet=${encodeURIComponent(name)}`)).json() as Promise<StateView>,
    sheet,
  );
  return state.sheet;
}

/**
 * Waits until `read` (the server's state, asked again after each answer) gives `expected`; fails with the last
 * answer if it still differs after as long as a formula's answer may take.
 */
export async function expectOnServer<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const giveUpAt = Date.now() + ANSWER_WAIT_MS;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < giveUpAt) {
    // Paced, so the poll does not crowd out the page's own requests to the same single-threaded server.
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  expect(last).toEqual(expected);
}

/** Extensions → sheet-enrich → each submenu of the path → its last caption. */
export async function openAddonMenuItem(page: Page, ...path: [...submenus: string[], caption: string]): Promise<void> {
  await page.getByRole('button', { name: 'Extensions' }).click();
  await page.getByRole('menuitem', { name: 'sheet-enrich' }).hover();
  const caption = path.pop()!;
  // A submenu's item is named by its caption and the arrow after it; an item may start with the same words.
  for (const submenu of path) await page.getByRole('menuitem', { name: new RegExp(`^${submenu}\\W*$`) }).hover();
  await page.getByRole('menuitem', { name: caption }).click();
}

/** Playground → submenu → item (the playground's own menu); answers the line the item said, as its toast shows it. */
export async function playgroundMenuItem(page: Page, submenu: string, item: RegExp): Promise<string> {
  await page.getByRole('button', { name: 'Playground' }).click();
  await page.getByRole('menuitem', { name: submenu }).hover();
  // Toasts go after a while, and the add-on may show its own meanwhile: the answer is the first playground toast
  // numbered after those shown before the click.
  const last = Number((await page.locator('#toasts').getAttribute('data-shown')) ?? 0);
  await page.getByRole('menuitem', { name: item }).click();
  const answer = await page.waitForFunction(
    (after) =>
      Array.from(document.querySelectorAll<HTMLElement>('.toast'))
        .filter((toast) => Number(toast.dataset.toast) > after)
        .find((toast) => /^(Playground|Something went wrong)$/.test(toast.firstElementChild?.textContent ?? ''))
        ?.innerText ?? null,
    last,
  );
  return (await answer.jsonValue()) as string;
}

export function screenshot(page: Page, name: string): Promise<Buffer> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return page.screenshot({ path: join(ARTIFACTS, `playground-${name}.png`) });
}

/**
 * One playground for a test file: `npm start`'s entry started before its tests (handed to `started`) and stopped
 * after them; every test ends with no page error and no request leaving the machine.
 */
export function usePlayground(started: (session: PlaygroundSession) => void | Promise<void>): void {
  let session: PlaygroundSession | undefined;
  beforeAll(async () => {
    // The entry `npm start` runs after its build, bundled once for the run by Jest's global setup
    // (test/support/spawned-bundles.ts); playground.test.ts runs `npm start` itself.
    session = await startPlayground([process.execPath, playgroundBundle(), '--port', '0']);
    await started(session);
  }, START_TIMEOUT_MS + 20_000);
  afterAll(() => session?.stop());
  afterEach(() => {
    expect(session?.takeProblems()).toEqual({ pageErrors: [], foreignRequests: [] });
  });
}

/** The add-on's sidebar inside the playground page. */
export function sidebarOf(page: Page): FrameLocator {
  return page.frameLocator('#sidebar-frame');
}
