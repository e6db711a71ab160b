// Convert formulas to values (src/core/convert/to-values.ts) in the active spreadsheet.
import { formulaSheets } from '../adapters/formula-sheets';
import { toast } from '../adapters/spreadsheet';
import { convertedMessage, convertSelection } from '../core/convert/to-values';
import type { ConvertResult } from '../core/contract';
import { ADDON_NAME } from './config';

export const convertToValues = (): ConvertResult => convertSelection(formulaSheets);

/** Menu: converts the selection and says how many cells it wrote, and which formulas it left and why. */
export function convertSelectionFromMenu(): void {
  toast(convertedMessage(convertToValues()), ADDON_NAME);
}
