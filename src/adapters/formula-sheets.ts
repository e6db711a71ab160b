// The spreadsheet's formulas over SpreadsheetApp, for converting formulas to values (FormulaSheets in
// src/core/ports.ts): the active selection, sheets by name, and rectangles read in one call each.
import type { FormulaSheets, GridRect } from '../core/ports';
import { writeBlock } from './sheet-table';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

const rangeOf = (sheet: Sheet, rect: GridRect) => sheet.getRange(rect.row, rect.column, rect.rows, rect.columns);

export const formulaSheets: FormulaSheets<Sheet> = {
  selection() {
    const range = SpreadsheetApp.getActiveRange();
    if (range === null) return null;
    return { sheet: range.getSheet(), row: range.getRow(), column: range.getColumn(), formulas: range.getFormulas() };
  },
  sheetBeside: (home, name) => home.getParent().getSheetByName(name),
  lastRow: (sheet) => sheet.getLastRow(),
  lastColumn: (sheet) => sheet.getLastColumn(),
  maxRows: (sheet) => sheet.getMaxRows(),
  maxColumns: (sheet) => sheet.getMaxColumns(),
  values: (sheet, rect) => rangeOf(sheet, rect).getValues(),
  valuesAndFormulas(sheet, rect) {
    const range = rangeOf(sheet, rect);
    return { values: range.getValues(), formulas: range.getFormulas() };
  },
  numberFormats: (sheet, rect) => rangeOf(sheet, rect).getNumberFormats(),
  writeBlock,
};
