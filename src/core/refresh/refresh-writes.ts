// What a chunk of a refresh writes in the rows it fetched again, planned from the rows as the sheet holds them at
// write time (matched by input value, as plain rows are): only the cells that change, the status when it changes and
// the checked time; then each change marked on its cell (a note saying what it was, a highlight) and logged in the
// changes sheet. Marks are read and written per rectangle of changed cells and the log is one append, never a call
// per cell.
import { planWrite, TEXT_FORMAT, type CellValue } from '../cells';
import type { EnrichOperation } from '../contract';
import type { GridRect, RunSheet } from '../ports';
import type { RunArea } from '../enrichment/run-area';
import { cellText, inputState } from '../enrichment/rows';
import { isFinal, statusKind, type DatedOutcome } from '../enrichment/status';
import type { OperationSpec } from '../enrichment/operations';
import { adjacentRuns } from '../enrichment/write-plan';
import {
  CHANGE_HIGHLIGHT,
  CHANGES_COLUMNS,
  CHANGES_HEADER,
  CHANGES_SHEET_NAME,
  changeRecords,
  changeRow,
  noteFor,
  type ChangeRecord,
  type ComparedField,
} from './changes';
import { planRowRefresh } from './refresh-row';

/** A changed cell: its grid row, its sheet column, and what it held. */
export interface ChangedCell {
  r: number;
  column: number;
  old: CellValue;
}

export interface RefreshPlan {
  /** Grid row → sheet column → the value written there. */
  cells: Map<number, Map<number, CellValue>>;
  changed: ChangedCell[];
  records: ChangeRecord[];
  /** Rows fetched again and written. */
  refreshed: number;
}

export interface RefreshRun {
  runId: string;
  operation: EnrichOperation;
  spec: OperationSpec;
  fields: readonly ComparedField[];
  statusHeader: string;
}

/**
 * Plans the rows of `due` (grid rows) whose input `freshOutcome` answers with a fetched status (OK, NOT FOUND,
 * PRIVATE); a row whose fetch failed keeps everything, to be tried again by a later refresh.
 */
export function planRefreshWrites(
  area: RunArea,
  due: readonly number[],
  run: RefreshRun,
  freshOutcome: (normalized: string) => DatedOutcome | null,
  where: { detectedAt: number; sheetName: string },
): RefreshPlan {
  const plan: RefreshPlan = { cells: new Map(), changed: [], records: [], refreshed: 0 };
  const { grid, columns } = area;
  const at = (r: number, column: number) => grid.values[r][grid.columns.indexOf(column)];
  const formulaAt = (r: number, column: number) => grid.formulas[r]?.[grid.columns.indexOf(column)] ?? '';
  for (const r of due) {
    const state = inputState(run.spec, area.inputs[r]);
    const outcome = state.kind === 'valid' ? freshOutcome(state.normalized) : null;
    if (outcome === null || !isFinal(statusKind(outcome.status))) continue;
    // A formula in an output cell is the user's (a plain run never writes over one): a refresh leaves it alone and
    // compares nothing there.
    const kept = columns.fields.flatMap((column, i) => (formulaAt(r, column) === '' ? [i] : []));
    const before = { values: kept.map((i) => at(r, columns.fields[i])), status: area.statuses[r] };
    const fresh = { ...outcome, values: outcome.values && kept.map((i) => outcome.values![i]) };
    const fields = kept.map((i) => run.fields[i]);
    const row = planRowRefresh(fields, before, fresh, run.statusHeader, outcome.fetchedAt);
    const cells = new Map<number, CellValue>(
      row.writes.map((write) => [columns.fields[kept[write.field]], write.value]),
    );
    if (row.status !== null) cells.set(columns.status, row.status);
    cells.set(columns.checked, row.checked);
    plan.cells.set(r, cells);
    plan.refreshed++;
    const columnOf = (field: string) =>
      field === run.statusHeader ? columns.status : columns.fields[run.fields.findIndex((f) => f.name === field)];
    for (const change of row.changes) plan.changed.push({ r, column: columnOf(change.field), old: change.old });
    const changedRow = { ...where, row: grid.firstRow + r, input: cellText(area.inputs[r]), runId: run.runId };
    plan.records.push(...changeRecords(run.operation, row.changes, changedRow));
  }
  return plan;
}

/**
 * Marks each changed cell: the highlight, and a note saying what it held (the add-on's earlier line replaced, the
 * user's note kept below). One read and one write of notes and of backgrounds per rectangle: a run of adjacent
 * changed columns over the rows from its first change to its last; the other cells get back what they held.
 */
export function markChanges<S>(
  sheets: RunSheet<S>,
  sheet: S,
  firstRow: number,
  changed: readonly ChangedCell[],
  detectedAt: number,
): void {
  for (const run of adjacentRuns(changed.map((cell) => cell.column))) {
    const cells = changed.filter((cell) => run.includes(cell.column));
    const top = Math.min(...cells.map((cell) => cell.r));
    const bottom = Math.max(...cells.map((cell) => cell.r));
    const rect: GridRect = { row: firstRow + top, column: run[0], rows: bottom - top + 1, columns: run.length };
    const marks = sheets.readMarks(sheet, rect);
    for (const cell of cells) {
      const [r, c] = [cell.r - top, cell.column - run[0]];
      marks.notes[r][c] = noteFor(cell.old, detectedAt, marks.notes[r][c] ?? '');
      marks.backgrounds[r][c] = CHANGE_HIGHLIGHT;
    }
    sheets.writeMarks(sheet, rect, marks);
  }
}

/** Appends the records to the changes sheet in one write, as text; the sheet is added, with its header, if missing. */
export function logChanges<S>(sheets: RunSheet<S>, records: readonly ChangeRecord[]): void {
  if (records.length === 0) return;
  const { sheet, added } = sheets.sheetAdded(CHANGES_SHEET_NAME);
  if (added)
    sheets.writeBlock(
      sheet,
      1,
      1,
      [[...CHANGES_HEADER]],
      CHANGES_HEADER.map(() => TEXT_FORMAT),
    );
  const planned = planWrite(CHANGES_COLUMNS, records.map(changeRow));
  sheets.writeBlock(sheet, sheets.lastRow(sheet) + 1, 1, planned.rows, planned.formats);
}
