import type { NewId } from '../core/ports';

/** A fresh random (version 4) UUID from Apps Script. */
export const newUuid: NewId = () => Utilities.getUuid();

/**
 * A random id of 20 base-36 characters (about 100 bits) made in the script, with no round trip to Utilities: for keys
 * that need only be unique, such as a formula's own ledger entry.
 */
export const localId: NewId = () =>
  Array.from({ length: 20 }, () => Math.floor(Math.random() * 36).toString(36)).join('');
