// Test helpers: an environment, and its services typed as the real Apps Script ones (the fakes implement a subset;
// a member they lack fails loudly at runtime).
import { createGasEnvironment, type GasEnvironment, type GasEnvironmentOptions } from '../../dev/gas-fakes';

export const OWNER = 'owner@example.com';
export const EDITOR = 'editor@example.com';

export function newEnv(options: Partial<GasEnvironmentOptions> = {}): GasEnvironment {
  return createGasEnvironment({ owner: OWNER, ...options });
}

export interface Gas {
  SpreadsheetApp: GoogleAppsScript.Spreadsheet.SpreadsheetApp;
  PropertiesService: GoogleAppsScript.Properties.PropertiesService;
  CacheService: GoogleAppsScript.Cache.CacheService;
  UrlFetchApp: GoogleAppsScript.URL_Fetch.UrlFetchApp;
  ScriptApp: GoogleAppsScript.Script.ScriptApp;
  LockService: GoogleAppsScript.Lock.LockService;
  HtmlService: GoogleAppsScript.HTML.HtmlService;
  Session: GoogleAppsScript.Base.Session;
  Utilities: GoogleAppsScript.Utilities.Utilities;
  Logger: GoogleAppsScript.Base.Logger;
  console: Console;
}

export function gas(env: GasEnvironment): Gas {
  return env.globals as unknown as Gas;
}

/** Runs fn as a menu execution of the owner (full access), passing the services. */
export function asOwner<T>(env: GasEnvironment, fn: (g: Gas) => T): T {
  return env.run('menu', OWNER, () => fn(gas(env)));
}
