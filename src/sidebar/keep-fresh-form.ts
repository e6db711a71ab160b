// The "Keep fresh" form a finished run's card opens: refresh every week or month the rows older than some days,
// within a cap of credits for each refresh. The background refreshes bill the key of the user who saves it, which
// the form says before they do.
import type { RefreshEvery, RefreshSchedule, RunSummary } from '../core/contract';
import { errorMessage } from '../core/text';
import { errorLine, inputOf, numberField, readWholeNumber, say } from './card-panel';
import { el } from './dom';
import { runTitle } from './run-card';
import { server } from './server';

export const DEFAULT_SCHEDULE: RefreshSchedule = { every: 'week', olderThanDays: 7, maxCredits: 500 };
export const PAYER_NOTE =
  'Scheduled refreshes run in the background with your API key and spend your credits, whoever opens the spreadsheet.';
const SAVE_LABEL = 'Save';

export interface KeepFreshFormOptions {
  run: RunSummary;
  onSaved(run: RunSummary): void;
  onClose(): void;
}

/** The schedule the fields give; a sentence saying what to fix instead when one is not a whole number in range. */
export function readScheduleFields(every: string, days: string, credits: string): RefreshSchedule | string {
  const olderThanDays = readWholeNumber(days, 0);
  if (olderThanDays === null) return 'Give the days as a whole number, 0 or more.';
  const maxCredits = readWholeNumber(credits, 1);
  if (maxCredits === null) return 'Cap each refresh at a whole number of credits, 1 or more.';
  return { every: every === 'month' ? 'month' : 'week', olderThanDays, maxCredits };
}

export class KeepFreshForm {
  readonly element: HTMLElement;
  private readonly every = el('select', {});
  private readonly days: HTMLLabelElement;
  private readonly credits: HTMLLabelElement;
  private readonly save = el('button', { type: 'submit', class: 'button button-primary' }, SAVE_LABEL);
  private readonly error = errorLine();

  constructor(private readonly options: KeepFreshFormOptions) {
    const current = options.run.schedule ?? DEFAULT_SCHEDULE;
    const choices: Array<[RefreshEvery, string]> = [
      ['week', 'Every week'],
      ['month', 'Every month'],
    ];
    this.every.append(
      ...choices.map(([value, label]) => el('option', { value, selected: value === current.every }, label)),
    );
    this.every.value = current.every;
    this.days = numberField('Rows older than', current.olderThanDays, 0, 'days');
    this.credits = numberField('At most', current.maxCredits, 1, 'credits a refresh');
    const close = el('button', { type: 'button', class: 'link-button' }, 'Close');
    close.addEventListener('click', () => options.onClose());
    const form = el(
      'form',
      { class: 'card-panel keep-fresh-form', novalidate: true, 'aria-label': `Keep fresh: ${runTitle(options.run)}` },
      el('p', { class: 'panel-title' }, 'Keep fresh'),
      el('label', { class: 'panel-field' }, 'How often ', this.every),
      this.days,
      this.credits,
      el('p', { class: 'hint' }, PAYER_NOTE),
      el('div', { class: 'card-actions' }, this.save, close),
      this.error,
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submit();
    });
    this.element = form;
  }

  focus(): void {
    this.every.focus();
  }

  private async submit(): Promise<void> {
    const schedule = readScheduleFields(this.every.value, inputOf(this.days).value, inputOf(this.credits).value);
    if (typeof schedule === 'string') return say(this.error, schedule);
    say(this.error, null);
    this.save.disabled = true;
    this.save.textContent = 'Saving…';
    try {
      this.options.onSaved(await server.scheduleRefresh(this.options.run.runId, schedule));
    } catch (error) {
      say(this.error, errorMessage(error));
    } finally {
      this.save.disabled = false;
      this.save.textContent = SAVE_LABEL;
    }
  }
}
