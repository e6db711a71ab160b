// The background poll's time-driven trigger: one per user per document (docs/platform.md "Triggers").
export type TriggerCadence = 'existing' | 'every minute' | 'every hour';

function userTimeTriggers(handler: string): GoogleAppsScript.Script.Trigger[] {
  return ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet()).filter(
    (trigger) => trigger.getHandlerFunction() === handler && trigger.getEventType() === ScriptApp.EventType.CLOCK,
  );
}

/**
 * Makes sure the current user has the poll trigger in this document. A script bound to a sheet may run every
 * minute; a published add-on may not, so the hourly recurrence is the fallback.
 */
export function ensurePollTrigger(handler: string): TriggerCadence {
  if (userTimeTriggers(handler).length > 0) return 'existing';
  try {
    ScriptApp.newTrigger(handler).timeBased().everyMinutes(1).create();
    return 'every minute';
  } catch {
    ScriptApp.newTrigger(handler).timeBased().everyHours(1).create();
    return 'every hour';
  }
}

export function removePollTrigger(handler: string): void {
  for (const trigger of userTimeTriggers(handler)) ScriptApp.deleteTrigger(trigger);
}
