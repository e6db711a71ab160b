// The property stores. On Google every read is a round trip, and one execution (a sidebar call, a trigger, a
// formula) asks a store for its entries many times: each store is read whole once per execution and kept, writes
// going to the store and the copy. Another execution may write meanwhile, so a store's copy is dropped whenever
// this one takes the lock that guards it (src/adapters/runtime.ts): what an execution reads under a lock is fresh.
import type { KeyValue } from '../core/ports';
import { perExecution } from './execution';

type Properties = GoogleAppsScript.Properties.Properties;
export type StoreKind = 'user' | 'document';

const opened = perExecution((): Partial<Record<StoreKind, Properties>> => ({}));
const copies = perExecution((): Partial<Record<StoreKind, Record<string, string>>> => ({}));

/** Drops the copy of a store: its next read asks the service again. */
export function forgetPropertyCopy(kind: StoreKind): void {
  delete copies()[kind];
}

/** A property store, asked of PropertiesService when first used (a store never read costs no call). */
function propertiesStore(kind: StoreKind, open: () => Properties): KeyValue {
  const store = () => (opened()[kind] ??= open());
  const entries = () => (copies()[kind] ??= { ...store().getProperties() });
  return {
    get: (key) => (Object.prototype.hasOwnProperty.call(entries(), key) ? entries()[key] : null),
    set(key, value) {
      store().setProperty(key, value);
      const copy = copies()[kind];
      if (copy !== undefined) copy[key] = value;
    },
    delete(key) {
      store().deleteProperty(key);
      delete copies()[kind]?.[key];
    },
    getAll: () => ({ ...entries() }),
  };
}

/** The current user's own properties (in a custom function: the spreadsheet owner's, read-only). */
export const userStore = (): KeyValue => propertiesStore('user', () => PropertiesService.getUserProperties());

/** Shared with every editor of this document: never put secrets here. */
export const documentStore = (): KeyValue =>
  propertiesStore('document', () => PropertiesService.getDocumentProperties());
