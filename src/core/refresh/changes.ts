// What a refresh changed: each output cell's value before the refresh against the value the refresh writes, compared
// in the form both take in the sheet, so that only real differences count. Each change is marked on its cell (a
// note saying what it was) and logged as a row of the changes sheet, which listChanges reads back.
import { capCellText, type CellValue } from '../cells';
import { CHANGE_KINDS, type ChangeKind, type EnrichOperation } from '../contract';
import { statusKind } from '../enrichment/status';
import type { RecordType } from '../fields/catalog';
import { capStoredText } from '../text';
import { checkedText, parseChecked, statusHeaderOf } from './checked';

// ---------- Comparing as written ----------

/** An output field of a run: its canonical name and the record type it reads. */
export interface ComparedField {
  readonly name: string;
  readonly recordType: RecordType;
}

/** One output cell that differs: the value read back before the refresh, and the value the refresh writes. */
export interface FieldChange {
  field: string;
  old: CellValue;
  new: CellValue;
}

/**
 * Lists the writer sorts (a contact's emails and phones, best-rated first): their order follows ratings the sheet
 * does not show, so only the items count.
 */
const SORTED_LISTS: { readonly [T in RecordType]?: readonly string[] } = { contact: ['emails', 'phones'] };
/** How compactText joins a list of strings. */
const LIST_SEPARATOR = ', ';

/** A cell as getValues returns it, as a cell value: blank for null, a Date (typed by the user) as its ISO text. */
export function readBack(cell: unknown): CellValue {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  if (typeof cell === 'string' || typeof cell === 'number' || typeof cell === 'boolean') return cell;
  return String(cell);
}

/**
 * The form in which a written value and a read-back cell are compared. planWrite writes a number or boolean in a
 * text column as the text Sheets shows ("12", "TRUE"), so each is compared as that text; text is capped as
 * cellValue caps it (a capped cell read back equals the same capped text); line breaks as \n and Unicode in NFC,
 * which Sheets may store otherwise. Other whitespace is kept: the writer keeps it, and so does the cell.
 */
function comparable(value: CellValue, sortedList: boolean): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  const text = capCellText(value).replace(/\r\n?/g, '\n').normalize('NFC');
  return sortedList ? text.split(LIST_SEPARATOR).sort().join(LIST_SEPARATOR) : text;
}

/** Whether the cell read back already shows what the writer would write there. */
export function sameAsWritten(oldCell: unknown, written: CellValue, field: ComparedField): boolean {
  const sortedList = SORTED_LISTS[field.recordType]?.includes(field.name) ?? false;
  return comparable(readBack(oldCell), sortedList) === comparable(written, sortedList);
}

function isGone(status: unknown): boolean {
  const kind = statusKind(status);
  return kind === 'notFound' || kind === 'private';
}

/**
 * The changed cells of one refreshed row. `oldValues` are the field cells as read before the refresh,
 * `newValues` what the refresh writes (null when its answer found nothing). An OK row now NOT FOUND or PRIVATE keeps
 * its values, so its one change is the status's; otherwise every field whose cell would show something else.
 */
export function compareRow(
  fields: readonly ComparedField[],
  oldValues: readonly unknown[],
  newValues: readonly CellValue[] | null,
  oldStatus: unknown,
  newStatus: string,
  statusHeader: string,
): FieldChange[] {
  if (statusKind(oldStatus) === 'ok' && isGone(newStatus)) {
    return [{ field: statusHeader, old: readBack(oldStatus), new: newStatus }];
  }
  if (newValues === null) return [];
  return fields.flatMap((field, index) =>
    sameAsWritten(oldValues[index], newValues[index], field)
      ? []
      : [{ field: field.name, old: readBack(oldValues[index]), new: newValues[index] }],
  );
}

// ---------- Kinds ----------

/** The current employer's fields. */
const EMPLOYER_FIELDS: { readonly [O in EnrichOperation]: readonly string[] } = {
  scrape: ['experience.1.employer_name'],
  profile: ['experience.1.company_name', 'active_experience_company_id'],
  contacts: [],
};

const TITLE_FIELDS: readonly string[] = [
  'title',
  'headline',
  'experience.1.employee_title',
  'experience.1.position_title',
  'active_experience_title',
];

const EMAIL_FIELDS: readonly string[] = ['email', 'emails'];
const PHONE_FIELDS: readonly string[] = ['phone', 'phones'];

/** Fields about the current job: when the employer changed, a change in any of them is part of the new employer. */
function isJobField(operation: EnrichOperation, field: string): boolean {
  if (operation === 'contacts') return false;
  return (
    EMPLOYER_FIELDS[operation].includes(field) ||
    TITLE_FIELDS.includes(field) ||
    field.startsWith('experience.1.') ||
    field.startsWith('active_experience_')
  );
}

export function isEmployerField(operation: EnrichOperation, field: string): boolean {
  return EMPLOYER_FIELDS[operation].includes(field);
}

/** The kind of one change; `rowChangedEmployer`: the same row's employer changed too. */
export function changeKind(operation: EnrichOperation, field: string, rowChangedEmployer: boolean): ChangeKind {
  if (field === statusHeaderOf(operation)) return 'profile gone';
  if (isEmployerField(operation, field)) return 'new employer';
  if (isJobField(operation, field)) {
    if (rowChangedEmployer) return 'new employer';
    if (TITLE_FIELDS.includes(field)) return 'new title';
  }
  if (operation !== 'contacts' && field.startsWith('location')) return 'new location';
  if (operation === 'contacts' && EMAIL_FIELDS.includes(field)) return 'new email';
  if (operation === 'contacts' && PHONE_FIELDS.includes(field)) return 'new phone';
  return 'changed';
}

// ---------- The changes sheet ----------

export const CHANGES_SHEET_NAME = 'sheet-enrich changes';

/** One logged change, as listChanges returns it. */
export interface ChangeRecord {
  /** ISO 8601 UTC, seconds. */
  detectedAt: string;
  sheetName: string;
  /** The sheet row at write time. */
  row: number;
  /** The row's input value as text. */
  input: string;
  field: string;
  old: CellValue;
  new: CellValue;
  change: ChangeKind;
  runId: string;
}

/**
 * The changes sheet's columns, in ChangeRecord's order, with the kinds planWrite writes them by: all text but the
 * row, so an old value is shown exactly as it was (a number or boolean as the text Sheets showed).
 */
export const CHANGES_COLUMNS = [
  { name: 'detected at', kind: 'text' },
  { name: 'sheet', kind: 'text' },
  { name: 'row', kind: 'number' },
  { name: 'input', kind: 'text' },
  { name: 'field', kind: 'text' },
  { name: 'old', kind: 'text' },
  { name: 'new', kind: 'text' },
  { name: 'change', kind: 'text' },
  { name: 'run', kind: 'text' },
] as const;

export const CHANGES_HEADER: readonly string[] = CHANGES_COLUMNS.map((column) => column.name);

/** Where a refreshed row is and when its changes were found. */
export interface ChangedRow {
  detectedAt: number;
  sheetName: string;
  row: number;
  input: string;
  runId: string;
}

/** A row's changes as records of the changes sheet, each with its kind (an employer change claims the job fields). */
export function changeRecords(
  operation: EnrichOperation,
  changes: readonly FieldChange[],
  where: ChangedRow,
): ChangeRecord[] {
  const employerChanged = changes.some((change) => isEmployerField(operation, change.field));
  return changes.map((change) => ({
    detectedAt: checkedText(where.detectedAt),
    sheetName: where.sheetName,
    row: where.row,
    input: where.input,
    field: change.field,
    old: change.old,
    new: change.new,
    change: changeKind(operation, change.field, employerChanged),
    runId: where.runId,
  }));
}

/** A record as a row of the changes sheet, in CHANGES_HEADER's order. */
export function changeRow(record: ChangeRecord): CellValue[] {
  const { detectedAt, sheetName, row, input, field, old, change, runId } = record;
  return [detectedAt, sheetName, row, input, field, old, record.new, change, runId];
}

/** A row of the changes sheet read back; null for a row that is not one (the header, a row the user edited). */
export function changeOfRow(cells: readonly unknown[]): ChangeRecord | null {
  const [detectedAt, sheetName, row, input, field, old, value, change, runId] = cells;
  const time = parseChecked(detectedAt);
  const kind = CHANGE_KINDS.find((known) => known === change);
  if (time === null || kind === undefined || typeof row !== 'number' || !Number.isSafeInteger(row) || row < 1) {
    return null;
  }
  return {
    detectedAt: checkedText(time),
    sheetName: String(readBack(sheetName)),
    row,
    input: String(readBack(input)),
    field: String(readBack(field)),
    old: readBack(old),
    new: readBack(value),
    change: kind,
    runId: String(readBack(runId)),
  };
}

export const DEFAULT_CHANGES_LIMIT = 100;
export const MAX_CHANGES_LIMIT = 1_000;

/** The limit listChanges uses: the default when none is given, else a whole number from 1 to the most. */
export function changesLimit(limit: unknown): number {
  if (typeof limit !== 'number' || !Number.isFinite(limit)) return DEFAULT_CHANGES_LIMIT;
  return Math.min(MAX_CHANGES_LIMIT, Math.max(1, Math.floor(limit)));
}

/**
 * listChanges over the changes sheet's data rows (in the order appended): the latest `limit` changes, of one run
 * when runId is given, newest first (of one time, the row appended last first).
 */
export function latestChanges(
  rows: readonly (readonly unknown[])[],
  runId?: string | null,
  limit?: unknown,
): ChangeRecord[] {
  const records = rows
    .map(changeOfRow)
    .filter((record): record is ChangeRecord => record !== null && (!runId || record.runId === runId))
    .reverse();
  // Stable: equal times stay newest-appended first.
  records.sort((a, b) => parseChecked(b.detectedAt)! - parseChecked(a.detectedAt)!);
  return records.slice(0, changesLimit(limit));
}

/** The counts a run's summary gives for its latest refresh. */
export function countChanges(records: readonly { change: ChangeKind }[]): {
  changes: number;
  changesByKind: Partial<Record<ChangeKind, number>>;
} {
  const changesByKind: Partial<Record<ChangeKind, number>> = {};
  for (const { change } of records) changesByKind[change] = (changesByKind[change] ?? 0) + 1;
  return { changes: records.length, changesByKind };
}

// ---------- The changed cell ----------

/** The background a changed cell gets (Sheets' light yellow 3), so the eye finds what a refresh changed. */
export const CHANGE_HIGHLIGHT = '#fff2cc';

const NOTE_PREFIX = 'sheet-enrich: was ';

/**
 * The note of a changed cell: `sheet-enrich: was "<old>" until <date>` on the first line, then whatever note the
 * user wrote there. Our line from an earlier change is replaced. The old value is quoted as JSON (on one line, so
 * our line can be found again) and shortened to what a note reads; the changes sheet keeps it whole.
 */
export function noteFor(old: CellValue, date: number, existingNote: string): string {
  const shown = typeof old === 'string' ? old : comparable(old, false);
  const line = `${NOTE_PREFIX}${JSON.stringify(capStoredText(shown))} until ${checkedText(date)}`;
  const usersNote = existingNote
    .split(/\r?\n/)
    .filter((existing) => !existing.startsWith(`${NOTE_PREFIX}"`))
    .join('\n');
  return usersNote.trim() === '' ? line : `${line}\n${usersNote}`;
}
