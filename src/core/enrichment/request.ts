// What the sidebar sends to preview or start a run, checked before anything is sent, spent or written: the shape of
// the request first (parseRequest), then the column as the sheet holds it (readColumn).
import type { EnrichOperation, EnrichmentRequest } from '../contract';
import { parseFieldList, type FieldPath } from '../fields/flatten';
import { isBlank } from '../text';
import { UserError } from '../user-error';
import { readRefresh, type RefreshRequest } from '../refresh/request';
import { parseColumnLetters, parseColumnRange, type ColumnRange } from './a1';
import { CHOOSE_OPERATION, isOperation, OPERATIONS, type OperationSpec } from './operations';
import { columnLayout, type ColumnLayout } from './rows';

export interface ParsedRequest {
  sheetName: string;
  /** As the request gave it. */
  inputA1: string;
  range: ColumnRange;
  operation: EnrichOperation;
  spec: OperationSpec;
  /** Each field once, in the order asked. */
  fields: FieldPath[];
  overwrite: boolean;
  /** Where missing output columns start; null: just after the run's rows' last used column. */
  outputColumn: number | null;
  /** Done rows to fetch again; null for a plain run. */
  refresh: RefreshRequest | null;
}

export function parseRequest(input: unknown): ParsedRequest {
  if (typeof input !== 'object' || input === null) throw new UserError('Choose a column to enrich.');
  const request = input as Partial<Record<keyof EnrichmentRequest, unknown>>;
  if (!isOperation(request.operation)) {
    throw new UserError(CHOOSE_OPERATION);
  }
  const spec = OPERATIONS[request.operation];
  if (typeof request.sheetName !== 'string' || request.sheetName === '') {
    throw new UserError('Name the sheet that holds the inputs.');
  }
  const parsed = parseColumnRange(request.inputA1);
  if (!parsed.ok) throw new UserError(parsed.error.message);
  if (parsed.sheetName !== null && parsed.sheetName !== request.sheetName) {
    throw new UserError(`The range ${String(request.inputA1)} is not on the sheet "${request.sheetName}".`);
  }
  if (request.overwrite !== undefined && request.overwrite !== null && typeof request.overwrite !== 'boolean') {
    throw new UserError('Overwrite must be true or false.');
  }
  const outputColumn = parseOutputColumn(request.outputColumn);
  const refresh = readRefresh(request.refresh, request.operation);
  if (!refresh.ok) throw new UserError(refresh.message);
  return {
    sheetName: request.sheetName,
    inputA1: String(request.inputA1).trim(),
    range: parsed.range,
    operation: request.operation,
    spec,
    fields: requestedFields(spec, request.fields),
    overwrite: request.overwrite === true,
    outputColumn,
    refresh: refresh.refresh,
  };
}

function parseOutputColumn(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const column = parseColumnLetters(value);
  if (column === null) throw new UserError('Give the column for the results as letters, such as "F".');
  return column;
}

/**
 * A run keeps its field names in its entry in document properties, where a value may hold 9 KB (docs/platform.md):
 * names up to this length (about 200 fields) leave room for the rest of the entry, its error sentence included.
 */
const MAX_FIELD_NAMES_CHARS = 6_000;

/** Names as a list or as text (commas or semicolons, as the formulas take them); none: the formula's defaults. */
function requestedFields(spec: OperationSpec, fields: unknown): FieldPath[] {
  const names = Array.isArray(fields) ? fields : typeof fields === 'string' ? fields : null;
  const none = names === null || (Array.isArray(names) ? names.every(isBlank) : names.trim() === '');
  if (fields !== undefined && fields !== null && names === null) {
    throw new UserError('Give the fields as a list of names, such as ["name", "headline"].');
  }
  if (none || names === null) return [...spec.defaults()];
  if (Array.isArray(names) && names.some((name) => typeof name !== 'string')) {
    throw new UserError('Give each field as a name, such as "headline".');
  }
  const parsed = parseFieldList(Array.isArray(names) ? [names] : names, spec.recordType);
  if (!parsed.ok) throw new UserError(parsed.error.message);
  // A name asked twice would address the same column twice.
  const byName = new Map(parsed.fields.map((field) => [field.name, field] as const));
  if (JSON.stringify([...byName.keys()]).length > MAX_FIELD_NAMES_CHARS) {
    throw new UserError(
      `These ${byName.size} fields are more than one run can keep; choose fewer, or split them over two runs.`,
    );
  }
  return [...byName.values()];
}

export function missingSheetError(sheetName: string): UserError {
  return new UserError(`There is no sheet named "${sheetName}" in this spreadsheet.`);
}

/** The selection's cells from its first row down, clipped to the sheet's last row with content. */
export interface ColumnCells {
  firstRow: number;
  cells: readonly unknown[];
}

export interface InputColumn extends ColumnLayout {
  headerRow: number;
  /** The input cells, from firstInputRow down. */
  inputs: readonly unknown[];
}

/** The header and the inputs of a request's column; a column without a header row or without inputs is refused. */
export function readColumn(request: ParsedRequest, column: ColumnCells): InputColumn {
  const layout = columnLayout(column.firstRow, column.cells[0]);
  if (layout.headerRow === null) {
    throw new UserError(
      `A selection that starts on row 1 needs a header in its first cell, such as "Profile URL", to name the column.`,
    );
  }
  const inputs = column.cells.slice(layout.headerInSelection ? 1 : 0);
  if (inputs.every(isBlank)) {
    throw new UserError(`The range ${request.inputA1} holds no inputs to enrich.`);
  }
  return { ...layout, headerRow: layout.headerRow, inputs };
}
