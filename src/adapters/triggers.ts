// The background's time-driven trigger over ScriptApp (docs/platform.md, "Triggers" and "Uncertain behaviours").
// Whether getUserTriggers lists an add-on's clock triggers is not documented, so a trigger is found by the unique
// id kept for it, in the project's list of the user's triggers, before any listing by document is tried.
import type { Cadence } from '../core/background';

type Trigger = GoogleAppsScript.Script.Trigger;

/** An installed add-on may not run a trigger more than hourly; a script of one's own (source NONE) may. */
export function installedAsAddOn(): boolean {
  return ScriptApp.getInstallationSource() !== ScriptApp.InstallationSource.NONE;
}

/** Creates the trigger and returns its unique id; throws Google's refusal as it comes. */
export function createClockTrigger(handler: string, cadence: Cadence): string {
  const clock = ScriptApp.newTrigger(handler).timeBased();
  const trigger = cadence === 'every minute' ? clock.everyMinutes(1).create() : clock.everyHours(1).create();
  return trigger.getUniqueId();
}

/** The current user's clock triggers of `handler` in this document, where Google lists them. */
export function documentClockTriggers(handler: string): Trigger[] {
  return ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet()).filter(
    (trigger) => trigger.getHandlerFunction() === handler && trigger.getEventType() === ScriptApp.EventType.CLOCK,
  );
}

/**
 * Deletes the current user's trigger with this unique id, found in the project's triggers of this user (which may
 * span documents: only the id tells which is ours). False when no trigger with that id is listed.
 */
export function deleteTriggerWithId(uid: string): boolean {
  const found = ScriptApp.getProjectTriggers().filter((trigger) => trigger.getUniqueId() === uid);
  for (const trigger of found) ScriptApp.deleteTrigger(trigger);
  return found.length > 0;
}

export function deleteTriggers(triggers: readonly Trigger[]): void {
  for (const trigger of triggers) ScriptApp.deleteTrigger(trigger);
}
