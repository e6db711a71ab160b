// What every formula gets from its context: its deadline, the owner's key (or the sentence saying the owner must set
// one), and a client for that key.
import { deadlineOf, formulaClient, FORMULA_TIME_LIMIT_MS, requireKey } from '../../../src/core/formulas/context';
import { UserError } from '../../../src/core/user-error';
import { API_KEY, BASE_URL, json } from '../api/fakes';
import { formulaSetup } from './fakes';

describe('deadlineOf', () => {
  it('ends before Sheets stops the custom function, 30 s after it started', () => {
    const { context } = formulaSetup(() => json(200, {}));
    const formula = context();
    const deadline = deadlineOf(formula);
    expect(deadline).toBeGreaterThan(formula.startedAt);
    expect(deadline).toBeLessThan(formula.startedAt + FORMULA_TIME_LIMIT_MS);
  });

  it('counts from when this execution began, not from now', () => {
    const { context } = formulaSetup(() => json(200, {}));
    const formula = context();
    expect(deadlineOf({ ...formula, startedAt: formula.startedAt - 10_000 })).toBe(deadlineOf(formula) - 10_000);
  });
});

describe('requireKey', () => {
  it('answers the owner’s key', () => {
    const { context } = formulaSetup(() => json(200, {}));
    expect(requireKey(context())).toBe(API_KEY);
  });

  it('tells whoever reads the cell that the owner must set a key', () => {
    const { context } = formulaSetup(() => json(200, {}), { apiKey: null });
    expect(() => requireKey(context())).toThrow(UserError);
    expect(() => requireKey(context())).toThrow(/^The spreadsheet's owner has no API key set/);
  });
});

describe('formulaClient', () => {
  it('calls the owner’s base URL with the owner’s key, over the context’s Http', () => {
    const { context, http } = formulaSetup(() => json(200, { results: [], total: 0, query: 'q' }));
    const client = formulaClient(context());
    expect(client.endpoint).toEqual({ baseUrl: BASE_URL, apiKey: API_KEY });
    client.searchCompanies({ query: 'q', limit: 1 });
    expect(http.requests).toEqual([
      expect.objectContaining({
        url: expect.stringMatching(new RegExp(`^${BASE_URL}/`)),
        headers: expect.objectContaining({ Authorization: `Bearer ${API_KEY}` }),
      }),
    ]);
  });

  it('is not built without a key, so nothing can be sent', () => {
    const { context, http } = formulaSetup(() => json(200, {}), { apiKey: null });
    expect(() => formulaClient(context())).toThrow(UserError);
    expect(http.requests).toHaveLength(0);
  });
});
