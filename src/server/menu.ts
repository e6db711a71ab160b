import { addAddonMenu, showSidebarFile } from '../adapters/spreadsheet';
import type { SidebarPanel } from '../core/contract';
import { ADDON_MENU, withInitialPanel } from '../core/menu';
import { ADDON_NAME } from './config';

/** Builds the add-on menu only: onOpen may run in AuthMode.NONE, where no other service may be used. */
export function onOpen(): void {
  addAddonMenu(ADDON_MENU);
}

export function showSidebar(panel: SidebarPanel): void {
  showSidebarFile('Sidebar', ADDON_NAME, (page) => withInitialPanel(page, panel));
}
