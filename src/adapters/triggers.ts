// The background's time-driven triggers over ScriptApp (docs/platform.md, "Triggers" and "Uncertain behaviours").
// Whether getUserTriggers lists an add-on's clock triggers is not documented, so a trigger is found by the unique
// id kept for it, in the project's list of the user's triggers, before any listing by document is tried.
import type { ClockTriggers } from '../core/ports';
import { activeSpreadsheet } from './spreadsheet';

type Trigger = GoogleAppsScript.Script.Trigger;

/** The current user's clock triggers of `handler` (a top-level function of src/Code.ts). */
export function clockTriggers(handler: string): ClockTriggers {
  return {
    installedAsAddOn: () => ScriptApp.getInstallationSource() !== ScriptApp.InstallationSource.NONE,
    create(cadence) {
      const clock = ScriptApp.newTrigger(handler).timeBased();
      const trigger = cadence === 'every minute' ? clock.everyMinutes(1).create() : clock.everyHours(1).create();
      return trigger.getUniqueId();
    },
    firstListedInDocument: () => documentClockTriggers(handler)[0]?.getUniqueId() ?? null,
    deleteWithId(uid) {
      // The project's triggers of this user may span documents: only the id tells which is ours.
      const found = ScriptApp.getProjectTriggers().filter((trigger) => trigger.getUniqueId() === uid);
      for (const trigger of found) ScriptApp.deleteTrigger(trigger);
      return found.length > 0;
    },
    deleteListedInDocument() {
      for (const trigger of documentClockTriggers(handler)) ScriptApp.deleteTrigger(trigger);
    },
  };
}

/** The current user's clock triggers of `handler` in this document, where Google lists them. */
function documentClockTriggers(handler: string): Trigger[] {
  return ScriptApp.getUserTriggers(activeSpreadsheet()).filter(
    (trigger) => trigger.getHandlerFunction() === handler && trigger.getEventType() === ScriptApp.EventType.CLOCK,
  );
}
