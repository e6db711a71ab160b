import { ENRICH_OPERATIONS, type EnrichOperation } from '../../../src/core/contract';
import { CHOOSE_OPERATION, isOperation, OPERATIONS } from '../../../src/core/enrichment/operations';
import { enrichProfileLookup, findContactsLookup, scrapeProfileLookup } from '../../../src/core/formulas/lookups';

const ids = Object.keys(ENRICH_OPERATIONS) as EnrichOperation[];

test('every operation of the contract is served, and nothing else', () => {
  expect(Object.keys(OPERATIONS).sort()).toEqual([...ids].sort());
});

test('a run charges per row what the sidebar shows for the operation', () => {
  for (const id of ids) expect(OPERATIONS[id].fetch.creditsPerFetch).toBe(ENRICH_OPERATIONS[id].creditsEach);
});

test('a run serves each operation exactly as its formula: same fetch spec, record type and normalisation', () => {
  const formulaOf = { scrape: scrapeProfileLookup, profile: enrichProfileLookup, contacts: findContactsLookup };
  for (const id of ids) {
    const [spec, lookup] = [OPERATIONS[id], formulaOf[id]];
    expect(spec.fetch).toBe(lookup.fetch);
    expect(spec.recordType).toBe(lookup.recordType);
    expect(spec.normalize('https://www.example.com/in/ana-lopez/')).toEqual(
      lookup.normalize('https://www.example.com/in/ana-lopez/'),
    );
    expect(spec.defaults()).toEqual(lookup.defaults());
  }
});

test('every scrape and profile answer counts as found', () => {
  expect(OPERATIONS.scrape.found({} as never)).toBe(true);
  expect(OPERATIONS.profile.found({} as never)).toBe(true);
});

test('a contact lookup is found only with a contact or a link, and never with its in-body error', () => {
  const found = (answer: unknown) => OPERATIONS.contacts.found(answer as never);
  const email = { type: 'email', value: 'ana@example.com' };
  const link = { type: 'social1', link: 'https://www.example.com/in/ana-lopez' };
  expect(found({ data: [{ contacts: [email], social: [] }] })).toBe(true);
  expect(found({ data: [{ contacts: [], social: [link] }] })).toBe(true);
  expect(found({ data: [{ contacts: [], social: [] }] })).toBe(false);
  expect(found({ data: [{ error: true, message: 'No profile found' }] })).toBe(false);
});

test('isOperation takes the contract ids only, never inherited names', () => {
  for (const id of ids) expect(isOperation(id)).toBe(true);
  for (const other of ['toString', 'Scrape', '', null, 1, undefined]) expect(isOperation(other)).toBe(false);
});

test('the refusal for an unknown operation names every operation', () => {
  for (const id of ids) expect(CHOOSE_OPERATION).toContain(id);
  expect(CHOOSE_OPERATION).toMatch(/^Choose what to fetch: .+\.$/);
});
