// What each operation costs: the documented table, and the credits a successful call used.
import { CREDIT_COSTS, creditsUsed } from '../../../src/core/api/credits';

describe('credit costs', () => {
  it('follows the credit table of docs/api.md and README "Costs in credits", for every operation', () => {
    expect(CREDIT_COSTS).toEqual({
      scrape: { perRequest: 2, perResult: 0 },
      contacts: { perRequest: 1, perResult: 0 },
      companySearch: { perRequest: 0, perResult: 1 },
      peopleSearch: { perRequest: 0, perResult: 1 },
      profileRecord: { perRequest: 1, perResult: 0 },
      startResearch: { perRequest: 0, perResult: 0 },
      jobStatus: { perRequest: 0, perResult: 0 },
      cancelResearch: { perRequest: 0, perResult: 0 },
    });
  });
});

describe('creditsUsed', () => {
  it('charges a per-request operation the same however many results it returned', () => {
    expect(creditsUsed('scrape', 0)).toBe(2);
    expect(creditsUsed('scrape', 7)).toBe(2);
    expect(creditsUsed('contacts', 0)).toBe(1);
    expect(creditsUsed('contacts', 3)).toBe(1);
  });

  it('charges a search one credit per result, and nothing for no result', () => {
    expect(creditsUsed('companySearch', 0)).toBe(0);
    expect(creditsUsed('companySearch', 25)).toBe(25);
    expect(creditsUsed('peopleSearch', 100)).toBe(100);
  });

  it('charges nothing for research jobs, whatever they found', () => {
    for (const operation of ['startResearch', 'jobStatus', 'cancelResearch'] as const) {
      expect(creditsUsed(operation, 40)).toBe(0);
    }
  });
});
