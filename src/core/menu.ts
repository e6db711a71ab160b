// The add-on menu and the sidebar's first panel: what the entry points of src/Code.ts show.
import type { SidebarPanel } from './contract';

/** The add-on menu: each item calls the top-level function of src/Code.ts named by `handler`. */
export const ADDON_MENU: readonly { caption: string; handler: string }[] = [
  { caption: 'Research people…', handler: 'showResearch' },
  { caption: 'Enrich selection…', handler: 'showEnrich' },
  { caption: 'Convert formulas to values', handler: 'convertSelectionToValues' },
  { caption: 'Settings…', handler: 'showSettings' },
  { caption: 'Help', handler: 'showHelp' },
];

/** The built sidebar page opening on `panel`: the page reads its first panel from the body's data attribute. */
export function withInitialPanel(page: string, panel: SidebarPanel): string {
  return page.replace('data-initial-panel="settings"', `data-initial-panel="${panel}"`);
}
