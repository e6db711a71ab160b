// SEARCH_COMPANIES and SEARCH_PEOPLE: one query, one row per result. Every result costs a credit, so the limit
// defaults to 10 and the answer is cached for 6 hours under the query, limit and threshold.
import type { ApiClient } from '../api/client';
import type { ApiResult } from '../api/errors';
import {
  DEFAULT_ACCEPTANCE_THRESHOLD,
  DEFAULT_SEARCH_LIMIT,
  MAX_ACCEPTANCE_THRESHOLD,
  MAX_SEARCH_LIMIT,
} from '../api/limits';
import type { CellValue } from '../cells';
import type { RecordType, RecordTypes } from '../fields/catalog';
import { DEFAULT_COLUMNS, defaultCompanyColumns } from '../fields/defaults';
import { flattenRows, type FieldPath } from '../fields/flatten';
import { ResponseCache } from '../response-cache';
import { UserError } from '../user-error';
import { booleanArg, fieldsArg, integerArg, queryArg } from './args';
import { budgetReached, reserveCredits } from './budget';
import { formulaClient, deadlineOf, type FormulaContext } from './context';

interface SearchRequest {
  query: string;
  limit: number;
  acceptanceThreshold?: number;
}

interface SearchSpec<R extends RecordType> {
  formula: 'SEARCH_COMPANIES' | 'SEARCH_PEOPLE';
  recordType: R;
  operation: string;
  send(client: ApiClient, request: SearchRequest, deadline: number): ApiResult<{ results: RecordTypes[R][] }>;
  defaults(results: RecordTypes[R][]): readonly FieldPath<R>[];
  noResults: string;
  /** Fills in what the flattened rows cannot tell by themselves. */
  finish?(rows: CellValue[][], fields: readonly FieldPath<R>[], headers: boolean): CellValue[][];
}

const COMPANIES: SearchSpec<'company'> = {
  formula: 'SEARCH_COMPANIES',
  recordType: 'company',
  operation: 'companySearch',
  send: (client, request, deadline) => client.searchCompanies(request, { deadline }),
  defaults: defaultCompanyColumns,
  noResults: 'No companies matched; a lower acceptance_threshold returns more.',
  finish: markUnjudgedCriteria,
};

const PEOPLE: SearchSpec<'profileRecord'> = {
  formula: 'SEARCH_PEOPLE',
  recordType: 'profileRecord',
  operation: 'peopleSearch',
  send: (client, request, deadline) => client.searchPeople(request, { deadline }),
  defaults: () => DEFAULT_COLUMNS.SEARCH_PEOPLE,
  noResults: 'No people matched this query.',
};

export function searchCompanies(
  context: FormulaContext,
  query: unknown,
  limit: unknown,
  threshold: unknown,
  fields: unknown,
  headers: unknown,
): CellValue[][] {
  const acceptanceThreshold = integerArg(threshold, 'acceptance_threshold', 0, MAX_ACCEPTANCE_THRESHOLD);
  return runSearch(COMPANIES, context, query, limit, fields, headers, acceptanceThreshold);
}

export function searchPeople(
  context: FormulaContext,
  query: unknown,
  limit: unknown,
  fields: unknown,
  headers: unknown,
): CellValue[][] {
  return runSearch(PEOPLE, context, query, limit, fields, headers);
}

function runSearch<R extends RecordType>(
  spec: SearchSpec<R>,
  context: FormulaContext,
  queryValue: unknown,
  limitValue: unknown,
  fieldsValue: unknown,
  headersValue: unknown,
  acceptanceThreshold?: number,
): CellValue[][] {
  const request: SearchRequest = {
    query: queryArg(queryValue, spec.formula),
    limit: integerArg(limitValue, 'limit', 1, MAX_SEARCH_LIMIT) ?? DEFAULT_SEARCH_LIMIT,
    acceptanceThreshold,
  };
  const chosen = fieldsArg(fieldsValue, spec.recordType);
  const headers = booleanArg(headersValue, 'include_headers', true);
  const results = fetchResults(spec, context, request);
  if (results.length === 0 && !headers) return [[spec.noResults]];
  const fields = chosen ?? spec.defaults(results);
  const rows = flattenRows(results, fields, { headers });
  return spec.finish ? spec.finish(rows, fields, headers) : rows;
}

/** What a `criteria.<text>` cell shows when the service did not judge that criterion for the company. */
export const NOT_EVALUATED = 'NOT EVALUATED';

/**
 * The service judges the criteria it reads in the query; a criterion column asked for by name that it did not judge
 * says so, instead of a blank that looks like a missing answer.
 */
function markUnjudgedCriteria(
  rows: CellValue[][],
  fields: readonly FieldPath<'company'>[],
  headers: boolean,
): CellValue[][] {
  const criteria = fields.flatMap((field, column) => (field.name.startsWith('criteria.') ? [column] : []));
  if (criteria.length === 0) return rows;
  return rows.map((row, index) => {
    if (headers && index === 0) return row;
    const marked = row.slice();
    for (const column of criteria) if (marked[column] === '') marked[column] = NOT_EVALUATED;
    return marked;
  });
}

function fetchResults<R extends RecordType>(spec: SearchSpec<R>, context: FormulaContext, request: SearchRequest) {
  const client = formulaClient(context);
  const cache = new ResponseCache(context.cache, context.hash);
  // The service's default threshold is the same query as the threshold written out.
  const input = JSON.stringify([
    request.query.toLowerCase(),
    request.limit,
    request.acceptanceThreshold ?? DEFAULT_ACCEPTANCE_THRESHOLD,
  ]);
  const key = cache.keyOf({ baseUrl: context.settings.baseUrl, operation: spec.operation, input });
  const cached = cache.getMany([key]).get(key);
  if (cached !== undefined) return (JSON.parse(cached) as { results: RecordTypes[R][] }).results;
  // Every result may cost a credit: the whole limit must fit in what the owner's daily budget still allows.
  const reservation = reserveCredits(context, request.limit);
  if (reservation.creditBudget !== undefined && reservation.creditBudget < request.limit) {
    reservation.settle(0);
    throw new UserError(budgetReached(context));
  }
  const answer = spec.send(client, request, deadlineOf(context));
  reservation.settle(answer.ok ? answer.credits : 0);
  if (!answer.ok) throw new UserError(answer.error.message);
  cache.putMany(new Map([[key, JSON.stringify(answer.value)]]));
  return answer.value.results;
}
