// Convert formulas to values (src/core/convert/to-values.ts) in the active spreadsheet.
import { formulaSheets } from '../adapters/formula-sheets';
import { toast } from '../adapters/spreadsheet';
import { convertedMessage, convertSelection } from '../core/convert/to-values';
import { ADDON_NAME } from './config';

export const convertToValues = (): { cells: number } => convertSelection(formulaSheets);

/** Menu: converts the selection and says how many cells it wrote. */
export function convertSelectionFromMenu(): void {
  toast(convertedMessage(convertToValues().cells), ADDON_NAME);
}
