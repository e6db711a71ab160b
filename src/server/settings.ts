import { ApiClient } from '../core/api/client';
import { checkKeyWithService, readSettings, storeSettings, settingsView, type Settings } from '../core/settings';
import { userStore } from '../adapters/properties';
import { urlFetchHttp } from '../adapters/http';
import { systemClock } from '../adapters/runtime';
import { DEFAULT_BASE_URL } from './config';
import type { SettingsInput, SettingsView } from '../core/contract';
import { currentUserId } from './user';

/** The user waits on the Save button: one retry, and an answer within this time. */
const KEY_CHECK_MS = 20_000;

/** The settings of whoever runs this execution (the owner's, read-only, inside a custom function). */
export function currentSettings(): Settings {
  return readSettings(userStore(), DEFAULT_BASE_URL);
}

export function getSettings(): SettingsView {
  return settingsView(currentSettings());
}

/**
 * Stores the current user's settings; a new key is checked with the service first (see checkKeyWithService). The
 * user gets their id here if they had none: formulas cannot create it (the owner's properties are read-only there),
 * and with it they name the owner whose budget they spend under (see usageOf).
 */
export function saveSettings(settings: SettingsInput): SettingsView {
  const view = store(settings);
  currentUserId();
  return view;
}

function store(settings: SettingsInput): SettingsView {
  return storeSettings(userStore(), settings, DEFAULT_BASE_URL, (apiKey, baseUrl) =>
    checkKeyWithService(keyCheckClient(apiKey, baseUrl), systemClock.now() + KEY_CHECK_MS),
  );
}

/** A client for checking a key while the user waits: one retry. */
export function keyCheckClient(apiKey: string, baseUrl: string): ApiClient {
  return new ApiClient({ http: urlFetchHttp, clock: systemClock, apiKey, baseUrl, retry: { maxAttempts: 2 } });
}
