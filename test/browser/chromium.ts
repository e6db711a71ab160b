// The one way browser tests start Chromium. CI (.ci/run) exports CHROMIUM_PATH as the chromium it found or installed;
// elsewhere the Debian package's path is the default.
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless in a container: no sandbox, GPU or /dev/shm, and nothing that phones home. Chromium 156's headless mode
 * still builds each window's omnibox popup, a WebUI page of some 300 chrome:// files in a renderer of its own, for
 * every context a test opens; turning those features off halved the CPU the sidebar tests cost in Chromium.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-features=WebUIOmniboxPopup,PreloadTopChromeWebUI,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];

/**
 * How long a browser test waits for a condition before it fails: a net for what never happens, far above what
 * a loaded 2-core machine needs, so no test depends on the machine's speed.
 */
export const CONDITION_TIMEOUT_MS = 30_000;

export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] };

export function launchChromium(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
}
