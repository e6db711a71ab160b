// Who runs an execution, as an opaque id of theirs kept in their own properties: it marks the work they started,
// which their trigger continues with their key. (An e-mail address would need another OAuth scope and may be empty;
// this id is readable wherever the user's own properties are, triggers included.)
import type { KeyValue, NewId } from './ports';

/** Named for research, where it began; kept so the jobs users started before still know them. */
const USER_ID_KEY = 'RESEARCH_USER_ID';

/** The user's id, created (and kept in `store`, their properties) on first use. */
export function currentUserId(store: KeyValue, newId: NewId): string {
  const known = store.get(USER_ID_KEY);
  if (known !== null) return known;
  const id = newId();
  store.set(USER_ID_KEY, id);
  return id;
}

/** The user's id, or null for a user who never started anything (nothing is created). */
export function knownUserId(store: KeyValue): string | null {
  return store.get(USER_ID_KEY);
}
