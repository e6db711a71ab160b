// The Refresh form a finished run's card opens: which rows to fetch again (checked more than some days ago) and, for
// a scrape, the economy way; Preview asks the server what that would fetch and cost, and Start, open only while the
// preview on screen matches the form, asks the user to confirm the credits before the refresh starts.
import type { EnrichmentRequest, RunSummary } from '../core/contract';
import { errorMessage } from '../core/text';
import { errorLine, inputOf, numberField, readWholeNumber, say } from './card-panel';
import { confirmStep } from './confirm-step';
import { el } from './dom';
import { refreshCost, refreshCostLines, creditRangeText, type RefreshCost } from './refreshes';
import { runTitle } from './run-card';
import { server } from './server';
import { count } from './summaries';

export const DEFAULT_REFRESH_DAYS = 30;
export const ECONOMY_LABEL = 'Economy: ask the 1-credit profile record first, scrape again only rows that changed';
const PREVIEW_LABEL = 'Preview';

export interface RefreshFormOptions {
  run: RunSummary;
  onStarted(run: RunSummary): void;
  onClose(): void;
}

export class RefreshForm {
  readonly element: HTMLElement;
  private readonly days = numberField('Rows checked more than', DEFAULT_REFRESH_DAYS, 0, 'days ago');
  private readonly economy: HTMLInputElement | null;
  private readonly previewButton = el('button', { type: 'submit', class: 'button button-secondary' }, PREVIEW_LABEL);
  private readonly startButton = el('button', { type: 'button', class: 'button button-primary', disabled: true });
  private readonly result = el('div', { class: 'refresh-preview', role: 'status' });
  private readonly confirmArea = el('div');
  private readonly error = errorLine();
  private shown: { key: string; request: EnrichmentRequest; cost: RefreshCost } | null = null;

  constructor(private readonly options: RefreshFormOptions) {
    const { run } = options;
    this.economy = run.operation === 'scrape' ? el('input', { type: 'checkbox' }) : null;
    const form = el(
      'form',
      { class: 'card-panel refresh-form', novalidate: true, 'aria-label': `Refresh ${runTitle(run)}` },
      el('p', { class: 'panel-title' }, 'Refresh'),
      this.days,
      el('p', { class: 'hint' }, '0: every row.'),
      this.economy && el('label', { class: 'checkbox' }, this.economy, ECONOMY_LABEL),
      el('div', { class: 'card-actions' }, this.previewButton, this.startButton, this.closeButton()),
      this.result,
      this.confirmArea,
      this.error,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.preview();
    });
    form.addEventListener('input', () => this.stale());
    form.addEventListener('change', () => this.stale());
    this.startButton.addEventListener('click', () => void this.confirmAndStart());
    this.element = form;
    this.stale();
  }

  /** Puts the keyboard on the first field. */
  focus(): void {
    inputOf(this.days).focus();
  }

  private closeButton(): HTMLButtonElement {
    const close = el('button', { type: 'button', class: 'link-button' }, 'Close');
    close.addEventListener('click', () => this.options.onClose());
    return close;
  }

  /** The request the form asks for now; null (said) when the days are not a whole number. */
  private request(): EnrichmentRequest | null {
    const olderThanDays = readWholeNumber(inputOf(this.days).value, 0);
    if (olderThanDays === null) {
      say(this.error, 'Give the days as a whole number, 0 or more.');
      return null;
    }
    const { sheetName, inputA1, operation, fields } = this.options.run;
    const economy = this.economy?.checked === true;
    return { sheetName, inputA1, operation, fields, refresh: { olderThanDays, ...(economy && { economy }) } };
  }

  /** The preview on screen no longer matches the form (or there is none): Start waits for a fresh one. */
  private stale(): void {
    if (this.shown !== null && this.shown.key === this.currentKey()) return;
    this.shown = null;
    this.result.replaceChildren();
    this.startButton.disabled = true;
    this.startButton.textContent = 'Refresh rows';
  }

  private currentKey(): string {
    return `${inputOf(this.days).value.trim()} ${this.economy?.checked === true}`;
  }

  private async preview(): Promise<void> {
    say(this.error, null);
    const request = this.request();
    if (request === null) return;
    const key = this.currentKey();
    this.shown = null;
    this.stale();
    this.previewButton.disabled = true;
    this.previewButton.textContent = 'Previewing…';
    try {
      const cost = refreshCost(await server.previewEnrichment(request), this.options.run);
      if (key !== this.currentKey()) return;
      this.shown = { key, request, cost };
      this.result.replaceChildren(...refreshCostLines(cost).map((line) => el('p', {}, line)));
      this.startButton.textContent = `Refresh ${count(cost.rows, 'row')}`;
      this.startButton.disabled = cost.rows === 0;
    } catch (error) {
      say(this.error, errorMessage(error));
    } finally {
      this.previewButton.disabled = false;
      this.previewButton.textContent = PREVIEW_LABEL;
    }
  }

  private async confirmAndStart(): Promise<void> {
    const shown = this.shown;
    if (shown === null) return;
    const { cost, request } = shown;
    const price = cost.economy === null ? count(cost.fullCredits, 'credit') : creditRangeText(cost.economy);
    const step = confirmStep({
      question: `Refresh ${count(cost.rows, 'row')} of ${runTitle(this.options.run)} for ${price}?`,
      confirmLabel: `Spend ${cost.economy === null ? '' : 'up to '}${count(cost.maxCredits, 'credit')}`,
      keepLabel: 'Back',
    });
    this.confirmArea.replaceChildren(step.element);
    this.startButton.disabled = true;
    step.focus();
    const confirmed = await step.answer;
    this.confirmArea.replaceChildren();
    if (confirmed) await this.start(request);
    else if (this.shown === shown) {
      this.startButton.disabled = false;
      this.startButton.focus();
    }
  }

  private async start(request: EnrichmentRequest): Promise<void> {
    this.startButton.textContent = 'Starting…';
    try {
      this.options.onStarted(await server.startEnrichment(request));
    } catch (error) {
      say(this.error, errorMessage(error));
      this.shown = null;
      this.stale();
    }
  }
}
