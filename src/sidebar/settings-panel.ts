// The settings panel. The key is write-only: the field is never filled, only the server's hint is shown, and the
// key is sent only when the user typed one.
import type { SettingsInput, SettingsView } from '../core/contract';
import type { Tier } from '../core/api/types';
import { byId, errorMessage, showStatus } from './dom';
import { server } from './server';

export interface SettingsPanel {
  load(): Promise<void>;
}

export function mountSettingsPanel(options: { onChange(settings: SettingsView): void }): SettingsPanel {
  const form = byId<HTMLFormElement>('settings-form');
  const keyInput = byId<HTMLInputElement>('settings-key');
  const keyState = byId<HTMLElement>('settings-key-state');
  const removeKeyButton = byId<HTMLButtonElement>('settings-remove-key');
  const baseUrlInput = byId<HTMLInputElement>('settings-base-url');
  const tierSelect = byId<HTMLSelectElement>('settings-tier');
  const saveButton = byId<HTMLButtonElement>('settings-save');
  const status = byId<HTMLElement>('settings-status');

  // What the server holds, so Save sends only what the user changed (an untouched default stays a default).
  let saved: SettingsView | undefined;

  function show(settings: SettingsView): void {
    saved = settings;
    keyState.textContent = settings.keyHint !== null ? `Key set: ${settings.keyHint}` : 'No key set';
    keyState.dataset.hasKey = String(settings.hasKey);
    removeKeyButton.hidden = !settings.hasKey;
    baseUrlInput.value = settings.baseUrl;
    tierSelect.value = settings.tier;
    options.onChange(settings);
  }

  function changes(): SettingsInput {
    const input: SettingsInput = {};
    const apiKey = keyInput.value.trim();
    const baseUrl = baseUrlInput.value.trim();
    const tier = tierSelect.value as Tier;
    if (apiKey !== '') input.apiKey = apiKey;
    if (baseUrl !== saved?.baseUrl) input.baseUrl = baseUrl;
    if (tier !== saved?.tier) input.tier = tier;
    return input;
  }

  /** Resolves to whether the server took the change; its error message is shown next to the form. */
  async function save(input: SettingsInput, successMessage: string): Promise<boolean> {
    setFormBusy(true);
    showStatus(status, 'Saving…');
    try {
      show(await server.saveSettings(input));
      keyInput.value = '';
      showStatus(status, successMessage, 'success');
      return true;
    } catch (error) {
      showStatus(status, errorMessage(error), 'error');
      return false;
    } finally {
      setFormBusy(false);
    }
  }

  function setFormBusy(busy: boolean): void {
    saveButton.disabled = busy;
    removeKeyButton.disabled = busy;
    form.setAttribute('aria-busy', String(busy));
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const input = changes();
    if (Object.keys(input).length === 0) return showStatus(status, 'Nothing changed.');
    void save(input, 'Settings saved.');
  });

  removeKeyButton.addEventListener('click', async () => {
    // The button hides itself once the key is gone: move the focus to where a new key goes.
    if (await save({ apiKey: '' }, 'Key removed.')) keyInput.focus();
  });

  return {
    async load() {
      try {
        show(await server.getSettings());
      } catch (error) {
        keyState.textContent = 'Settings could not be read.';
        showStatus(status, errorMessage(error), 'error');
      }
    },
  };
}
