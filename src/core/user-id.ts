// Who runs an execution, as an opaque id of theirs kept in their own properties: it marks the work they started,
// which their trigger continues with their key. (An e-mail address would need another OAuth scope and may be empty;
// this id is readable wherever the user's own properties are, triggers included.)
import { withLock } from './lock';
import type { KeyValue, Lock, NewId } from './ports';
import { UserError } from './user-error';

/** Named for research, where it began; kept so the jobs users started before still know them. */
const USER_ID_KEY = 'RESEARCH_USER_ID';
/** Creating an id is a read and a write; waiting longer means something is stuck. */
const USER_LOCK_WAIT_MS = 10_000;

export interface UserIdPorts {
  /** The user's own properties, read afresh. */
  store: KeyValue;
  /** The user's lock: two first actions of a new user at once must leave one id. */
  lock: Lock;
  newId: NewId;
}

/**
 * The user's id, created (and kept in their properties) on first use. `seen`: their properties as the caller has
 * read them already. The id is created under the user's lock after reading again, so an id another execution of
 * theirs created meanwhile is the one kept.
 */
export function currentUserId(ports: UserIdPorts, seen: KeyValue = ports.store): string {
  const known = seen.get(USER_ID_KEY);
  if (known !== null) return known;
  const id = withLock(ports.lock, USER_LOCK_WAIT_MS, null, () => {
    const stored = ports.store.get(USER_ID_KEY);
    if (stored !== null) return stored;
    const created = ports.newId();
    ports.store.set(USER_ID_KEY, created);
    return created;
  });
  if (id === null) throw new UserError('Another of your actions is still setting you up here; try again in a moment.');
  return id;
}

/** The user's id, or null for a user who never started anything (nothing is created). */
export function knownUserId(store: KeyValue): string | null {
  return store.get(USER_ID_KEY);
}
