// The active spreadsheet and its UI over SpreadsheetApp and HtmlService: what the user selected, the sheets by
// name, the add-on menu, the sidebar and dialogs, and toasts.

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
