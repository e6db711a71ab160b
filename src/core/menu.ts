// The add-on menu and the sidebar's first panel: what the entry points of src/Code.ts show.
import type { SidebarPanel } from './contract';

export interface MenuItem {
  caption: string;
  handler: string;
}

/** A submenu: its caption and its items. */
export interface SubMenu {
  caption: string;
  items: readonly MenuItem[];
}

/** The add-on menu: each item calls the top-level function of src/Code.ts named by `handler`. */
export const ADDON_MENU: readonly (MenuItem | SubMenu)[] = [
  { caption: 'Research people…', handler: 'showResearch' },
  { caption: 'Enrich selection…', handler: 'showEnrich' },
  { caption: 'Convert formulas to values', handler: 'convertSelectionToValues' },
  { caption: 'Settings…', handler: 'showSettings' },
  {
    caption: 'Help',
    items: [
      { caption: 'Help and costs', handler: 'showHelp' },
      { caption: 'Check this spreadsheet', handler: 'checkSpreadsheet' },
    ],
  },
];

/** The built sidebar page opening on `panel`: the page reads its first panel from the body's data attribute. */
export function withInitialPanel(page: string, panel: SidebarPanel): string {
  return page.replace('data-initial-panel="settings"', `data-initial-panel="${panel}"`);
}
