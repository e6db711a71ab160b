// The changes sheet read back: the latest changes of a run or of the document (listChanges), and the cell a logged
// change is in now (selectChange), found by the run's output column header in its header row.
import type { ChangeEntry } from '../contract';
import { RunRegistry } from '../enrichment/registry';
import { UserError } from '../user-error';
import type { KeyValue, RunSheet } from '../ports';
import { CHANGES_HEADER, CHANGES_SHEET_NAME, latestChanges, type ChangeRecord } from './changes';

/** The latest changes, newest first; none when no refresh changed anything yet (no changes sheet). */
export function readChanges<S>(sheets: RunSheet<S>, runId?: string | null, limit?: unknown): ChangeRecord[] {
  const sheet = sheets.findSheet(CHANGES_SHEET_NAME);
  const lastRow = sheet === null ? 0 : sheets.lastRow(sheet);
  if (sheet === null || lastRow < 2) return [];
  const rect = { row: 2, column: 1, rows: lastRow - 1, columns: CHANGES_HEADER.length };
  return latestChanges(sheets.read(sheet, rect, false).values, runId, limit);
}

/** Selects the change's cell: its run's column of that field (or status) in its row, on the sheet the log names. */
export function selectChangedCell<S>(sheets: RunSheet<S>, store: KeyValue, change: unknown): void {
  const entry = change as Partial<ChangeEntry> | null;
  const run = typeof entry?.runId === 'string' ? new RunRegistry(store).get(entry.runId) : null;
  const rows = run === null ? null : sheets.findRows(run.rangeName);
  if (entry === null || run === null || rows === null || typeof entry.row !== 'number') {
    throw new UserError('That change’s run or rows are gone from this spreadsheet.');
  }
  const lastColumn = sheets.lastColumn(rows.sheet);
  const header = sheets.read(rows.sheet, { row: rows.headerRow, column: 1, rows: 1, columns: lastColumn }, false);
  const column =
    header.values[0].findIndex(
      (cell, i) => i + 1 !== rows.inputColumn && typeof cell === 'string' && cell.trim() === entry.field,
    ) + 1;
  if (column === 0) throw new UserError(`The column "${String(entry.field)}" is gone from the sheet.`);
  sheets.activate(rows.sheet, entry.row, column);
}
