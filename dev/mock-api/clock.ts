// The job clock drives research jobs; rate-limit windows run on real time plus the same manual offset, so
// advancing the clock also ages them.

import type { ClockState, JobClockMode } from './protocol';

export class MockClock {
  private startedAt = Date.now();
  private offset = 0;

  constructor(
    private readonly mode: JobClockMode,
    /** Realtime mode: job-clock milliseconds per real millisecond. */
    private readonly speed: number,
  ) {}

  jobTime(): number {
    return this.mode === 'manual' ? this.offset : (Date.now() - this.startedAt) * this.speed + this.offset;
  }

  /** Milliseconds since the epoch as rate-limit windows see them. */
  rateTime(): number {
    return Date.now() + this.offset;
  }

  advance(ms: number): void {
    this.offset += ms;
  }

  reset(): void {
    this.startedAt = Date.now();
    this.offset = 0;
  }

  state(): ClockState {
    return { jobTime: this.jobTime(), offset: this.offset };
  }
}
