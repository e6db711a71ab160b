// A list of cards (research jobs, enrichment runs) redrawn from data on every answer. It keeps what a redraw would
// lose: the button that had the keyboard focus, and a confirm step open in one card. Clicks on a card's buttons
// reach `onAction` with the card's id.
import { confirmStep, type ConfirmQuestion, type ConfirmStep } from './confirm-step';

export interface CardListOptions<T> {
  list: HTMLUListElement;
  /** Shown when the list is empty. */
  empty: HTMLElement;
  idOf(item: T): string;
  render(item: T): HTMLLIElement;
  onAction(id: string, action: string): void;
}

/** A focused control in a card: an action button, or a button of the card's confirm step. */
type FocusSpot = { id: string; selector: string };

export class CardList<T> {
  private items: readonly T[] = [];
  private open: { id: string; step: ConfirmStep } | undefined;
  /** Buttons whose call is under way, by card id and action, with the label that says so. */
  private readonly busy = new Map<string, string>();

  constructor(private readonly options: CardListOptions<T>) {
    options.list.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button[data-action]');
      const id = button?.closest<HTMLElement>('.card')?.dataset.id;
      if (button && id !== undefined && !button.disabled) options.onAction(id, button.dataset.action ?? '');
    });
  }

  show(items: readonly T[]): void {
    this.items = items;
    const focus = this.focusSpot();
    if (this.open !== undefined && !items.some((item) => this.options.idOf(item) === this.open?.id)) {
      this.open.step.dismiss();
    }
    this.options.list.replaceChildren(...items.map((item) => this.decorate(this.options.render(item))));
    this.options.empty.hidden = items.length > 0;
    if (focus !== undefined) this.focus(focus);
  }

  /** Asks in the card itself, in place of its buttons; resolves to the answer. The focus then goes back. */
  async confirm(id: string, question: ConfirmQuestion, returnTo: string): Promise<boolean> {
    this.open?.step.dismiss();
    const step = confirmStep(question);
    this.open = { id, step };
    this.show(this.items);
    step.focus();
    const confirmed = await step.answer;
    if (this.open?.step === step) this.open = undefined;
    this.show(this.items);
    this.focus({ id, selector: `[data-action="${returnTo}"]` });
    return confirmed;
  }

  /** Shuts a card's button while its call runs, with a label that says so (null: the call answered). */
  setBusy(id: string, action: string, label: string | null): void {
    const key = `${id} ${action}`;
    if (label === null) this.busy.delete(key);
    else this.busy.set(key, label);
    this.show(this.items);
  }

  /** Redrawn cards keep a busy button shut and an open confirm step in place of their buttons. */
  private decorate(card: HTMLLIElement): HTMLLIElement {
    for (const button of Array.from(card.querySelectorAll<HTMLButtonElement>('button[data-action]'))) {
      const label = this.busy.get(`${card.dataset.id} ${button.dataset.action}`);
      if (label === undefined) continue;
      button.disabled = true;
      button.textContent = label;
    }
    if (this.open === undefined || card.dataset.id !== this.open.id) return card;
    card.querySelector<HTMLElement>('.card-actions')?.setAttribute('hidden', '');
    card.append(this.open.step.element);
    return card;
  }

  private focusSpot(): FocusSpot | undefined {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || !this.options.list.contains(active)) return undefined;
    const id = active.closest<HTMLElement>('.card')?.dataset.id;
    if (id === undefined) return undefined;
    const { action, confirm } = active.dataset;
    if (action !== undefined) return { id, selector: `[data-action="${action}"]` };
    return confirm !== undefined ? { id, selector: `[data-confirm="${confirm}"]` } : undefined;
  }

  /** The control if it is still there and usable, else the card's first usable one (a finished job's Open sheet). */
  private focus(spot: FocusSpot): void {
    const card = this.card(spot.id);
    const usable = (selector: string) =>
      Array.from(card?.querySelectorAll<HTMLButtonElement>(selector) ?? []).find(
        (button) => !button.disabled && button.closest('[hidden]') === null,
      );
    (usable(spot.selector) ?? usable('button'))?.focus();
  }

  private card(id: string): HTMLElement | undefined {
    return Array.from(this.options.list.children).find(
      (card): card is HTMLElement => card instanceof HTMLElement && card.dataset.id === id,
    );
  }
}
