// The custom functions over Apps Script: the owner's settings (Google gives custom functions the spreadsheet
// owner's user properties), UrlFetchApp, the document cache.
import { documentCache } from '../adapters/cache';
import { urlFetchHttp } from '../adapters/http';
import { sha256Hex, systemClock } from '../adapters/runtime';
import type { CellValue } from '../core/cells';
import type { FormulaContext } from '../core/formulas/context';
import { ENRICH_PROFILE, FIND_CONTACTS, runLookup, SCRAPE_PROFILE } from '../core/formulas/lookups';
import { searchCompanies, searchPeople } from '../core/formulas/searches';
import { currentSettings } from './settings';

type Result = CellValue | CellValue[][];

function formulaContext(): FormulaContext {
  return {
    startedAt: systemClock.now(),
    settings: currentSettings(),
    http: urlFetchHttp,
    clock: systemClock,
    cache: documentCache(),
    hash: sha256Hex,
  };
}

export const scrapeProfile = (profileUrl: unknown, fields?: unknown, includeHeaders?: unknown): Result =>
  runLookup(SCRAPE_PROFILE, formulaContext(), profileUrl, fields, includeHeaders);

export const findContacts = (lookup: unknown, fields?: unknown, includeHeaders?: unknown): Result =>
  runLookup(FIND_CONTACTS, formulaContext(), lookup, fields, includeHeaders);

export const enrichProfile = (profileUrl: unknown, fields?: unknown, includeHeaders?: unknown): Result =>
  runLookup(ENRICH_PROFILE, formulaContext(), profileUrl, fields, includeHeaders);

export const searchCompaniesFormula = (
  query: unknown,
  limit?: unknown,
  acceptanceThreshold?: unknown,
  fields?: unknown,
  includeHeaders?: unknown,
): Result => searchCompanies(formulaContext(), query, limit, acceptanceThreshold, fields, includeHeaders);

export const searchPeopleFormula = (query: unknown, limit?: unknown, fields?: unknown, includeHeaders?: unknown): Result =>
  searchPeople(formulaContext(), query, limit, fields, includeHeaders);
