// The custom functions over Apps Script: the owner's settings (Google gives custom functions the spreadsheet
// owner's user properties), the fetch engine's platform (fetchContext), and this document's ledger of formula
// spending.
import { fetchContext } from '../adapters/fetch-context';
import { systemClock } from '../adapters/runtime';
import type { CellValue } from '../core/cells';
import type { FormulaContext } from '../core/formulas/context';
import { enrichProfileLookup, findContactsLookup, runLookup, scrapeProfileLookup } from '../core/formulas/lookups';
import { searchCompanies, searchPeople } from '../core/formulas/searches';
import { currentSettings } from './settings';
import { formulaSpending } from './usage';

type Result = CellValue | CellValue[][];

function formulaContext(): FormulaContext {
  const settings = currentSettings();
  return {
    startedAt: systemClock.now(),
    spending: formulaSpending(settings.formulaDailyBudget),
    ...fetchContext(settings),
  };
}

export const scrapeProfile = (profileUrl: unknown, fields?: unknown, includeHeaders?: unknown): Result =>
  runLookup(scrapeProfileLookup, formulaContext(), profileUrl, fields, includeHeaders);

export const findContacts = (lookup: unknown, fields?: unknown, includeHeaders?: unknown): Result =>
  runLookup(findContactsLookup, formulaContext(), lookup, fields, includeHeaders);

export const enrichProfile = (profileUrl: unknown, fields?: unknown, includeHeaders?: unknown): Result =>
  runLookup(enrichProfileLookup, formulaContext(), profileUrl, fields, includeHeaders);

export const searchCompaniesFormula = (
  query: unknown,
  limit?: unknown,
  acceptanceThreshold?: unknown,
  fields?: unknown,
  includeHeaders?: unknown,
): Result => searchCompanies(formulaContext(), query, limit, acceptanceThreshold, fields, includeHeaders);

export const searchPeopleFormula = (
  query: unknown,
  limit?: unknown,
  fields?: unknown,
  includeHeaders?: unknown,
): Result => searchPeople(formulaContext(), query, limit, fields, includeHeaders);
