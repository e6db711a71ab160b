// Convert formulas to values: the add-on's formulas in the active selection, with everything they spilled (even
// past the selection), become the plain values they show, so nothing recalculates or bills again. Which cells a
// formula filled is worked out as src/core/convert/spill.ts explains (from its arguments when they are plain,
// else from the block of values it shows). Text stays text and numbers stay numbers, written through the one
// text-safe writer; other formulas, and the add-on's formulas that show an error or are still loading, stay.
import { UserError } from '../user-error';
import { TEXT_FORMAT } from '../cells';
import {
  addonCall,
  callsAddonFunction,
  spillBounds,
  spillExtent,
  valueBlocks,
  type Argument,
  type ReferenceReader,
  type SpillBounds,
} from './spill';
import type { ConvertResult } from '../contract';
import type { FormulaSheets, GridRect } from '../ports';

/** What a formula cell shows when it failed: an error is no value to keep. */
const ERROR_SHOWN = /^#(ERROR!|NAME\?|REF!|N\/A|VALUE!|DIV\/0!|NUM!|NULL!)$/;
/** What a formula cell shows until it answers. */
const LOADING_SHOWN = 'Loading...';
/** A formula that is not one plain call of ours: only the cells show what it filled. */
const FROM_CELLS: SpillBounds = { rows: null, maxRows: null, columns: null, headers: null, firstHeader: null };

/** Converts the add-on's formulas in the selection; answers how many cells were written and which formulas stay. */
export function convertSelection<S>(sheets: FormulaSheets<S>): ConvertResult {
  const selection = sheets.selection();
  if (selection === null) throw new UserError('Select the cells holding the formulas to convert first.');
  const { sheet, row: top, column: left } = selection;
  const result: ConvertResult = { cells: 0, errors: 0, loading: 0 };
  selection.formulas.forEach((line, r) =>
    line.forEach((formula, c) => {
      if (!callsAddonFunction(formula)) return;
      const converted = convertFormula(sheets, { sheet, row: top + r, column: left + c }, formula);
      if (converted === 'error') result.errors++;
      else if (converted === 'loading') result.loading++;
      else result.cells += converted;
    }),
  );
  return result;
}

/** What the menu says once the selection is converted: what was written, then each kind of formula left and why. */
export function convertedMessage({ cells, errors, loading }: ConvertResult): string {
  const sentences = [
    cells > 0
      ? `Converted ${plural(cells, 'cell')} to plain values.`
      : errors + loading > 0
        ? 'Nothing was converted.'
        : "The selection holds none of sheet-enrich's formulas showing values, so nothing was converted.",
  ];
  if (errors > 0) {
    sentences.push(
      `${plural(errors, 'formula')} ${errors === 1 ? 'shows an error, so it stays' : 'show an error, so they stay'} ` +
        `as ${errors === 1 ? 'it is' : 'they are'}: point at ${errors === 1 ? 'it' : 'one'} to read why.`,
    );
  }
  if (loading > 0) {
    sentences.push(
      `${plural(loading, 'formula')} ${loading === 1 ? 'is' : 'are'} still loading: convert again once ` +
        `${loading === 1 ? 'it shows its values' : 'they show their values'}.`,
    );
  }
  return sentences.join(' ');
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

interface Anchor<S> {
  sheet: S;
  row: number;
  column: number;
}

/** Writes one formula's cells as values; answers how many cells were written, or why there was nothing to write. */
function convertFormula<S>(sheets: FormulaSheets<S>, at: Anchor<S>, formula: string): number | 'error' | 'loading' {
  const call = addonCall(formula);
  const bounds = call === null ? FROM_CELLS : spillBounds(call, referenceReader(sheets, at.sheet));
  const size = readSize(sheets, at, bounds);
  const grid = sheets.valuesAndFormulas(at.sheet, { row: at.row, column: at.column, ...size });
  const shown = String(grid.values[0][0]);
  if (ERROR_SHOWN.test(shown)) return 'error';
  if (shown === LOADING_SHOWN) return 'loading';
  const extent = spillExtent(bounds, grid);
  const values = grid.values.slice(0, extent.rows).map((line) => line.slice(0, extent.columns));
  const formats = sheets.numberFormats(at.sheet, { row: at.row, column: at.column, ...extent });
  for (const block of valueBlocks(values, formats, TEXT_FORMAT)) {
    sheets.writeBlock(at.sheet, at.row + block.rowOffset, at.column, block.values, block.formats);
  }
  return extent.rows * extent.columns;
}

/** How much to read from the formula's cell: what the arguments allow (a header row more), else the used area. */
function readSize<S>(sheets: FormulaSheets<S>, at: Anchor<S>, bounds: SpillBounds): { rows: number; columns: number } {
  const headerRow = bounds.headers === false ? 0 : 1;
  const rowBound = bounds.rows ?? bounds.maxRows;
  const rows = rowBound !== null ? rowBound + headerRow : sheets.lastRow(at.sheet) - at.row + 1;
  const columns = bounds.columns ?? sheets.lastColumn(at.sheet) - at.column + 1;
  return {
    rows: Math.max(1, Math.min(rows, sheets.maxRows(at.sheet) - at.row + 1)),
    columns: Math.max(1, Math.min(columns, sheets.maxColumns(at.sheet) - at.column + 1)),
  };
}

type Reference = Extract<Argument, { kind: 'reference' }>;

/** Reads the references in a formula's arguments, on its own sheet unless they name another. */
function referenceReader<S>(sheets: FormulaSheets<S>, home: S): ReferenceReader {
  const sheetOf = (reference: Reference) =>
    reference.sheetName === null ? home : sheets.sheetBeside(home, reference.sheetName);
  const rectOf = (reference: Reference, lastRow: number, lastColumn: number): GridRect | null => {
    const { row, column } = reference.rect;
    const rows = (reference.rect.lastRow ?? lastRow) - row + 1;
    const columns = (reference.rect.lastColumn ?? lastColumn) - column + 1;
    return rows < 1 || columns < 1 ? null : { row, column, rows, columns };
  };
  return {
    // An open end runs to the edge of the grid, as in the formula.
    cellCount(reference) {
      const sheet = sheetOf(reference);
      const rect = sheet === null ? null : rectOf(reference, sheets.maxRows(sheet), sheets.maxColumns(sheet));
      return rect ? rect.rows * rect.columns : null;
    },
    values(reference) {
      const sheet = sheetOf(reference);
      const rect = sheet === null ? null : rectOf(reference, sheets.lastRow(sheet), sheets.lastColumn(sheet));
      return sheet !== null && rect ? sheets.values(sheet, rect) : null;
    },
  };
}
