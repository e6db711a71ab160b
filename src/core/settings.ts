// Settings (SECURITY.md): validated as a whole, then stored in the user's own properties. The key is write-only:
// nothing here returns it, and no message quotes it.
import type { ApiClient } from './api/client';
import type { Tier } from './api/types';
import type { KeyValue } from './ports';
import { listed } from './text';
import { UserError } from './user-error';
import { MAX_FORMULA_DAILY_BUDGET, type SettingsInput, type SettingsView } from './contract';

export const SETTING_KEYS = {
  apiKey: 'API_KEY',
  baseUrl: 'API_BASE_URL',
  tier: 'API_TIER',
  formulaDailyBudget: 'FORMULA_DAILY_BUDGET',
} as const;

export const TIERS: readonly Tier[] = ['free', '1', '2', '3'];
const DEFAULT_TIER: Tier = 'free';

export interface Settings {
  apiKey: string | null;
  baseUrl: string;
  tier: Tier;
  /** Credits this user's documents' formulas may spend per day (UTC); null: no limit. */
  formulaDailyBudget: number | null;
}

/** One read of the store: every formula execution reads the settings. */
export function readSettings(store: KeyValue, defaultBaseUrl: string): Settings {
  const stored = store.getAll();
  const tier = stored[SETTING_KEYS.tier];
  return {
    apiKey: stored[SETTING_KEYS.apiKey] || null,
    baseUrl: stored[SETTING_KEYS.baseUrl] || defaultBaseUrl,
    tier: isTier(tier) ? tier : DEFAULT_TIER,
    formulaDailyBudget: storedBudget(stored[SETTING_KEYS.formulaDailyBudget]),
  };
}

/** A damaged stored budget means no limit rather than a formula error on every cell. */
function storedBudget(text: string | undefined): number | null {
  const budget = text === undefined ? NaN : Number(text);
  return Number.isSafeInteger(budget) && budget >= 0 && budget <= MAX_FORMULA_DAILY_BUDGET ? budget : null;
}

export function settingsView(settings: Settings): SettingsView {
  return {
    hasKey: settings.apiKey !== null,
    keyHint: settings.apiKey === null ? null : keyHint(settings.apiKey),
    baseUrl: settings.baseUrl,
    tier: settings.tier,
    formulaDailyBudget: settings.formulaDailyBudget,
  };
}

/** Shows enough of a key to recognise it: "lk_…9f2c". */
export function keyHint(apiKey: string): string {
  return `lk_…${apiKey.slice(-4)}`;
}

/**
 * Asks the service whether it accepts a new key (apiKey and the base URL it will be used with), by a request that
 * costs nothing: null when it does; a warning to show with the saved settings when it could not tell; throws
 * UserError when it refused the key.
 */
export type KeyCheck = (apiKey: string, baseUrl: string) => string | null;

/**
 * Validates every given value before storing any, so a bad value leaves all settings as they were; a new key is
 * checked with the service before it is stored. An empty apiKey removes the key; an empty baseUrl returns to the
 * build-time default.
 */
export function storeSettings(
  store: KeyValue,
  input: unknown,
  defaultBaseUrl: string,
  checkKey: KeyCheck,
): SettingsView {
  const changes = validateSettingsInput(input);
  const current = readSettings(store, defaultBaseUrl);
  const baseUrl = changes.baseUrl === undefined ? current.baseUrl : (changes.baseUrl ?? defaultBaseUrl);
  const newKey = typeof changes.apiKey === 'string' && changes.apiKey !== current.apiKey ? changes.apiKey : null;
  const warning = newKey === null ? null : checkKey(newKey, baseUrl);
  for (const [name, value] of Object.entries(changes) as Array<[keyof SettingsInput, string | null]>) {
    if (value === null) store.delete(SETTING_KEYS[name]);
    else store.set(SETTING_KEYS[name], value);
  }
  const view = settingsView(readSettings(store, defaultBaseUrl));
  return warning === null ? view : { ...view, warning };
}

/** A job id no job has: reading its status is free, and the answer says whether the service accepts the key. */
export const KEY_CHECK_JOB_ID = 'sheet-enrich-key-check';

/** A KeyCheck over the API: 401 refuses the key; 404 (no such job) or any answer past the key check accepts it. */
export function checkKeyWithService(client: ApiClient, deadline: number): string | null {
  const answer = client.getResearchJob(KEY_CHECK_JOB_ID, undefined, { deadline });
  if (answer.ok) return null;
  const { kind, message } = answer.error;
  if (kind === 'unauthorized') {
    throw new UserError(
      'The service rejected this API key (401), so it was not saved; check that you copied the whole key.',
    );
  }
  if (kind === 'not_found' || kind === 'forbidden' || kind === 'no_credits') return null;
  return `The key was saved but could not be checked: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
}

type SettingChanges = Partial<Record<keyof SettingsInput, string | null>>;

function validateSettingsInput(input: unknown): SettingChanges {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new UserError('Settings must be given as an object such as {apiKey, baseUrl, tier}.');
  }
  // Own names only: `constructor` or `toString` must not pass for a setting.
  const unknownName = Object.keys(input).find((name) => !Object.prototype.hasOwnProperty.call(SETTING_KEYS, name));
  if (unknownName !== undefined) {
    throw new UserError(
      `"${unknownName.slice(0, 40)}" is not a setting; the settings are apiKey, baseUrl, tier and formulaDailyBudget.`,
    );
  }
  const { apiKey, baseUrl, tier, formulaDailyBudget } = input as Record<string, unknown>;
  const changes: SettingChanges = {};
  if (apiKey !== undefined) changes.apiKey = validateApiKey(apiKey);
  if (baseUrl !== undefined) changes.baseUrl = validateBaseUrl(baseUrl);
  if (tier !== undefined) changes.tier = validateTier(tier);
  if (formulaDailyBudget !== undefined) changes.formulaDailyBudget = validateBudget(formulaDailyBudget);
  return changes;
}

function validateApiKey(value: unknown): string | null {
  if (typeof value !== 'string') throw new UserError('The API key must be text.');
  const key = value.trim();
  if (key === '') return null;
  // Never quote the value: a near-miss key is still a secret.
  if (!/^lk_[A-Za-z0-9_-]{8,200}$/.test(key)) {
    throw new UserError('An API key starts with "lk_" followed by letters, digits, "-" or "_", with no spaces.');
  }
  return key;
}

const HTTPS_BASE_URL =
  /^https:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+(:\d{1,5})?(\/[A-Za-z0-9._~/-]*)?$/i;
const LOCAL_BASE_URL = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?(\/[A-Za-z0-9._~/-]*)?$/i;

function validateBaseUrl(value: unknown): string | null {
  if (typeof value !== 'string') throw new UserError('The base URL must be text.');
  const url = value.trim().replace(/\/+$/, '');
  if (url === '') return null;
  if (!HTTPS_BASE_URL.test(url) && !LOCAL_BASE_URL.test(url)) {
    throw new UserError(
      'The base URL must start with https:// (or http://localhost or http://127.0.0.1 for development) and hold no query or credentials.',
    );
  }
  return url;
}

function validateTier(value: unknown): string {
  const tier = typeof value === 'number' ? String(value) : value;
  if (!isTier(tier)) throw new UserError(`The scrape tier must be ${listed(TIERS, 'or')}.`);
  return tier;
}

function validateBudget(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_FORMULA_DAILY_BUDGET) {
    throw new UserError(
      `The daily formula budget must be a whole number of credits from 0 to ${MAX_FORMULA_DAILY_BUDGET.toLocaleString('en-US')}.`,
    );
  }
  return String(value);
}

function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}
