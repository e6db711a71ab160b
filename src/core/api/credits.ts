// What each operation costs (docs/api.md "Credits"). The API documents scrape, company search, contact lookup and
// job status; the costs of cancelResearch, startResearch, peopleSearch and profileRecord are our reading.
import type { OperationName } from './errors';

export interface CreditCost {
  perRequest: number;
  perResult: number;
}

export const CREDIT_COSTS: Readonly<Record<OperationName, CreditCost>> = {
  // Charged whatever the answer: also for an in-body contact error or an empty contact result.
  scrape: { perRequest: 2, perResult: 0 },
  contacts: { perRequest: 1, perResult: 0 },
  companySearch: { perRequest: 0, perResult: 1 },
  jobStatus: { perRequest: 0, perResult: 0 },
  cancelResearch: { perRequest: 0, perResult: 0 },
  startResearch: { perRequest: 0, perResult: 0 },
  peopleSearch: { perRequest: 0, perResult: 1 },
  profileRecord: { perRequest: 1, perResult: 0 },
};

/** Credits a successful call used, given how many results it returned. */
export function creditsUsed(operation: OperationName, resultCount: number): number {
  const cost = CREDIT_COSTS[operation];
  return cost.perRequest + cost.perResult * resultCount;
}
