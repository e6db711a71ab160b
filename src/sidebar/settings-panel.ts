// The settings panel. The key is write-only: the field is never filled, only the server's hint is shown, and the
// key is sent only when the user typed one (the server verifies it before storing it). Save sends only what changed,
// so an untouched default stays a default.
import type { Tier } from '../core/api/types';
import type { SettingsInput, SettingsView } from '../core/contract';
import { BUDGET_RULE, budgetText, parseBudget } from './budget';
import { ButtonGate } from './button-gate';
import { byId } from './dom';
import { ValidatedField } from './form-field';
import { server } from './server';
import { StatusLine } from './status-line';
import { UsageTable } from './usage-view';

const SAVE_LABEL = 'Save';

export class SettingsPanel {
  readonly usage = new UsageTable();
  private readonly status = new StatusLine(byId('settings-status'));
  private readonly key = byId<HTMLInputElement>('settings-key');
  private readonly budget = new ValidatedField(byId<HTMLInputElement>('settings-budget'));
  private readonly baseUrl = byId<HTMLInputElement>('settings-base-url');
  private readonly tier = byId<HTMLSelectElement>('settings-tier');
  private readonly save = new ButtonGate(byId<HTMLButtonElement>('settings-save'));
  private readonly removeKey = new ButtonGate(byId<HTMLButtonElement>('settings-remove-key'));
  private saved: SettingsView | undefined;

  constructor(private readonly onChange: (settings: SettingsView) => void) {
    byId<HTMLFormElement>('settings-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit();
    });
    this.removeKey.button.addEventListener('click', async () => {
      // The button hides itself once the key is gone: move the focus to where a new key goes.
      if (await this.store({ apiKey: '' }, 'Key removed.')) this.key.focus();
    });
  }

  async load(): Promise<void> {
    try {
      this.show(await server.getSettings());
    } catch (error) {
      byId('settings-key-state').textContent = 'Settings could not be read.';
      this.status.fail(error);
    }
  }

  private show(settings: SettingsView): void {
    this.saved = settings;
    const keyState = byId('settings-key-state');
    keyState.textContent = settings.keyHint !== null ? `Key set: ${settings.keyHint}` : 'No key set';
    keyState.dataset.hasKey = String(settings.hasKey);
    this.removeKey.button.hidden = !settings.hasKey;
    const warning = byId('settings-key-warning');
    warning.textContent = settings.warning ?? '';
    warning.hidden = settings.warning === undefined || settings.warning === '';
    this.baseUrl.value = settings.baseUrl;
    this.tier.value = settings.tier;
    this.budget.input.value = budgetText(settings.formulaDailyBudget);
    this.onChange(settings);
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
