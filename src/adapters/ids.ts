import type { NewId } from '../core/ports';

/** A fresh random (version 4) UUID from Apps Script. */
export const newUuid: NewId = () => Utilities.getUuid();
