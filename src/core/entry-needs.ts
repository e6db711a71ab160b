// What each entry point of src/Code.ts needs of the manifest's scopes (granular consent, ./scopes.ts): the one table
// src/server/consent.ts runs every menu item and sidebar function under.
import type { SidebarServer } from './contract';
import type { Permission } from './scopes';

/** The menu items' functions of src/Code.ts. */
export type MenuEntry =
  'showSettings' | 'showResearch' | 'showEnrich' | 'showHelp' | 'checkSpreadsheet' | 'convertSelectionToValues';
export type Entry = MenuEntry | keyof SidebarServer;

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
