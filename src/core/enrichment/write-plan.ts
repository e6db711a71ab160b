// The writes of one chunk of a run, planned from the rows as the sheet holds them at write time. Values are matched
// to their rows by the input's value, not by position, so rows sorted or inserted during a run still get their own
// values. Only cells that change are written (a cell holding a value or a formula is never written unless the run
// overwrites, and then only in an output column of a row it settles), and the writes are grouped into as few
// rectangles as possible: one per run of adjacent columns in the usual case.
import { planWrite, sheetsMayParse, type CellValue } from '../cells';
import type { KindName } from '../fields/catalog';
import { isBlank } from '../text';
import { checkedCell } from '../refresh/checked';
import type { DatedOutcome } from './status';

/**
 * The rows of the run over the columns it reads, as read in one go: data rows only (no header), and only the input,
 * output and status columns (not the user's columns between them).
 */
export interface ChunkGrid {
  /** The sheet row of values[0]. */
  firstRow: number;
  /** The sheet column of each grid column: values[r][i] is in sheet column columns[i]. */
  columns: readonly number[];
  values: readonly (readonly unknown[])[];
  /** Same shape; '' where a cell holds no formula. */
  formulas: readonly (readonly string[])[];
}

export interface ChunkTargets {
  inputColumn: number;
  /** One per field, 1-based. */
  fieldColumns: readonly number[];
  fieldKinds: readonly KindName[];
  statusColumn: number;
  checkedColumn: number;
}

/** One rectangle: its number formats (one per column) and its values, written with one setValues. */
export interface WriteBlock {
  row: number;
  column: number;
  formats: string[];
  values: CellValue[][];
}

export interface ChunkPlan {
  blocks: WriteBlock[];
  /** The status column after the writes, one cell per grid row (a formula where the cell holds one). */
  statuses: unknown[];
  /** Rows given a status by this chunk. */
  settled: number;
}

/** What a row's input gets; null leaves the row alone (a blank input, or one not answered yet). */
export type OutcomeOf = (input: unknown) => DatedOutcome | null;

type CellPlan = { write: CellValue } | 'free' | 'keep';

/** `refreshed`: the cells a refresh writes in done rows it fetched again (grid row → sheet column → value). */
export function planChunkWrite(
  grid: ChunkGrid,
  targets: ChunkTargets,
  outcomeOf: OutcomeOf,
  overwrite: boolean,
  refreshed: ReadonlyMap<number, ReadonlyMap<number, CellValue>> = new Map(),
): ChunkPlan {
  const indexOf = new Map(grid.columns.map((column, i) => [column, i]));
  const at = (r: number, column: number) => grid.values[r][indexOf.get(column)!];
  const formulaAt = (r: number, column: number) => grid.formulas[r][indexOf.get(column)!];
  const isEmpty = (r: number, column: number) => isBlank(at(r, column)) && formulaAt(r, column) === '';
  const writes = new Map<number, Map<number, CellValue>>();
  // A status cell holding a formula is not ours to write: its formula stands for its status.
  const statuses = grid.values.map((_, r) => formulaAt(r, targets.statusColumn) || at(r, targets.statusColumn));
  grid.values.forEach((_, r) => {
    if (!isEmpty(r, targets.statusColumn)) return; // settled earlier, by this run or another
    const outcome = outcomeOf(at(r, targets.inputColumn));
    if (outcome === null) return;
    const row = new Map<number, CellValue>([[targets.statusColumn, outcome.status]]);
    // The checked cell is the run's own: a row fetched again is dated again, one not fetched is cleared.
    const checked = checkedCell(outcome.status, outcome.fetchedAt);
    if (checked !== '' || !isEmpty(r, targets.checkedColumn)) row.set(targets.checkedColumn, checked);
    outcome.values?.forEach((value, i) => {
      const column = targets.fieldColumns[i];
      const empty = isEmpty(r, column);
      if ((overwrite || empty) && !(empty && value === '')) row.set(column, value);
    });
    writes.set(r, row);
    statuses[r] = outcome.status;
  });
  refreshed.forEach((cells, r) => {
    writes.set(r, new Map(cells));
    const status = cells.get(targets.statusColumn);
    if (status !== undefined) statuses[r] = status;
  });
  const cellPlan = (r: number, column: number): CellPlan => {
    const value = writes.get(r)?.get(column);
    if (value !== undefined) return { write: value };
    return isEmpty(r, column) ? 'free' : 'keep';
  };
  const kindOf = new Map<number, KindName>(targets.fieldColumns.map((column, i) => [column, targets.fieldKinds[i]]));
  kindOf.set(targets.statusColumn, 'text');
  kindOf.set(targets.checkedColumn, 'text');
  const rows = [...writes.keys()].sort((a, b) => a - b);
  const blocks = adjacentRuns([...kindOf.keys()]).flatMap((run) =>
    rectanglesOf(run, rows, cellPlan).map((rect) => toBlock(grid.firstRow, rect, cellPlan, kindOf)),
  );
  return { blocks: statusesLast(blocks, targets.statusColumn), statuses, settled: writes.size };
}

/**
 * The writer puts text Sheets could parse in with a second call (rich text) after setValues, so a row's status is
 * written only once its values are all in: blocks holding statuses go last, and one that holds such text gives its
 * statuses a block of their own. An execution stopped between two calls then leaves the row without a status, and
 * the next one writes it again.
 */
function statusesLast(blocks: readonly WriteBlock[], statusColumn: number): WriteBlock[] {
  const values: WriteBlock[] = [];
  const statuses: WriteBlock[] = [];
  for (const block of blocks) {
    const at = statusColumn - block.column;
    if (at < 0 || at >= block.formats.length) {
      values.push(block);
      continue;
    }
    const guarded = block.values.some((row) =>
      row.some((v, c) => c !== at && typeof v === 'string' && sheetsMayParse(v)),
    );
    if (!guarded) {
      statuses.push(block);
      continue;
    }
    const cut = (from: number, to: number): WriteBlock => ({
      row: block.row,
      column: block.column + from,
      formats: block.formats.slice(from, to),
      values: block.values.map((row) => row.slice(from, to)),
    });
    if (at > 0) values.push(cut(0, at));
    if (at + 1 < block.formats.length) values.push(cut(at + 1, block.formats.length));
    statuses.push(cut(at, at + 1));
  }
  return [...values, ...statuses];
}

/** Sorted columns grouped into runs of adjacent ones. */
export function adjacentRuns(columns: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const column of [...new Set(columns)].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1] + 1 === column) last.push(column);
    else runs.push([column]);
  }
  return runs;
}

interface Rect {
  /** Grid rows, inclusive. */
  top: number;
  bottom: number;
  columns: number[];
}

/**
 * The rectangles covering the writes in one run of columns. A row splits its run at cells to keep; the pieces
 * holding a write are its segments. A rectangle goes on down through rows with the same segment, and through rows
 * with nothing to write whose cells in it are empty (writing '' there changes nothing), but ends at anything else.
 */
function rectanglesOf(run: number[], rows: number[], cellPlan: (r: number, column: number) => CellPlan): Rect[] {
  const done: Rect[] = [];
  let open: Rect[] = [];
  const key = (columns: number[]) => columns.join(',');
  for (let r = rows[0]; rows.length > 0 && r <= rows[rows.length - 1]; r++) {
    const segments = segmentsOf(run, r, cellPlan);
    const wanted = new Set(segments.map(key));
    const kept: Rect[] = [];
    for (const rect of open) {
      const blankHere = rect.columns.every((column) => cellPlan(r, column) === 'free');
      if (wanted.has(key(rect.columns))) {
        rect.bottom = r;
        wanted.delete(key(rect.columns));
        kept.push(rect);
      } else if (segments.length === 0 && blankHere) kept.push(rect);
      else done.push(rect);
    }
    for (const columns of segments) if (wanted.has(key(columns))) kept.push({ top: r, bottom: r, columns });
    open = kept;
  }
  return [...done, ...open];
}

function segmentsOf(run: number[], r: number, cellPlan: (r: number, column: number) => CellPlan): number[][] {
  const segments: number[][] = [];
  let current: number[] = [];
  let hasWrite = false;
  const close = () => {
    if (hasWrite) segments.push(current);
    current = [];
    hasWrite = false;
  };
  for (const column of run) {
    const plan = cellPlan(r, column);
    if (plan === 'keep') close();
    else {
      current.push(column);
      hasWrite ||= plan !== 'free';
    }
  }
  close();
  return segments;
}

function toBlock(
  firstRow: number,
  rect: Rect,
  cellPlan: (r: number, column: number) => CellPlan,
  kindOf: Map<number, KindName>,
): WriteBlock {
  const values: CellValue[][] = [];
  for (let r = rect.top; r <= rect.bottom; r++) {
    values.push(
      rect.columns.map((column) => {
        const plan = cellPlan(r, column);
        return typeof plan === 'object' ? plan.write : '';
      }),
    );
  }
  const planned = planWrite(
    rect.columns.map((column) => ({ kind: kindOf.get(column)! })),
    values,
  );
  return { row: firstRow + rect.top, column: rect.columns[0], formats: planned.formats, values: planned.rows };
}
