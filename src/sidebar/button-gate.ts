// A button that several things may hold shut at once (a call under way, no key, no fresh preview): it opens only
// when none does. The reasons it is shut are named, so one can lift its own without lifting another's.
export class ButtonGate {
  private readonly reasons = new Set<string>();

  constructor(readonly button: HTMLButtonElement) {}

  hold(reason: string, held = true): void {
    if (held) this.reasons.add(reason);
    else this.reasons.delete(reason);
    this.button.disabled = this.reasons.size > 0;
  }

  /** Shut while a call runs, with a label that says so. */
  busy(busyLabel: string | null, idleLabel: string): void {
    this.hold('busy', busyLabel !== null);
    this.button.textContent = busyLabel ?? idleLabel;
  }
}
