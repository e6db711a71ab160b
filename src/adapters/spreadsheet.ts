// The active spreadsheet and its UI over SpreadsheetApp and HtmlService: what the user selected, the sheets by
// name, the add-on menu, the sidebar and dialogs, and toasts.
import type { DocumentService } from '../core/background';
import type { MenuItem, SubMenu } from '../core/menu';
import type { DocumentAccess } from '../core/ports';
import { perExecution } from './execution';

/** The active spreadsheet (null in a trigger Google gave none), asked once per execution. */
export const activeSpreadsheet = perExecution(() => SpreadsheetApp.getActiveSpreadsheet());

/** The selection's place and its column's cells from the row above it (a header) down to the sheet's last row. */
export interface ColumnSelection {
  where: { sheetName: string; inputA1: string; firstRow: number };
  column: { top: number; cells: readonly unknown[] };
}

/** The active range's first column, read once; null when nothing is selected. */
export function activeColumnSelection(): ColumnSelection | null {
  const range = SpreadsheetApp.getActiveRange();
  if (range === null) return null;
  const sheet = range.getSheet();
  const firstRow = range.getRow();
  const lastRow = Math.max(firstRow, Math.min(range.getLastRow(), sheet.getLastRow()));
  const top = Math.max(1, firstRow - 1);
  const cells = sheet
    .getRange(top, range.getColumn(), lastRow - top + 1, 1)
    .getValues()
    .map((row) => row[0]);
  return { where: { sheetName: sheet.getName(), inputA1: range.getA1Notation(), firstRow }, column: { top, cells } };
}

/** The active spreadsheet's id. */
export const activeDocumentId = perExecution((): string => activeSpreadsheet().getId());

/**
 * What a trigger run got of its document: Google may give a time-driven trigger no spreadsheet, document properties
 * or document lock (docs/platform.md, "Uncertain behaviours").
 */
export function documentAccess(): DocumentAccess {
  const spreadsheet = activeSpreadsheet();
  const missing: DocumentService[] = [];
  if (spreadsheet === null) missing.push('spreadsheet');
  if (PropertiesService.getDocumentProperties() === null) missing.push('document properties');
  if (LockService.getDocumentLock() === null) missing.push('document lock');
  return { documentId: spreadsheet === null ? null : spreadsheet.getId(), missing };
}

/** A short note in the corner of the spreadsheet. */
export function toast(message: string, title: string): void {
  activeSpreadsheet().toast(message, title);
}

/** Whether the active spreadsheet has a sheet of that name. */
export const sheetExists = (name: string): boolean => activeSpreadsheet().getSheetByName(name) !== null;

/** Shows the sheet of that name; false when there is none. */
export function showSheet(name: string): boolean {
  const book = activeSpreadsheet();
  const sheet = book.getSheetByName(name);
  if (sheet === null) return false;
  book.setActiveSheet(sheet);
  return true;
}

/** The add-on menu: each item calls a top-level function of src/Code.ts; a submenu holds items of its own. */
export function addAddonMenu(items: readonly (MenuItem | SubMenu)[]): void {
  const ui = SpreadsheetApp.getUi();
  const menu = ui.createAddonMenu();
  for (const item of items) {
    if ('items' in item) {
      const submenu = ui.createMenu(item.caption);
      for (const inner of item.items) submenu.addItem(inner.caption, inner.handler);
      menu.addSubMenu(submenu);
    } else menu.addItem(item.caption, item.handler);
  }
  menu.addToUi();
}

/** Shows a page of the build (dist/NAME.html) in the sidebar, as `edit` makes it. */
export function showSidebarFile(file: string, title: string, edit: (page: string) => string): void {
  const page = edit(HtmlService.createHtmlOutputFromFile(file).getContent());
  SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput(page).setTitle(title));
}

/** A dialog that leaves the sheet usable, holding our own static page. */
export function showDialog(page: string, title: string, size: { width: number; height: number }): void {
  const output = HtmlService.createHtmlOutput(page).setWidth(size.width).setHeight(size.height);
  SpreadsheetApp.getUi().showModelessDialog(output, title);
}
