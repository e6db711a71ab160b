import type { KeyValue } from '../core/ports';

type Properties = GoogleAppsScript.Properties.Properties;

/** A property store, asked of PropertiesService when first used (a store never read costs no call). */
export function propertiesStore(open: () => Properties): KeyValue {
  let properties: Properties | null = null;
  const store = () => (properties ??= open());
  return {
    get: (key) => store().getProperty(key),
    set: (key, value) => void store().setProperty(key, value),
    delete: (key) => void store().deleteProperty(key),
    getAll: () => store().getProperties(),
  };
}

/** The current user's own properties (in a custom function: the spreadsheet owner's, read-only). */
export const userStore = (): KeyValue => propertiesStore(() => PropertiesService.getUserProperties());

/** Shared with every editor of this document: never put secrets here. */
export const documentStore = (): KeyValue => propertiesStore(() => PropertiesService.getDocumentProperties());
