import type { CellValue, SheetTable } from '../core/sheet-table';

/** SheetTable over one sheet; every read and write is one Range call. */
export function sheetTable(sheet: GoogleAppsScript.Spreadsheet.Sheet): SheetTable {
  const ensureRows = (lastRow: number) => {
    const max = sheet.getMaxRows();
    if (lastRow > max) sheet.insertRowsAfter(max, lastRow - max);
  };
  const ensureColumns = (lastColumn: number) => {
    const max = sheet.getMaxColumns();
    if (lastColumn > max) sheet.insertColumnsAfter(max, lastColumn - max);
  };
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
      ensureColumns(startColumn + names.length - 1);
      const range = sheet.getRange(1, startColumn, 1, names.length);
      range.setNumberFormat('@');
      range.setValues([names]);
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
    writeBlock(startRow, startColumn, rows, numberFormats) {
      if (rows.length === 0) return;
      ensureRows(startRow + rows.length - 1);
      ensureColumns(startColumn + numberFormats.length - 1);
      const range = sheet.getRange(startRow, startColumn, rows.length, numberFormats.length);
      // Formats first: a text (@) cell keeps API text as text instead of parsing it as a formula, number or date.
      range.setNumberFormats(rows.map(() => numberFormats.slice()));
      range.setValues(rows);
    },
  };
}

/** The sheet of that name, created if missing, without moving the user away from the sheet they work in. */
export function sheetNamed(
  book: GoogleAppsScript.Spreadsheet.Spreadsheet,
  name: string,
): GoogleAppsScript.Spreadsheet.Sheet {
  const existing = book.getSheetByName(name);
  if (existing !== null) return existing;
  // Inserting activates the new sheet.
  const active = book.getActiveSheet();
  const created = book.insertSheet(name);
  created.setFrozenRows(1);
  if (active !== null) book.setActiveSheet(active);
  return created;
}
