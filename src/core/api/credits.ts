// What each operation costs. The spec's table gives scrape, company search, contact lookup and job status; the
// other costs are our reading of a spec that is silent, marked so the UI can say "about".
import type { OperationName } from './errors';
import { DEFAULT_SEARCH_LIMIT } from './limits';

export interface CreditCost {
  perRequest: number;
  perResult: number;
  /** 'spec' when the API spec states the cost; 'our reading' when it is silent. */
  basis: 'spec' | 'our reading';
}

export const CREDIT_COSTS: Readonly<Record<OperationName, CreditCost>> = {
  // Charged whatever the answer: also for an in-body contact error or an empty contact result.
  scrape: { perRequest: 2, perResult: 0, basis: 'spec' },
  contacts: { perRequest: 1, perResult: 0, basis: 'spec' },
  companySearch: { perRequest: 0, perResult: 1, basis: 'spec' },
  jobStatus: { perRequest: 0, perResult: 0, basis: 'spec' },
  cancelResearch: { perRequest: 0, perResult: 0, basis: 'our reading' },
  startResearch: { perRequest: 0, perResult: 0, basis: 'our reading' },
  peopleSearch: { perRequest: 0, perResult: 1, basis: 'our reading' },
  profileRecord: { perRequest: 1, perResult: 0, basis: 'our reading' },
};

/** Credits a successful call used, given how many results it returned. */
export function creditsUsed(operation: OperationName, resultCount: number): number {
  const cost = CREDIT_COSTS[operation];
  return cost.perRequest + cost.perResult * resultCount;
}

export interface CreditEstimateParams {
  /** How many such calls (default 1). */
  requests?: number;
  /** For the searches: the limit asked for (default DEFAULT_SEARCH_LIMIT); the most results a call can return. */
  limit?: number;
}

/** The most a number of calls can cost, for showing before spending. */
export function estimateCredits(operation: OperationName, params: CreditEstimateParams = {}): number {
  const { requests = 1, limit = DEFAULT_SEARCH_LIMIT } = params;
  return requests * creditsUsed(operation, limit);
}
