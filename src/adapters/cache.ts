import type { Cache } from '../core/ports';

/** The document cache: shared by the people of one spreadsheet. The script cache is shared by every customer. */
export function documentCache(): Cache {
  const cache = CacheService.getDocumentCache();
  if (cache === null) throw new Error('sheet-enrich must run inside a spreadsheet.');
  return {
    getAll: (keys) => cache.getAll(keys),
    putAll: (values, ttlSeconds) => cache.putAll(values, ttlSeconds),
    remove: (key) => cache.remove(key),
  };
}
