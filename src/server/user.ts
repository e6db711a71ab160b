// The current user's opaque id (src/core/user-id.ts) in their own properties, created under their lock.
import { newUuid } from '../adapters/ids';
import { userStore } from '../adapters/properties';
import { userLock } from '../adapters/runtime';
import * as userId from '../core/user-id';
import type { KeyValue } from '../core/ports';

/** The current user's id, created on first use. `seen`: their properties, when the caller has read them already. */
export const currentUserId = (seen?: KeyValue): string =>
  userId.currentUserId({ store: userStore(), lock: userLock(), newId: newUuid }, seen);

/** The current user's id, or null for a user who never started anything (nothing is created). */
export const knownUserId = (store: KeyValue = userStore()): string | null => userId.knownUserId(store);
