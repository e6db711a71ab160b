// One line that says what just happened in a panel (role=status, so screen readers announce it). A failed background
// check says so here until the next good check; the user's own actions' messages stay until the next action.
import { errorMessage } from '../core/text';

export type Tone = 'info' | 'success' | 'error';

export class StatusLine {
  private fromCheck = false;

  constructor(private readonly region: HTMLElement) {}

  say(text: string, tone: Tone = 'info'): void {
    this.region.textContent = text;
    this.region.dataset.tone = tone;
    this.fromCheck = false;
  }

  /** A user action failed: its sentence, as the server wrote it. */
  fail(error: unknown, prefix = ''): void {
    this.say(`${prefix}${errorMessage(error)}`, 'error');
  }

  /** A background check failed; the next good one clears it. */
  checkFailed(text: string): void {
    this.say(text, 'error');
    this.fromCheck = true;
  }

  checkSucceeded(): void {
    if (this.fromCheck) this.clear();
  }

  /** Drops an error that no longer applies (the key it was about is gone), leaving other messages. */
  dropError(): void {
    if (this.region.dataset.tone === 'error') this.clear();
  }

  clear(): void {
    this.say('');
  }
}
