// A list of cards (research jobs, enrichment runs) drawn from data on every answer. Each card is patched in place
// (./dom-patch), so what did not change stays the same node: a button keeps the pointer and the keyboard focus while
// checks come and go, and a confirm step or a panel (a small form) open in a card stays open. Clicks on a card's
// buttons reach `onAction` with the card's id.
import { confirmStep, type ConfirmQuestion, type ConfirmStep } from './confirm-step';
import { patch } from './dom-patch';

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
  /** The panel open under each card, by the action that opened it (at most one a card). */
  private readonly panels = new Map<string, { action: string; element: HTMLElement }>();
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
    for (const id of this.panels.keys()) {
      if (!items.some((item) => this.options.idOf(item) === id)) this.panels.delete(id);
    }
    this.place(items.map((item) => this.draw(item)));
    this.options.empty.hidden = items.length > 0;
    const active = document.activeElement;
    if (focus !== undefined && !(active instanceof HTMLElement && this.options.list.contains(active)))
      this.focus(focus);
  }

  /** The card of `item` as drawn now: the one on screen patched to match, or a new one. */
  private draw(item: T): HTMLElement {
    const fresh = this.decorate(this.options.render(item));
    const id = fresh.dataset.id ?? '';
    const step = this.open?.id === id ? this.open.step.element : undefined;
    const kept = [this.panels.get(id)?.element, step].filter((node): node is HTMLElement => node !== undefined);
    const card = this.card(id);
    if (card === undefined) {
      fresh.append(...kept);
      return fresh;
    }
    patch(card, fresh, ...kept);
    for (const node of kept) if (node.parentNode !== card) card.append(node);
    return card;
  }

  /** Puts the cards in order, moving only those out of place, and removes the others. */
  private place(cards: HTMLElement[]): void {
    const { list } = this.options;
    const wanted = new Set<Element>(cards);
    for (const child of Array.from(list.children)) if (!wanted.has(child)) child.remove();
    cards.forEach((card, index) => {
      if (list.children[index] !== card) list.insertBefore(card, list.children[index] ?? null);
    });
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
    step.element.remove();
    this.show(this.items);
    this.focus({ id, selector: `[data-action="${returnTo}"]` });
    return confirmed;
  }

  /** Opens `element` under the card, opened by `action` (null closes the card's panel); it stays across redraws. */
  setPanel(id: string, panel: { action: string; element: HTMLElement } | null): void {
    this.panels.get(id)?.element.remove();
    if (panel === null) this.panels.delete(id);
    else this.panels.set(id, panel);
    this.show(this.items);
  }

  /** Puts the keyboard on a card's action button (or its first usable one), as when its panel closes. */
  focusAction(id: string, action: string): void {
    this.focus({ id, selector: `[data-action="${action}"]` });
  }

  /** The action whose panel is open under the card, if any. */
  panelOf(id: string): string | undefined {
    return this.panels.get(id)?.action;
  }

  /** Shuts a card's button while its call runs, with a label that says so (null: the call answered). */
  setBusy(id: string, action: string, label: string | null): void {
    const key = `${id} ${action}`;
    if (label === null) this.busy.delete(key);
    else this.busy.set(key, label);
    this.show(this.items);
  }

  /** A busy button stays shut, and a card asking to confirm hides its buttons. */
  private decorate(card: HTMLLIElement): HTMLLIElement {
    for (const button of Array.from(card.querySelectorAll<HTMLButtonElement>('button[data-action]'))) {
      const label = this.busy.get(`${card.dataset.id} ${button.dataset.action}`);
      if (label === undefined) continue;
      button.disabled = true;
      button.textContent = label;
    }
    const panel = this.panels.get(card.dataset.id ?? '');
    if (panel !== undefined) {
      card.querySelector(`button[data-action="${panel.action}"]`)?.setAttribute('aria-expanded', 'true');
    }
    if (this.open?.id === card.dataset.id) card.querySelector<HTMLElement>('.card-actions')?.setAttribute('hidden', '');
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
