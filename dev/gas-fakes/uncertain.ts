// Apps Script behaviours Google does not document (docs/platform.md, "Uncertain behaviours"). The add-on must work
// whichever way each falls, so the fakes play either answer: one switch each, live on env.uncertain, so a test can
// flip one between executions. The defaults are the answers the fakes have always given.

export interface UncertainAnswers {
  /** Whether ScriptApp.getUserTriggers(spreadsheet) lists an add-on's time-driven triggers (bound scripts: always). */
  userTriggersListAddOnClockTriggers: boolean;
  /** In a time-driven trigger's execution: SpreadsheetApp.getActiveSpreadsheet() and getActive(), else null. */
  clockTriggerGetsSpreadsheet: boolean;
  /** In a time-driven trigger's execution: PropertiesService.getDocumentProperties(), else null. */
  clockTriggerGetsDocumentProperties: boolean;
  /** In a time-driven trigger's execution: LockService.getDocumentLock(), else null. */
  clockTriggerGetsDocumentLock: boolean;
  /** Whether the event object handed to a time-driven trigger's function carries `triggerUid`. */
  clockEventHasTriggerUid: boolean;
  /**
   * Whether a plain-text (@) number format stops Range.setValues from parsing strings (`=…`, `+1415…`, `1-10`,
   * `00501`, `TRUE`); when false, setValues parses them even in @ cells. Rich-text values are never parsed.
   */
  plainTextStopsParsing: boolean;
}

export const DEFAULT_UNCERTAIN_ANSWERS: Readonly<UncertainAnswers> = {
  userTriggersListAddOnClockTriggers: true,
  clockTriggerGetsSpreadsheet: true,
  clockTriggerGetsDocumentProperties: true,
  clockTriggerGetsDocumentLock: true,
  clockEventHasTriggerUid: true,
  plainTextStopsParsing: true,
};

/** How the script came to run for the user (ScriptApp.InstallationSource). */
export type InstallationSource = 'APPS_MARKETPLACE_DOMAIN_ADD_ON' | 'NONE' | 'WEB_STORE_ADD_ON';
