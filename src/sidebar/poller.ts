// Repeats a check of the user's work on the schedule of ./schedule. Each check is planned only after the previous one
// has answered, so two never overlap however slow the server is; none is planned while the sidebar is out of sight,
// while there is no work of the user's, or once the work has stood still for the stall time (until the user acts).
import { nextPoll, type PollPolicy } from './schedule';

/** Why no check is planned, or 'waiting' / 'checking'. */
export type LoopState = 'waiting' | 'checking' | 'no-work' | 'hidden' | 'stalled';

/** The clock and timer the loop runs on: the page's, or a virtual one in tests and the benchmark. */
export interface Timers {
  now(): number;
  set(run: () => void, delayMs: number): unknown;
  clear(timer: unknown): void;
}

const pageTimers: Timers = {
  now: () => Date.now(),
  set: (run, delayMs) => setTimeout(run, delayMs),
  clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export interface PollLoopOptions {
  /** One check; resolves to whether the work moved. A check that throws counts as one that saw nothing move. */
  check(): Promise<boolean>;
  /** Whether there is unfinished work of the user's that a check could move. */
  hasWork(): boolean;
  policy: PollPolicy;
  timers?: Timers;
  /** Told each time the loop's state changes, so the page can say when it stopped checking and why. */
  onState?(state: LoopState): void;
}

export class PollLoop {
  private readonly timers: Timers;
  private timer: unknown;
  private dueAt: number | undefined;
  private checking = false;
  private hidden = false;
  private unchangedChecks = 0;
  private quietSince: number;
  private current: LoopState = 'no-work';

  constructor(private readonly options: PollLoopOptions) {
    this.timers = options.timers ?? pageTimers;
    this.quietSince = this.timers.now();
  }

  get state(): LoopState {
    return this.current;
  }

  /** Checks now (unless a check is under way: its answer is as fresh), then follows the schedule. */
  async checkNow(): Promise<void> {
    if (this.checking) return;
    this.cancelTimer();
    if (!this.options.hasWork() || this.hidden) return this.plan();
    await this.run();
  }

  /** The user changed the work (started, resumed, retried it): follow it at the fast pace again. */
  restart(): void {
    this.unchangedChecks = 0;
    this.quietSince = this.timers.now();
    this.plan();
  }

  /** Whether there is work changed outside a check (a cancel, the key removed): plans again. */
  refresh(): void {
    this.plan();
  }

  /** The user acted (any click): the stall clock starts again, and still work is checked again at once. */
  wake(): void {
    this.quietSince = this.timers.now();
    if (this.current !== 'stalled') return;
    this.unchangedChecks = 0;
    void this.checkNow();
  }

  /** Out of sight no check runs; back in sight, one that fell due meanwhile runs at once. */
  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    if (hidden) {
      const due = this.dueAt;
      this.plan();
      this.dueAt = due;
      return;
    }
    const overdue = this.dueAt !== undefined && this.dueAt <= this.timers.now();
    this.quietSince = this.timers.now();
    if (overdue || this.current === 'stalled') void this.checkNow();
    else this.plan();
  }

  private async run(): Promise<void> {
    this.checking = true;
    this.setState('checking');
    let moved = false;
    try {
      moved = await this.options.check();
    } catch {
      moved = false;
    } finally {
      this.checking = false;
    }
    if (moved) {
      this.unchangedChecks = 0;
      this.quietSince = this.timers.now();
    } else {
      this.unchangedChecks++;
    }
    this.plan();
  }

  /** Sets the timer for the next check, or none; a check under way plans the next itself when it answers. */
  private plan(): void {
    if (this.checking) return;
    this.cancelTimer();
    const now = this.timers.now();
    const decision = nextPoll(
      {
        hasWork: this.options.hasWork(),
        hidden: this.hidden,
        unchangedChecks: this.unchangedChecks,
        quietMs: now - this.quietSince,
      },
      this.options.policy,
    );
    if (!decision.poll) return this.setState(decision.reason);
    this.dueAt = now + decision.delayMs;
    this.timer = this.timers.set(() => {
      this.timer = undefined;
      this.dueAt = undefined;
      void this.run();
    }, decision.delayMs);
    this.setState('waiting');
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.timers.clear(this.timer);
    this.timer = undefined;
    this.dueAt = undefined;
  }

  private setState(state: LoopState): void {
    if (state === this.current) return;
    this.current = state;
    this.options.onState?.(state);
  }
}
