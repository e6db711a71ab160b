// Granular consent (docs/platform.md, "Partial consent"): a user may grant only some of the manifest's scopes. This
// is the one table of what each entry point's work needs, the sentence that says what cannot work without each
// permission and how to allow it, and the reading of Google's refusal when a call meets a scope not granted.
import type { SidebarServer } from './contract';

/** The manifest's scopes (appsscript.json), by what they let the add-on do. */
export const SCOPES = {
  spreadsheet: 'https://www.googleapis.com/auth/spreadsheets.currentonly',
  externalRequest: 'https://www.googleapis.com/auth/script.external_request',
  containerUi: 'https://www.googleapis.com/auth/script.container.ui',
  scriptApp: 'https://www.googleapis.com/auth/script.scriptapp',
} as const;

export type Permission = keyof typeof SCOPES;

/** The full spreadsheets scope covers what spreadsheets.currentonly allows. */
const ALSO_GRANTED_BY: Partial<Record<Permission, string>> = {
  spreadsheet: 'https://www.googleapis.com/auth/spreadsheets',
};

/** How Google's consent screen names each permission, so the user finds the box to tick. */
const CONSENT_LABELS: Record<Permission, string> = {
  spreadsheet: 'View and manage spreadsheets that this application has been installed in',
  externalRequest: 'Connect to an external service',
  containerUi: 'Display and run third-party web content in prompts and sidebars inside Google applications',
  scriptApp: 'Allow this application to run when you are not present',
};

/** Where a user is asked again for what they did not grant: opening the sidebar requires every scope it needs. */
const ASK_AGAIN = 'open Extensions → sheet-enrich → Settings… and allow it when Google asks';

/** What cannot work without each permission, and how to allow it: one sentence each. */
export const MISSING_PERMISSION_SENTENCES: Record<Permission, string> = {
  spreadsheet: `sheet-enrich may not read or write this spreadsheet, so nothing it does can work here; to allow "${CONSENT_LABELS.spreadsheet}", ${ASK_AGAIN}.`,
  externalRequest: `sheet-enrich may not connect to the service, so no data can be fetched; to allow "${CONSENT_LABELS.externalRequest}", ${ASK_AGAIN}.`,
  containerUi: `sheet-enrich may not show its sidebar or dialogs; to allow "${CONSENT_LABELS.containerUi}", choose the menu item again and allow it when Google asks.`,
  scriptApp: `Background work is off because you did not allow "${CONSENT_LABELS.scriptApp}": runs and research go on only while this sidebar is open; choose Allow to turn it on.`,
};

/** The menu items' functions (src/Code.ts) that need permissions of their own. */
export type MenuEntry = 'showSettings' | 'showResearch' | 'showEnrich' | 'showHelp' | 'convertSelectionToValues';
export type Entry = MenuEntry | 'checkSpreadsheet' | keyof SidebarServer;

/**
 * What an entry point's work needs. `askFirst`: ask before any work, as the work sends requests or writes and must
 * not stop halfway; otherwise the permissions are asked for only once a call was refused (no round trip before).
 * No entry needs script.scriptapp: without it work goes on while the sidebar is open, and the sidebar says so.
 */
export interface EntryNeeds {
  needs: readonly Permission[];
  askFirst: boolean;
}

const SIDEBAR_PAGE: readonly Permission[] = ['containerUi', 'spreadsheet', 'externalRequest'];
const SHEET: readonly Permission[] = ['spreadsheet'];
const SHEET_AND_SERVICE: readonly Permission[] = ['spreadsheet', 'externalRequest'];
const NOTHING: readonly Permission[] = [];

const asked = (needs: readonly Permission[]): EntryNeeds => ({ needs, askFirst: true });
const onRefusal = (needs: readonly Permission[]): EntryNeeds => ({ needs, askFirst: false });

export const ENTRY_NEEDS: Readonly<Record<Entry, EntryNeeds>> = {
  showSettings: asked(SIDEBAR_PAGE),
  showResearch: asked(SIDEBAR_PAGE),
  showEnrich: asked(SIDEBAR_PAGE),
  showHelp: asked(['containerUi']),
  checkSpreadsheet: asked(['containerUi', 'spreadsheet']),
  convertSelectionToValues: asked(SHEET),
  getSettings: onRefusal(NOTHING),
  saveSettings: asked(['externalRequest']),
  getUsage: onRefusal(NOTHING),
  getConsent: onRefusal(NOTHING),
  allowBackgroundWork: onRefusal(NOTHING),
  startResearch: asked(SHEET_AND_SERVICE),
  listResearchJobs: onRefusal(SHEET),
  pollResearch: onRefusal(SHEET_AND_SERVICE),
  cancelResearch: asked(SHEET_AND_SERVICE),
  openResearchSheet: onRefusal(SHEET),
  getSelectionInfo: onRefusal(SHEET),
  enrichmentFields: onRefusal(NOTHING),
  previewEnrichment: onRefusal(SHEET),
  startEnrichment: asked(SHEET_AND_SERVICE),
  continueEnrichment: onRefusal(SHEET_AND_SERVICE),
  listEnrichments: onRefusal(SHEET),
  pauseEnrichment: onRefusal(SHEET),
  resumeEnrichment: asked(SHEET_AND_SERVICE),
  cancelEnrichment: onRefusal(SHEET),
  retryFailedEnrichment: asked(SHEET_AND_SERVICE),
  listChanges: onRefusal(SHEET),
  scheduleRefresh: onRefusal(SHEET),
  selectChange: onRefusal(SHEET),
  convertToValues: asked(SHEET),
};

/** The scopes to ask Google about for these permissions. */
export const scopesOf = (permissions: readonly Permission[]): string[] =>
  permissions.map((permission) => SCOPES[permission]);

/** Of `permissions`, those not covered by the granted scopes. */
export function missingPermissions(permissions: readonly Permission[], granted: readonly string[]): Permission[] {
  const has = new Set(granted);
  return permissions.filter((permission) => {
    const alternative = ALSO_GRANTED_BY[permission];
    return !has.has(SCOPES[permission]) && (alternative === undefined || !has.has(alternative));
  });
}

/** Google's refusal of a call whose scope the user did not grant names the scope, or its alternatives. */
const REFUSAL = /You do not have permission to call [\w.]+\. Required permissions: (.+)$/m;

/** The permission a refused call needed, read from Google's message; null when the message is no such refusal. */
export function refusedPermission(message: string): Permission | null {
  const required = REFUSAL.exec(message)?.[1];
  if (required === undefined) return null;
  const permissions = Object.keys(SCOPES) as Permission[];
  return (
    permissions.find((permission) => required.includes(SCOPES[permission])) ??
    (required.includes(ALSO_GRANTED_BY.spreadsheet!) ? 'spreadsheet' : null)
  );
}
