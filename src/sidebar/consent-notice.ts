// Granular consent: a user who did not allow the add-on to run while they are away has no background work, so runs
// and research move only while this sidebar is open. The notice above the panels says so and why, and its Allow
// button asks Google for that permission (its consent prompt takes over; the sidebar asks again afterwards).
import type { ConsentView, SidebarServer } from '../core/contract';
import { server, type PromiseClient } from './server';

type ConsentServer = Pick<PromiseClient<SidebarServer>, 'getConsent' | 'allowBackgroundWork'>;

/** Said once the prompt was offered and background work is still off. */
export const STILL_OFF = 'Background work is still off: allow it in Google’s window, then reopen this sidebar.';

export class ConsentNotice {
  constructor(
    private readonly notice: HTMLElement,
    private readonly text: HTMLElement,
    allow: HTMLButtonElement,
    private readonly consent: ConsentServer = server,
  ) {
    allow.addEventListener('click', () => void this.allow());
  }

  /** Asks the server once; a failed question leaves the notice hidden (the work itself still says what fails). */
  async load(): Promise<void> {
    try {
      this.show(await this.consent.getConsent());
    } catch {
      this.notice.hidden = true;
    }
  }

  private show(view: ConsentView, stillOff?: string): void {
    this.notice.hidden = view.backgroundOff === null;
    this.text.textContent = stillOff ?? view.backgroundOff ?? '';
  }

  /** Google ends the call with its prompt; whatever the answer, the notice then asks again. */
  private async allow(): Promise<void> {
    try {
      await this.consent.allowBackgroundWork();
    } catch {
      // The consent prompt ends the call: the question below tells what was granted.
    }
    try {
      const view = await this.consent.getConsent();
      this.show(view, view.backgroundOff === null ? undefined : STILL_OFF);
    } catch {
      this.notice.hidden = true;
    }
  }
}
