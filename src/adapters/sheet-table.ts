import { capCellText, planLiteralText, TEXT_FORMAT } from '../core/cells';
import type { Book } from '../core/ports';
import type { CellValue, SheetTable } from '../core/sheet-table';
import { activeSpreadsheet } from './spreadsheet';

/**
 * THE way the add-on writes cells (every writer goes through it): one rectangle from a 1-based row and column, as
 * wide as `numberFormats` (one format per column). The sheet grows when the rectangle reaches past it. Text is
 * written exactly (no apostrophe added, capped at a cell's 50,000 characters) and can never become a formula,
 * number or date, by two guards: text columns get the plain-text format before any value arrives, and text Sheets
 * could parse is left out of setValues and written as rich-text values, which Sheets takes literally.
 * `keyOffset` (0-based), when the block has a key column, makes that column land in the last call (see
 * planLiteralText). Round trips: the sheet's size (two reads), one setNumberFormats, at most two setValues, and
 * one setRichTextValues per rectangle of text that needs rich text (plus one for the key column); one rich-text
 * value is built per distinct text.
 */
export function writeBlock(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  startRow: number,
  startColumn: number,
  rows: CellValue[][],
  numberFormats: string[],
  keyOffset?: number,
): void {
  if (rows.length === 0) return;
  growTo(sheet, startRow + rows.length - 1, startColumn + numberFormats.length - 1);
  const range = sheet.getRange(startRow, startColumn, rows.length, numberFormats.length);
  range.setNumberFormats(rows.map(() => numberFormats.slice()));
  const capped = rows.map((row) => row.map((value) => (typeof value === 'string' ? capCellText(value) : value)));
  const plan = planLiteralText(capped, keyOffset);
  // A call over the whole block reuses its range: asking for another is a call of its own.
  const rangeOf = (rowOffset: number, columnOffset: number, height: number, width: number) =>
    height === rows.length && width === numberFormats.length
      ? range
      : range.offset(rowOffset, columnOffset, height, width);
  for (const { columnOffset, values } of plan.values) {
    rangeOf(0, columnOffset, values.length, values[0].length).setValues(values);
  }
  // A value is immutable and may fill many cells: each text is built once per block (a checked column's times).
  const built = new Map<string, GoogleAppsScript.Spreadsheet.RichTextValue>();
  const richText = (text: string) => {
    let value = built.get(text);
    if (value === undefined) built.set(text, (value = SpreadsheetApp.newRichTextValue().setText(text).build()));
    return value;
  };
  for (const patch of plan.patches) {
    const texts = patch.texts.map((line) => line.map(richText));
    rangeOf(patch.rowOffset, patch.columnOffset, texts.length, texts[0].length).setRichTextValues(texts);
  }
}

function growTo(sheet: GoogleAppsScript.Spreadsheet.Sheet, lastRow: number, lastColumn: number): void {
  const maxRows = sheet.getMaxRows();
  if (lastRow > maxRows) sheet.insertRowsAfter(maxRows, lastRow - maxRows);
  const maxColumns = sheet.getMaxColumns();
  if (lastColumn > maxColumns) sheet.insertColumnsAfter(maxColumns, lastColumn - maxColumns);
}

/** SheetTable over one sheet; every read and write is one Range call, every write goes through writeBlock. */
export function sheetTable(sheet: GoogleAppsScript.Spreadsheet.Sheet): SheetTable {
  return {
    headers() {
      const width = sheet.getLastColumn();
      if (width === 0) return [];
      return sheet
        .getRange(1, 1, 1, width)
        .getValues()[0]
        .map((value) => String(value));
    },
    writeHeaders(startColumn, names) {
      writeBlock(
        sheet,
        1,
        startColumn,
        [names],
        names.map(() => TEXT_FORMAT),
      );
    },
    columnValues(column) {
      const lastRow = sheet.getLastRow();
      if (lastRow < 2) return [];
      const values = sheet
        .getRange(2, column, lastRow - 1, 1)
        .getValues()
        .map((row) => row[0] as CellValue);
      while (values.length > 0 && values[values.length - 1] === '') values.pop();
      return values;
    },
    writeBlock: (startRow, startColumn, rows, numberFormats, keyOffset) =>
      writeBlock(sheet, startRow, startColumn, rows, numberFormats, keyOffset),
  };
}

/** The sheet of that name, created if missing, without moving the user away from the sheet they work in. */
export function sheetNamed(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  name: string,
): GoogleAppsScript.Spreadsheet.Sheet {
  return book.getSheetByName(name) ?? insertedSheet(book, name);
}

function insertedSheet(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  name: string,
): GoogleAppsScript.Spreadsheet.Sheet {
  // Inserting activates the new sheet.
  const active = book.getActiveSheet();
  const created = book.insertSheet(name);
  created.setFrozenRows(1);
  if (active !== null) book.setActiveSheet(active);
  return created;
}

/**
 * The active spreadsheet as a Book, asked of SpreadsheetApp when first used. Each name is looked up once: starting
 * research asks whether a name is taken, then creates that sheet.
 */
export function activeBook(): Book {
  const found = new Map<string, GoogleAppsScript.Spreadsheet.Sheet | null>();
  const lookUp = (name: string) => {
    if (!found.has(name)) found.set(name, activeSpreadsheet().getSheetByName(name));
    return found.get(name)!;
  };
  return {
    hasSheet: (name) => lookUp(name) !== null,
    table(name) {
      const sheet = lookUp(name) ?? insertedSheet(activeSpreadsheet(), name);
      found.set(name, sheet);
      return sheetTable(sheet);
    },
  };
}
