// The playground's own menu, beside the add-on's: let time pass (the world changes meanwhile), the pace of runs
// and research, faults the mock injects into the next requests, and the demo key back after Remove key. Each item answers one line saying what it did.
import { DEMO_KEY } from '../mock-api/accounts';
import type { MockControl, MockFault, WorldChanges } from '../mock-api/control';
import { DEMO_SHEET_NAME } from './demo';
import { SPEEDS, type PacedClock, type Speed } from './pace';
import type { MenuView } from './protocol';

export const CONTROL_PREFIX = 'playground:';
const DAY_MS = 24 * 60 * 60_000;
const DAYS = [1, 7, 30, 90];
const SHARES = [0.05, 0.1, 0.25, 0.5];
/** The world's change rounds use seeds from here on, one more each time: the same sequence at every start. */
const FIRST_SEED = 1_001;
/** More than the add-on's retries of one request (4 attempts) for every request of a batch of five. */
const FAILING_REQUESTS = 20;
const RATE_LIMITED_REQUESTS = 3;
const RETRY_AFTER_SECONDS = 30;

/** The profiles "Add private, missing and invalid profiles" types below the demo's column H. */
export const TROUBLE_PROFILES = [
  'https://www.network.com/in/private-jordan-lee-5e6f7a8',
  'https://www.network.com/in/missing-sam-hill-9b0c1d2',
  'not a profile URL',
];

const FAULTS: Record<string, { caption: string; faults: MockFault[]; said: string }> = {
  'server-error': {
    caption: `Server errors (503) for the next ${FAILING_REQUESTS} requests`,
    faults: [{ kind: 'status', status: 503, count: FAILING_REQUESTS }],
    said: `The next ${FAILING_REQUESTS} API requests answer 503: rows enriched now end in ERROR (try Retry failed rows).`,
  },
  'rate-limit': {
    caption: `Rate limited (429) for the next ${RATE_LIMITED_REQUESTS} requests`,
    faults: [
      { kind: 'rate_limit', retryAfterSeconds: RETRY_AFTER_SECONDS, count: RATE_LIMITED_REQUESTS, via: 'header' },
    ],
    said: `The next ${RATE_LIMITED_REQUESTS} API requests answer 429, retry after ${RETRY_AFTER_SECONDS} s.`,
  },
  drop: {
    caption: 'Drop the next connection',
    faults: [{ kind: 'drop', count: 1 }],
    said: 'The next API request loses its connection without an answer.',
  },
};

export interface ControlsOptions {
  mock: MockControl;
  pace: PacedClock;
  /** Types lines into the demo sheet's column H, below what it holds; answers the range written. */
  appendProfiles: (sheet: string, column: string, lines: string[]) => string;
  /** Saves the demo key (and the local mock's address) as the owner's settings again, as at start. */
  restoreDemoKey: () => void;
}

export class PlaygroundControls {
  private share = 0.1;
  private rounds = 0;

  constructor(private readonly options: ControlsOptions) {}

  state(): { speed: Speed; share: number } {
    return { speed: this.options.pace.speed, share: this.share };
  }

  menu(): MenuView {
    const check = (on: boolean) => (on ? ' ✓' : '');
    const item = (caption: string, action: string) => ({ caption, functionName: CONTROL_PREFIX + action });
    return {
      title: 'Playground',
      items: [
        {
          title: 'Let time pass…',
          items: [
            ...DAYS.map((days) => item(daysText(days), `pass:${days}`)),
            'separator',
            ...SHARES.map((share) =>
              item(`${percent(share)} of people change${check(share === this.share)}`, `share:${share}`),
            ),
          ],
        },
        {
          title: 'Speed of runs and research',
          items: SPEEDS.map((speed) =>
            item(
              `${speed}×${speed === 1 ? ' (real pace)' : ''}${check(speed === this.options.pace.speed)}`,
              `speed:${speed}`,
            ),
          ),
        },
        {
          title: 'Faults',
          items: [
            ...Object.entries(FAULTS).map(([name, fault]) => item(fault.caption, `fault:${name}`)),
            item('Key out of credits (402)', 'key:empty'),
            item('Refill the key', 'key:refill'),
            item('Restore the demo key in Settings', 'key:restore'),
            'separator',
            item('Add private, missing and invalid profiles', 'profiles'),
            item('Clear faults', 'fault:clear'),
          ],
        },
      ],
    };
  }

  /** Does what the item named `functionName` says; answers the line to show. */
  async run(functionName: string): Promise<string> {
    const [action, argument = ''] = functionName.slice(CONTROL_PREFIX.length).split(':');
    const { mock, pace } = this.options;
    switch (action) {
      case 'pass':
        return this.letTimePass(Number(argument));
      case 'share':
        this.share = Number(argument);
        return `From now on ${percent(this.share)} of people change when time passes.`;
      case 'speed':
        pace.setSpeed(Number(argument) as Speed);
        return `Runs and research now go at ${argument}× the real pace.`;
      case 'fault':
        if (argument === 'clear') {
          await mock.clearFaults();
          return 'No faults are waiting any more.';
        }
        await mock.addFaults(FAULTS[argument].faults);
        return FAULTS[argument].said;
      case 'key':
        if (argument === 'restore') return this.restoreDemoKey();
        return this.setCredits(argument === 'refill' ? DEMO_KEY.credits : 0);
      case 'profiles': {
        const a1 = this.options.appendProfiles(DEMO_SHEET_NAME, 'H', TROUBLE_PROFILES);
        return `Typed into ${DEMO_SHEET_NAME}!${a1}: a private profile (403), a missing one (404) and text that is no profile URL.`;
      }
      default:
        throw new Error(`No playground item does ${functionName}.`);
    }
  }

  private async letTimePass(days: number): Promise<string> {
    const { mock, pace } = this.options;
    pace.pass(days * DAY_MS);
    const changed = await mock.changeWorld({ fraction: this.share, seed: FIRST_SEED + this.rounds++ });
    return `${daysText(days)} passed · ${changeSummary(changed)}`;
  }

  /** After Remove key (or another key) in Settings: the playground's formulas bill the demo key again. */
  private restoreDemoKey(): string {
    this.options.restoreDemoKey();
    return 'Settings use the demo key and the local mock again: formulas, runs and research can fetch.';
  }

  private async setCredits(credits: number): Promise<string> {
    const { mock } = this.options;
    const { tier } = await mock.getKey(DEMO_KEY.key);
    await mock.setKey({ key: DEMO_KEY.key, credits, tier });
    return credits === 0
      ? 'The demo key has no credits left: every paid request answers 402.'
      : `The demo key has ${credits.toLocaleString('en-US')} credits again.`;
  }
}

/** "12 people changed: 5 new employer, 3 new title…", from the mock's change list. */
export function changeSummary({ changes }: WorldChanges): string {
  if (changes.length === 0) return 'nobody the sheet knows changed';
  const counts = new Map<string, number>();
  changes.forEach((person) => new Set(person.kinds).forEach((kind) => counts.set(kind, (counts.get(kind) ?? 0) + 1)));
  const kinds = [...counts].sort((a, b) => b[1] - a[1]).map(([kind, count]) => `${count} ${kind}`);
  return `${changes.length} ${changes.length === 1 ? 'person' : 'people'} changed: ${kinds.join(', ')}`;
}

function daysText(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
