// Who runs this execution, as an opaque id of theirs: it marks the work they started, which their trigger continues
// with their key. Session's user e-mail would need another OAuth scope and may be empty; this id is readable wherever
// the user's own properties are, triggers included.
import { userStore } from '../adapters/properties';
import type { KeyValue } from '../core/ports';

/** Named for research, where it began; kept so the jobs users started before still know them. */
const USER_ID_KEY = 'RESEARCH_USER_ID';

/** The current user's id, created on first use. `store`: their properties, when the caller has read them already. */
export function currentUserId(store: KeyValue = userStore()): string {
  const known = store.get(USER_ID_KEY);
  if (known !== null) return known;
  const id = Utilities.getUuid();
  store.set(USER_ID_KEY, id);
  return id;
}

/** The current user's id, or null for a user who never started anything (nothing is created). */
export function knownUserId(store: KeyValue = userStore()): string | null {
  return store.get(USER_ID_KEY);
}
