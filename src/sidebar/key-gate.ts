// Work that spends credits needs the user's key. Without one, the panel's start button is shut and described by a
// notice that says why, and an error about the old key no longer stands on screen.
import { ButtonGate } from './button-gate';
import type { StatusLine } from './status-line';

export class KeyGate {
  /** Unknown until the settings answer: the server refuses work without a key anyway. */
  private known: boolean | undefined;

  constructor(
    private readonly notice: HTMLElement,
    private readonly start: ButtonGate,
    private readonly status: StatusLine,
  ) {}

  get hasKey(): boolean {
    return this.known !== false;
  }

  update(hasKey: boolean): void {
    this.known = hasKey;
    this.notice.hidden = hasKey;
    this.start.hold('no-key', !hasKey);
    if (hasKey) {
      this.start.button.removeAttribute('aria-describedby');
    } else {
      this.start.button.setAttribute('aria-describedby', this.notice.id);
      this.status.dropError();
    }
  }
}
