// Repeats a poll while it says there is more to do. Each poll is scheduled only after the previous one has
// answered, so two polls never overlap, however slow the server is.

export class Poller {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;

  /** `pollOnce` resolves to true while another poll is wanted. */
  constructor(
    private readonly pollOnce: () => Promise<boolean>,
    private readonly intervalMs: number,
  ) {}

  /** Schedules a poll after the interval, unless one is already scheduled or under way. */
  schedule(): void {
    if (this.timer !== undefined || this.running) return;
    this.timer = setTimeout(() => void this.run(), this.intervalMs);
  }

  /** Polls now, unless a poll is under way (its answer is as fresh). */
  async pollNow(): Promise<void> {
    if (this.running) return;
    clearTimeout(this.timer);
    await this.run();
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    this.running = true;
    let more: boolean;
    try {
      more = await this.pollOnce();
    } catch {
      more = true; // a failed poll is retried at the next interval
    } finally {
      this.running = false;
    }
    if (more) this.schedule();
  }
}
