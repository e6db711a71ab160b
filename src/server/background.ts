// Background work over Apps Script: the dispatcher (src/core/background-dispatch.ts) with the user's own properties,
// their clock triggers of this document, and every kind of work (src/server/background-work.ts).
import { userStore } from '../adapters/properties';
import { systemClock } from '../adapters/runtime';
import { activeDocumentId, documentAccess } from '../adapters/spreadsheet';
import { clockTriggers } from '../adapters/triggers';
import { readProblem } from '../core/background';
import { arrangeTrigger, runTrigger, triggerUidOf, type BackgroundPorts } from '../core/background-dispatch';
import type { KeyValue } from '../core/ports';
import { readOnce } from '../core/store-snapshot';
import { BACKGROUND_WORK } from './background-work';
import { currentUserId } from './user';

/** The trigger's function, as exposed by src/Code.ts. */
export const BACKGROUND_HANDLER = 'runBackgroundWork';

function backgroundPorts(mine: KeyValue): BackgroundPorts {
  return {
    mine,
    triggers: clockTriggers(BACKGROUND_HANDLER),
    clock: systemClock,
    works: BACKGROUND_WORK,
    userId: () => currentUserId(mine),
  };
}

/** Call after creating, resuming or continuing long work: the user's trigger of this document follows their work. */
export function arrangeBackgroundWork(): void {
  const mine = readOnce(userStore());
  arrangeTrigger(backgroundPorts(mine), activeDocumentId());
}

/** What stopped the current user's background in this document, for list functions to show on their unfinished work. */
export function backgroundProblem(userProperties: KeyValue = userStore()): string | null {
  return readProblem(userProperties.getAll(), activeDocumentId())?.reason ?? null;
}

/** The trigger's handler: runs every kind of the user's work, then keeps or deletes itself. */
export function runBackgroundWork(event?: unknown): void {
  const uid = triggerUidOf(event);
  const mine = readOnce(userStore());
  const warning = runTrigger(backgroundPorts(mine), uid, documentAccess());
  if (warning !== null) console.warn(warning);
}
