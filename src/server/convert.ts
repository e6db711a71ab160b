// Convert formulas to values: the add-on's formulas in the active selection, with everything they spilled (even
// past the selection), become the plain values they show, so nothing recalculates or bills again. Which cells a
// formula filled is worked out as src/core/enrichment/spill.ts explains (from its arguments when they are plain,
// else from the block of values it shows). Text stays text and numbers stay numbers, written through the one
// text-safe writer; other formulas, and the add-on's formulas that show an error or are still loading, stay.
import { writeBlock } from '../adapters/sheet-table';
import { TEXT_FORMAT } from '../core/cells';
import {
  addonCall,
  callsAddonFunction,
  spillBounds,
  spillExtent,
  valueBlocks,
  type Argument,
  type ReferenceReader,
  type SpillBounds,
} from '../core/convert/spill';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** What a formula cell shows while it has no values to convert. */
const NOTHING_TO_CONVERT = /^(#(ERROR!|NAME\?|REF!|N\/A|VALUE!|DIV\/0!|NUM!|NULL!)|Loading\.\.\.)$/;
/** A formula that is not one plain call of ours: only the cells show what it filled. */
const FROM_CELLS: SpillBounds = { rows: null, maxRows: null, columns: null, headers: null, firstHeader: null };

export function convertToValues(): { cells: number } {
  const selection = SpreadsheetApp.getActiveRange();
  if (selection === null) throw new Error('Select the cells holding the formulas to convert first.');
  const sheet = selection.getSheet();
  const [top, left] = [selection.getRow(), selection.getColumn()];
  let cells = 0;
  selection.getFormulas().forEach((line, r) =>
    line.forEach((formula, c) => {
      if (callsAddonFunction(formula)) cells += convertFormula(sheet, top + r, left + c, formula);
    }),
  );
  return { cells };
}

/** Menu: converts the selection and says how many cells it wrote. */
export function convertSelectionFromMenu(): void {
  const { cells } = convertToValues();
  const message =
    cells === 0
      ? "The selection holds none of sheet-enrich's formulas showing values, so nothing was converted."
      : `Converted ${cells} cell${cells === 1 ? '' : 's'} to plain values.`;
  SpreadsheetApp.getActiveSpreadsheet().toast(message, 'sheet-enrich');
}

/** Writes one formula's cells as values; answers how many cells were written. */
function convertFormula(sheet: Sheet, row: number, column: number, formula: string): number {
  const call = addonCall(formula);
  const bounds = call === null ? FROM_CELLS : spillBounds(call, referenceReader(sheet));
  const size = readSize(sheet, row, column, bounds);
  const range = sheet.getRange(row, column, size.rows, size.columns);
  const grid = { values: range.getValues(), formulas: range.getFormulas() };
  if (NOTHING_TO_CONVERT.test(String(grid.values[0][0]))) return 0;
  const extent = spillExtent(bounds, grid);
  const values = grid.values.slice(0, extent.rows).map((line) => line.slice(0, extent.columns));
  const formats = sheet.getRange(row, column, extent.rows, extent.columns).getNumberFormats();
  for (const block of valueBlocks(values, formats, TEXT_FORMAT)) {
    writeBlock(sheet, row + block.rowOffset, column, block.values, block.formats);
  }
  return extent.rows * extent.columns;
}

/** How much to read from the formula's cell: what the arguments allow (a header row more), else the used area. */
function readSize(sheet: Sheet, row: number, column: number, bounds: SpillBounds): { rows: number; columns: number } {
  const headerRow = bounds.headers === false ? 0 : 1;
  const rowBound = bounds.rows ?? bounds.maxRows;
  const rows = rowBound !== null ? rowBound + headerRow : sheet.getLastRow() - row + 1;
  const columns = bounds.columns ?? sheet.getLastColumn() - column + 1;
  return {
    rows: Math.max(1, Math.min(rows, sheet.getMaxRows() - row + 1)),
    columns: Math.max(1, Math.min(columns, sheet.getMaxColumns() - column + 1)),
  };
}

type Reference = Extract<Argument, { kind: 'reference' }>;

/** Reads the references in a formula's arguments, on its own sheet unless they name another. */
function referenceReader(home: Sheet): ReferenceReader {
  const sheetOf = (reference: Reference) =>
    reference.sheetName === null ? home : home.getParent().getSheetByName(reference.sheetName);
  const rectOf = (sheet: Sheet, reference: Reference, lastRow: number, lastColumn: number) => {
    const { row, column } = reference.rect;
    const rows = (reference.rect.lastRow ?? lastRow) - row + 1;
    const columns = (reference.rect.lastColumn ?? lastColumn) - column + 1;
    return rows < 1 || columns < 1 ? null : { sheet, row, column, rows, columns };
  };
  return {
    // An open end runs to the edge of the grid, as in the formula.
    cellCount(reference) {
      const sheet = sheetOf(reference);
      const rect = sheet && rectOf(sheet, reference, sheet.getMaxRows(), sheet.getMaxColumns());
      return rect ? rect.rows * rect.columns : null;
    },
    values(reference) {
      const sheet = sheetOf(reference);
      const rect = sheet && rectOf(sheet, reference, sheet.getLastRow(), sheet.getLastColumn());
      return rect ? rect.sheet.getRange(rect.row, rect.column, rect.rows, rect.columns).getValues() : null;
    },
  };
}
