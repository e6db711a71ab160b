// The sheets enrichment runs read and write, over SpreadsheetApp (RunSheet in src/core/ports.ts): rectangles read in
// one call each, writes through the one text-safe writer, and the named range that follows a run's rows as rows are
// inserted above or inside them.
import { parseA1 } from '../core/enrichment/a1';
import { missingSheetError } from '../core/enrichment/request';
import type { RunSheet } from '../core/ports';
import { sheetNamed, writeBlock } from './sheet-table';
import { activeSpreadsheet } from './spreadsheet';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

export const runSheet: RunSheet<Sheet> = {
  sheetNamed(name) {
    const sheet = activeSpreadsheet().getSheetByName(name);
    if (sheet === null) throw missingSheetError(name);
    return sheet;
  },
  sheetName: (sheet) => sheet.getName(),
  sameSheet: (a, b) => a.getSheetId() === b.getSheetId(),
  lastRow: (sheet) => sheet.getLastRow(),
  lastColumn: (sheet) => sheet.getLastColumn(),
  read(sheet, rect, withFormulas) {
    const range = sheet.getRange(rect.row, rect.column, rect.rows, rect.columns);
    return { values: range.getValues(), formulas: withFormulas ? range.getFormulas() : [] };
  },
  findRows(rangeName) {
    const range = activeSpreadsheet().getRangeByName(rangeName);
    if (range === null) return null;
    const parsed = parseA1(range.getA1Notation());
    if (!parsed.ok) return null;
    const { row, column, lastRow } = parsed.rect;
    return { sheet: range.getSheet(), headerRow: row, lastRow: lastRow ?? row, inputColumn: column };
  },
  nameRows(rangeName, rows) {
    const height = rows.lastRow - rows.headerRow + 1;
    activeSpreadsheet().setNamedRange(rangeName, rows.sheet.getRange(rows.headerRow, rows.inputColumn, height, 1));
  },
  removeRows(rangeName) {
    if (activeSpreadsheet().getRangeByName(rangeName) !== null) activeSpreadsheet().removeNamedRange(rangeName);
  },
  writeBlock,
  readMarks(sheet, rect) {
    const range = sheet.getRange(rect.row, rect.column, rect.rows, rect.columns);
    return { notes: range.getNotes(), backgrounds: range.getBackgrounds() };
  },
  writeMarks(sheet, rect, marks) {
    const range = sheet.getRange(rect.row, rect.column, rect.rows, rect.columns);
    range.setNotes(marks.notes);
    range.setBackgrounds(marks.backgrounds);
  },
  findSheet: (name) => activeSpreadsheet().getSheetByName(name),
  activate(sheet, row, column) {
    sheet.getRange(row, column).activate();
  },
  sheetAdded(name) {
    const book = activeSpreadsheet();
    const existing = book.getSheetByName(name);
    return existing !== null ? { sheet: existing, added: false } : { sheet: sheetNamed(book, name), added: true };
  },
};
