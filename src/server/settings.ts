import { readSettings, saveSettings as storeSettings, settingsView, type Settings } from '../core/settings';
import { userStore } from '../adapters/properties';
import { DEFAULT_BASE_URL } from './config';
import type { SettingsInput, SettingsView } from '../core/contract';

/** The settings of whoever runs this execution (the owner's, read-only, inside a custom function). */
export function currentSettings(): Settings {
  return readSettings(userStore(), DEFAULT_BASE_URL);
}

export function getSettings(): SettingsView {
  return settingsView(currentSettings());
}

export function saveSettings(settings: SettingsInput): SettingsView {
  return storeSettings(userStore(), settings, DEFAULT_BASE_URL);
}
