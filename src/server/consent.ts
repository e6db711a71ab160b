// Granular consent for the entry points of src/Code.ts: each runs under what src/core/entry-needs.ts says its work needs.
// Work that must not stop halfway asks first (one requireScopes); the rest asks only once Google refused a call, so
// an execution with everything granted makes no extra round trip.
import { userConsent } from '../adapters/consent';
import type { ConsentView } from '../core/contract';
import { ENTRY_NEEDS, type Entry } from '../core/entry-needs';
import { MISSING_PERMISSION_SENTENCES, refusedPermission } from '../core/scopes';
import { errorMessage } from '../core/text';
import { UserError } from '../core/user-error';

/**
 * Runs an entry point's work. A permission missing ends the execution in Google's consent prompt (menu and sidebar);
 * where Google shows none, the user gets the sentence that says what cannot work and how to allow it.
 */
export function withPermissions<T>(entry: Entry, work: () => T): T {
  const { needs, askFirst } = ENTRY_NEEDS[entry];
  if (askFirst) userConsent.require(needs);
  try {
    return work();
  } catch (error) {
    const refused = refusedPermission(errorMessage(error));
    if (refused === null) throw error;
    userConsent.require(needs.includes(refused) ? needs : [...needs, refused]);
    throw new UserError(MISSING_PERMISSION_SENTENCES[refused]);
  }
}

/** One question to Google: whether background work is allowed. */
export function getConsent(): ConsentView {
  const off = userConsent.missing(['scriptApp']).length > 0;
  return { backgroundOff: off ? MISSING_PERMISSION_SENTENCES.scriptApp : null };
}

/** Google's consent prompt for the trigger's permission; the call ends there unless it was granted already. */
export function allowBackgroundWork(): void {
  userConsent.require(['scriptApp']);
}
