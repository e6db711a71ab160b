import type { SidebarPanel } from '../core/contract';
import { ADDON_NAME } from './config';

/** Builds the add-on menu only: onOpen may run in AuthMode.NONE, where no other service may be used. */
export function onOpen(): void {
  SpreadsheetApp.getUi()
    .createAddonMenu()
    .addItem('Research people…', 'showResearch')
    .addItem('Enrich selection…', 'showEnrich')
    .addItem('Convert formulas to values', 'convertSelectionToValues')
    .addItem('Settings…', 'showSettings')
    .addItem('Help', 'showHelp')
    .addToUi();
}

export function showSidebar(panel: SidebarPanel): void {
  // The page reads its first panel from the body's data attribute; the built page carries "settings".
  const page = HtmlService.createHtmlOutputFromFile('Sidebar')
    .getContent()
    .replace('data-initial-panel="settings"', `data-initial-panel="${panel}"`);
  SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput(page).setTitle(ADDON_NAME));
}
