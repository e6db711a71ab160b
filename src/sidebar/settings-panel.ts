// The settings panel. The key is write-only: the field is never filled, only the server's hint is shown, and the
// key is sent only when the user typed one (the server verifies it before storing it). Save sends only what changed,
// so an untouched default stays a default. Remove key asks first, as removing stops work that others rely on.
import type { Tier } from '../core/api/types';
import type { SettingsInput, SettingsView } from '../core/contract';
import { BUDGET_RULE, budgetText, parseBudget } from './budget';
import { ButtonGate } from './button-gate';
import { confirmStep, type ConfirmStep } from './confirm-step';
import { byId } from './dom';
import { ValidatedField } from './form-field';
import { server } from './server';
import { StatusLine } from './status-line';
import { UsageTable } from './usage-view';

const SAVE_LABEL = 'Save';
/** Said before the key goes: formulas here bill the owner's key, and schedules run with their creator's. */
export const REMOVE_KEY_QUESTION =
  'Remove your API key? Formulas in spreadsheets you own, and your runs and research jobs, stop fetching until you save a key again; your scheduled refreshes stop too.';

export class SettingsPanel {
  readonly usage = new UsageTable();
  private readonly status = new StatusLine(byId('settings-status'));
  private readonly key = byId<HTMLInputElement>('settings-key');
  private readonly budget = new ValidatedField(byId<HTMLInputElement>('settings-budget'));
  private readonly baseUrl = byId<HTMLInputElement>('settings-base-url');
  private readonly tier = byId<HTMLSelectElement>('settings-tier');
  private readonly save = new ButtonGate(byId<HTMLButtonElement>('settings-save'));
  private readonly removeKey = new ButtonGate(byId<HTMLButtonElement>('settings-remove-key'));
  private readonly removeConfirmArea = byId('settings-remove-confirm');
  private saved: SettingsView | undefined;
  private removal: ConfirmStep | undefined;

  constructor(private readonly onChange: (settings: SettingsView) => void) {
    byId<HTMLFormElement>('settings-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    this.removeKey.button.addEventListener('click', () => void this.confirmRemoval());
  }

  async load(): Promise<void> {
    // The fields wait for the saved values: a choice made before they arrive would be overwritten by them, and Save
    // would then say that nothing changed.
    this.setLoading(true);
    try {
      this.show(await server.getSettings());
    } catch (error) {
      byId('settings-key-state').textContent = 'Settings could not be read.';
      this.status.fail(error);
    } finally {
      this.setLoading(false);
    }
  }

  private setLoading(loading: boolean): void {
    for (const field of [this.key, this.budget.input, this.baseUrl, this.tier]) field.disabled = loading;
    this.save.hold('loading', loading);
  }

  private show(settings: SettingsView): void {
    this.saved = settings;
    const keyState = byId('settings-key-state');
    keyState.textContent = settings.keyHint !== null ? `Key set: ${settings.keyHint}` : 'No key set';
    keyState.dataset.hasKey = String(settings.hasKey);
    this.removeKey.button.hidden = !settings.hasKey || this.removal !== undefined;
    if (!settings.hasKey) this.removal?.dismiss();
    const warning = byId('settings-key-warning');
    warning.textContent = settings.warning ?? '';
    warning.hidden = settings.warning === undefined || settings.warning === '';
    this.baseUrl.value = settings.baseUrl;
    this.tier.value = settings.tier;
    this.budget.input.value = budgetText(settings.formulaDailyBudget);
    this.onChange(settings);
  }

  /** Asks in place of the button; the key goes only when the user confirms. */
  private async confirmRemoval(): Promise<void> {
    if (this.removal !== undefined) return;
    const step = confirmStep({
      question: REMOVE_KEY_QUESTION,
      confirmLabel: 'Remove key',
      keepLabel: 'Keep key',
      danger: true,
    });
    this.removal = step;
    this.removeKey.button.hidden = true;
    this.removeConfirmArea.replaceChildren(step.element);
    step.focus();
    const confirmed = await step.answer;
    this.removeConfirmArea.replaceChildren();
    this.removal = undefined;
    // The button stays hidden once the key is gone: the focus goes to where a new key goes.
    if (confirmed && (await this.store({ apiKey: '' }, 'Key removed.'))) return this.key.focus();
    this.removeKey.button.hidden = !(this.saved?.hasKey ?? false);
    if (!this.removeKey.button.hidden) this.removeKey.button.focus();
  }

  /** What the user changed; undefined when a value is refused (its field says why). */
  private changes(): SettingsInput | undefined {
    const input: SettingsInput = {};
    const budget = parseBudget(this.budget.value);
    if (budget === undefined) {
      this.budget.reject(BUDGET_RULE);
      return undefined;
    }
    const apiKey = this.key.value.trim();
    const baseUrl = this.baseUrl.value.trim();
    const tier = this.tier.value as Tier;
    if (apiKey !== '') input.apiKey = apiKey;
    if (baseUrl !== this.saved?.baseUrl) input.baseUrl = baseUrl;
    if (tier !== this.saved?.tier) input.tier = tier;
    if (budget !== (this.saved?.formulaDailyBudget ?? null)) input.formulaDailyBudget = budget;
    return input;
  }

  private submit(): void {
    const input = this.changes();
    if (input === undefined) return;
    if (Object.keys(input).length === 0) return this.status.say('Nothing changed.');
    void this.store(input, input.apiKey === undefined ? 'Settings saved.' : 'Key verified and saved.');
  }

  /** Resolves to whether the server took the change; its sentence is shown when it did not. */
  private async store(input: SettingsInput, successMessage: string): Promise<boolean> {
    this.setBusy(true);
    this.status.say('Saving…');
    try {
      const settings = await server.saveSettings(input);
      this.show(settings);
      this.key.value = '';
      // Spend is shown against the budget: a new one changes what is left.
      if (input.formulaDailyBudget !== undefined) void this.usage.load();
      if (settings.warning) this.status.say('Saved, with a warning about the key (above).', 'info');
      else this.status.say(successMessage, 'success');
      return true;
    } catch (error) {
      this.status.fail(error);
      return false;
    } finally {
      this.setBusy(false);
    }
  }

  private setBusy(busy: boolean): void {
    this.save.busy(busy ? 'Saving…' : null, SAVE_LABEL);
    this.removeKey.hold('busy', busy);
    byId('settings-form').setAttribute('aria-busy', String(busy));
  }
}
