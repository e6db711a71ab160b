// The three things a run can ask of each input row, each the matching formula's own pieces (../formulas/lookups):
// the same normalisation and fetch spec (so a run and a formula share cache entries and one entity is fetched
// once), the same record type and field names, and the same default columns.
import type { ContactLookupResponse } from '../api/types';
import { ENRICH_OPERATIONS, type EnrichOperation } from '../contract';
import type { RecordType, RecordTypes } from '../fields/catalog';
import { contactView } from '../fields/contacts';
import type { FieldPath } from '../fields/flatten';
import type { FetchSpec } from '../fetch/engine';
import { enrichProfileLookup, findContactsLookup, scrapeProfileLookup } from '../formulas/lookups';
import type { InputResult } from '../input';
import { listed } from '../text';

/** How a run serves one operation of ENRICH_OPERATIONS (../contract). */
export interface OperationSpec<R extends RecordType = RecordType> {
  recordType: R;
  /** The fetch engine's spec that serves it, as it serves the formula. */
  fetch: FetchSpec<RecordTypes[R]>;
  /** The matching formula's default columns; a function, so a set is built only when a run needs it. */
  defaults(): readonly FieldPath<R>[];
  /** The normalized input, exactly as the matching formula normalizes it (same cache entry, same dedup). */
  normalize(cell: unknown): InputResult<string>;
  /** False for an answer that holds nothing: a contact lookup that found no contact and no link. */
  found(answer: RecordTypes[R]): boolean;
}

/** A run serves an operation exactly as its formula does; `found` says which answers hold something. */
function servedAs<R extends RecordType>(
  lookup: Pick<OperationSpec<R>, 'recordType' | 'fetch' | 'defaults' | 'normalize'>,
  found: OperationSpec<R>['found'] = () => true,
): OperationSpec<R> {
  const { recordType, fetch, defaults, normalize } = lookup;
  return { recordType, fetch, defaults, normalize, found };
}

const scrape = servedAs(scrapeProfileLookup);
const profileRecord = servedAs(enrichProfileLookup);
// The in-body error ("no profile found") and an empty answer both mean nothing was found.
const contacts = servedAs(findContactsLookup, (answer: ContactLookupResponse) => {
  const view = contactView(answer);
  return !view.error && (view.contacts.length > 0 || view.social.length > 0);
});

// Widened once here: callers handle answers of any record type alike, each spec reading only its own.
export const OPERATIONS: { readonly [O in EnrichOperation]: OperationSpec } = {
  scrape: scrape as unknown as OperationSpec,
  profile: profileRecord as unknown as OperationSpec,
  contacts: contacts as unknown as OperationSpec,
};

/** The message for a request that names no operation of ENRICH_OPERATIONS. */
export const CHOOSE_OPERATION = `Choose what to fetch: ${listed(Object.keys(ENRICH_OPERATIONS), 'or')}.`;

export function isOperation(value: unknown): value is EnrichOperation {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ENRICH_OPERATIONS, value);
}
