import type { KeyValue } from '../core/ports';

export function propertiesStore(properties: GoogleAppsScript.Properties.Properties): KeyValue {
  return {
    get: (key) => properties.getProperty(key),
    set: (key, value) => void properties.setProperty(key, value),
    delete: (key) => void properties.deleteProperty(key),
    getAll: () => properties.getProperties(),
  };
}

/** The current user's own properties (in a custom function: the spreadsheet owner's, read-only). */
export const userStore = (): KeyValue => propertiesStore(PropertiesService.getUserProperties());

/** Shared with every editor of this document: never put secrets here. */
export const documentStore = (): KeyValue => propertiesStore(PropertiesService.getDocumentProperties());
