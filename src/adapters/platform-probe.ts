// The diagnostics' trials on the platform (src/core/diagnostics.ts): a hidden scratch sheet for the plain-text
// question, the trigger listings, and how the add-on was installed.
import type { PlatformProbe } from '../core/ports';

/** Unique, so a scratch sheet left by an execution Google cut short never collides with a new one. */
const SCRATCH_PREFIX = 'sheet-enrich check ';

export const platformProbe: PlatformProbe = {
  plainTextRoundTrip(texts) {
    const book = SpreadsheetApp.getActiveSpreadsheet();
    // Inserting activates the new sheet: the user stays where they were.
    const active = book.getActiveSheet();
    const scratch = book.insertSheet(`${SCRATCH_PREFIX}${Utilities.getUuid()}`);
    try {
      if (active !== null) book.setActiveSheet(active);
      scratch.hideSheet();
      // Deliberately the plain write the text-safe writer guards against: this is the question asked.
      const cells = scratch.getRange(1, 1, 1, texts.length).setNumberFormat('@');
      cells.setValues([[...texts]]);
      return { values: cells.getValues()[0], formulas: cells.getFormulas()[0] };
    } finally {
      book.deleteSheet(scratch);
    }
  },
  listedTriggers(handler) {
    const ids = (triggers: GoogleAppsScript.Script.Trigger[]) =>
      triggers.filter((trigger) => trigger.getHandlerFunction() === handler).map((trigger) => trigger.getUniqueId());
    return {
      inDocument: ids(ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet())),
      inProject: ids(ScriptApp.getProjectTriggers()),
    };
  },
  installationSource: () => String(ScriptApp.getInstallationSource()),
};
