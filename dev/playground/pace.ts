// Real pace in the playground. The fakes' clock (virtual) moves with real time × the chosen speed. The add-on's
// sleeps move it at once, since a synchronous execution cannot wait here without freezing the one thread that also
// serves the page; the time slept is owed, and the next background step (continuing a run, polling research, a
// trigger) starts only once real time has paid it. A background execution ends at its first pacing sleep, so its
// rows arrive a tier's minute at a time rather than four and a half minutes of them at once; one that met a failed
// request runs on as in Apps Script, so its retries add up to what they would there.
import type { GasEnvironment } from '../gas-fakes';
import { HttpWorker } from '../gas-fakes/url-fetch-worker';
import { BACKGROUND_RUN_BUDGET_MS } from '../../src/core/background';

export const SPEEDS = [1, 2, 5, 10, 60] as const;
export type Speed = (typeof SPEEDS)[number];

const TICK_MS = 100;
/** Longer than any retry backoff (8 s): a sleep this long waits for the tier's window or the service's wait. */
const PACING_SLEEP_MS = 10_000;
/** Past the stopBy a background execution gives itself, so it ends at its next look at the clock. */
const PAST_BUDGET_MS = BACKGROUND_RUN_BUDGET_MS + 1_000;
const MOCK_CONTROL_TIMEOUT_MS = 10_000;

type UtilitiesService = GoogleAppsScript.Utilities.Utilities;
type UrlFetchService = GoogleAppsScript.URL_Fetch.UrlFetchApp;

export class PacedClock {
  private currentSpeed: Speed = 1;
  /** Fake time that real time has paid for: where the clock would be had every sleep really waited. */
  private paid: number;
  private lastTick = Date.now();
  private readonly startReal = Date.now();
  private readonly startFake: number;
  /** Fake milliseconds beyond real time already told to the mock's clock. */
  private toldMock = 0;
  private backgroundStart: number | null = null;
  /** The background execution under way got a 429, a 5xx or no answer. */
  private metFailure = false;
  private waiters: Array<() => void> = [];
  private readonly timer: NodeJS.Timeout;
  private readonly http: HttpWorker | null;

  /** `mockUrl`: the local mock, whose clock (research jobs, rate windows, world time) follows the fakes' clock. */
  constructor(
    private readonly env: GasEnvironment,
    private readonly mockUrl: string | null,
  ) {
    this.startFake = this.paid = env.clock.now();
    this.http = mockUrl === null ? null : new HttpWorker();
    this.wrapServices();
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  get speed(): Speed {
    return this.currentSpeed;
  }

  setSpeed(speed: Speed): void {
    this.tick();
    this.currentSpeed = speed;
  }

  /** Fake milliseconds the add-on slept that real time has not paid yet. */
  owed(): number {
    return Math.max(0, this.env.clock.now() - this.paid);
  }

  /** Resolves once nothing is owed. */
  caughtUp(): Promise<void> {
    if (this.owed() === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Runs a background execution (a run's continuation, a research poll, a trigger), ended at its pacing sleep. */
  background<T>(execution: () => T): T {
    this.backgroundStart = this.env.clock.now();
    this.metFailure = false;
    try {
      return execution();
    } finally {
      this.backgroundStart = null;
    }
  }

  /** Moves time on at once by `ms`, owing nothing (Let time pass…); the mock's clock follows. */
  pass(ms: number): void {
    this.skip(ms);
    this.syncMock();
  }

  /** Moves the mock's clock on by the fake time that passed beyond real time, as the add-on's clock saw it. */
  syncMock(): void {
    if (this.http === null) return;
    const ahead = this.env.clock.now() - this.startFake - (Date.now() - this.startReal);
    if (ahead <= this.toldMock) return;
    const ms = ahead - this.toldMock;
    this.toldMock = ahead;
    const [outcome] = this.http.send(
      [
        {
          url: `${this.mockUrl}/__mock/clock/advance`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: new Uint8Array(Buffer.from(JSON.stringify({ ms }))),
        },
      ],
      MOCK_CONTROL_TIMEOUT_MS,
    );
    if (!('status' in outcome) || outcome.status !== 200) throw new Error('The mock API did not move its clock.');
  }

  close(): void {
    clearInterval(this.timer);
    this.http?.dispose();
    this.waiters.splice(0).forEach((resolve) => resolve());
  }

  private tick(): void {
    const now = Date.now();
    this.paid += (now - this.lastTick) * this.currentSpeed;
    this.lastTick = now;
    const clock = this.env.clock;
    if (clock.now() < this.paid) clock.advance(this.paid - clock.now());
    if (this.owed() === 0) this.waiters.splice(0).forEach((resolve) => resolve());
  }

  private skip(ms: number): void {
    this.env.clock.advance(ms);
    this.paid += ms;
  }

  /** Utilities.sleep ends a background execution; every request first brings the mock's clock up to date. */
  private wrapServices(): void {
    const globals = this.env.globals as { Utilities: UtilitiesService; UrlFetchApp: UrlFetchService };
    const utilities = globals.Utilities;
    globals.Utilities = Object.create(utilities, {
      sleep: {
        value: (milliseconds: number) => {
          utilities.sleep(milliseconds);
          if (this.backgroundStart === null || this.metFailure || milliseconds < PACING_SLEEP_MS) return;
          const pastBudget = this.backgroundStart + PAST_BUDGET_MS - this.env.clock.now();
          if (pastBudget > 0) this.skip(pastBudget);
        },
      },
    }) as UtilitiesService;
    const fetcher = globals.UrlFetchApp;
    globals.UrlFetchApp = Object.create(fetcher, {
      fetch: {
        value: (url: string, params?: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions) =>
          this.watch(() => [params === undefined ? fetcher.fetch(url) : fetcher.fetch(url, params)])[0],
      },
      fetchAll: {
        value: (requests: Array<GoogleAppsScript.URL_Fetch.URLFetchRequest | string>) =>
          this.watch(() => fetcher.fetchAll(requests)),
      },
    }) as UrlFetchService;
  }

  private watch(send: () => GoogleAppsScript.URL_Fetch.HTTPResponse[]): GoogleAppsScript.URL_Fetch.HTTPResponse[] {
    this.syncMock();
    try {
      const responses = send();
      if (responses.some((response) => response.getResponseCode() >= 429)) this.metFailure = true;
      return responses;
    } catch (error) {
      this.metFailure = true;
      throw error;
    }
  }
}
