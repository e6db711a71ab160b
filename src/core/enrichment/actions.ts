// What a user's clicks do to enrichment runs, each under the document lock: start (the request checked again, rows
// another unfinished run enriches refused, the entry saved before the sheet changes), pause, resume (the estimate
// raised to cover the rows left), cancel and retry the failed rows; and which runs a user's executions go on with.
// The platform comes in through RunPorts; a run bills the key of whoever started it.
import { UserError } from '../user-error';
import { noKeyError } from '../api/errors';
import type { EnrichmentPreview, RunSummary } from '../contract';
import { cachedInputs } from '../fetch/engine';
import { headerFor } from '../fields/flatten';
import { withLock } from '../lock';
import type { RunRows, RunSheet } from '../ports';
import type { Settings } from '../settings';
import { readSchedule } from '../refresh/schedule';
import { rectA1 } from './a1';
import { outputNames } from './columns';
import { uncoveredRows } from './estimate';
import { OPERATIONS } from './operations';
import { pendingInputs, previewColumn, startStatuses } from './preview';
import { countRows, remainingInputs, type RunCounts } from './progress';
import { isUnfinished, runMessage, RunRegistry, toRunSummary, type RunRecord } from './registry';
import { parseRequest, readColumn, type ParsedRequest } from './request';
import { readArea, readColumnCells, writeBlocks, type RunArea } from './run-area';
import { missingHeadersBlock, statusesBlock } from './run-writes';
import { statusKind } from './status';
import { isoTime, ROWS_GONE, saveCountingLapsed, workOnRun, type RunPorts } from './work';
import type { WriteBlock } from './write-plan';

/** A user's click (start, pause, retry…) waits this long for a chunk being written elsewhere. */
const USER_LOCK_WAIT_MS = 20_000;
export const BUSY = 'Another sheet-enrich task is writing to this spreadsheet; try again in a moment.';
const STORE_FULL =
  'This spreadsheet has no room left to keep another enrichment run (its document properties are full), so none was started.';
const RANGE_PREFIX = 'sheetEnrichRun_';

/** Sends no request: the cache tells which inputs are answered already. */
export function previewRun<S>(ports: RunPorts<S>, request: unknown, settings: Settings): EnrichmentPreview {
  const { parsed, area } = readRequest(ports.sheet, request);
  return planStart(ports, parsed, area, settings, ports.clock.now()).preview;
}

/**
 * Starts a run that `userId()` (asked only once the key is there) starts and pays for; answers its entry.
 * `maxRows`: a refresh fetches again at most this many due rows, the oldest (a schedule's cap).
 */
export function startRun<S>(
  ports: RunPorts<S>,
  request: unknown,
  settings: Settings,
  userId: () => string,
  maxRows: number | null = null,
): RunRecord {
  if (settings.apiKey === null) throw new UserError(noKeyError().message);
  const starter = userId();
  const register = () => registerRun(ports, request, settings, starter, maxRows);
  const run = withLock(ports.lock, USER_LOCK_WAIT_MS, null, register);
  if (run === null) throw new UserError(BUSY);
  return run;
}

export function pauseRun<S>(ports: RunPorts<S>, runId: string): RunRecord {
  return changeRun(ports, runId, (run) => (run.status === 'running' ? { status: 'paused', error: null } : null));
}

/** Goes on from where the run paused; the estimate is raised first when it does not cover the rows left. */
export function resumeRun<S>(ports: RunPorts<S>, runId: string, settings: () => Settings): RunRecord {
  return changeRun(ports, runId, (run) =>
    run.status === 'paused'
      ? { status: 'running', error: null, ...estimateCoveringRowsLeft(ports, run, settings) }
      : null,
  );
}

export function cancelRun<S>(ports: RunPorts<S>, runId: string): RunRecord {
  return changeRun(ports, runId, (run) => (isUnfinished(run.status) ? { status: 'cancelled', error: null } : null));
}

/** Runs the rows whose status is ERROR: again (NOT FOUND and PRIVATE are final); the run goes on from there. */
export function retryFailedRows<S>(ports: RunPorts<S>, runId: string): RunRecord {
  return changeRun(ports, runId, (run) => {
    const rows = ports.sheet.findRows(run.rangeName);
    if (rows === null) throw new UserError(ROWS_GONE);
    const area = readArea(ports.sheet, rows, run);
    const statuses = area.statuses.map((status) => (statusKind(status) === 'error' ? '' : status));
    const retried = statuses.filter((status, i) => status !== area.statuses[i]).length;
    const block = statusesBlock(area, statuses);
    if (block === null) return null;
    writeBlocks(ports.sheet, area.sheet, [block]);
    const creditsEstimated = run.creditsEstimated + retried * OPERATIONS[run.operation].fetch.creditsPerFetch;
    return { ...countRows(area.inputs, statuses), status: 'running', error: null, creditsEstimated };
  });
}

/**
 * The estimate raised (when it must be) to what is spent plus what the rows left would cost: rows inserted or pasted
 * during the run, or answers gone from the cache, which made the run pause rather than spend more than agreed.
 */
export function estimateCoveringRowsLeft<S>(
  ports: RunPorts<S>,
  run: RunRecord,
  settings: () => Settings,
): Pick<RunRecord, 'creditsEstimated' | 'creditsAdded'> | null {
  const rows = ports.sheet.findRows(run.rangeName);
  if (rows === null) return null;
  const area = readArea(ports.sheet, rows, run);
  const operation = OPERATIONS[run.operation];
  const left = remainingInputs(operation, area.inputs, area.statuses);
  const context = ports.fetchContext({ ...settings(), baseUrl: run.baseUrl });
  const cached = cachedInputs(operation.fetch, context, left.inputs);
  const { raise } = uncoveredRows(run, left.rows, left.inputs.length - cached.size, operation.fetch.creditsPerFetch);
  if (raise === 0) return null;
  return { creditsEstimated: run.creditsEstimated + raise, creditsAdded: run.creditsAdded + raise };
}

/** The runs `userId` started that are running, in the order to work on them: oldest first, so it finishes first. */
export function runningRunsOf(runs: readonly RunRecord[], userId: string): RunRecord[] {
  return runs.filter((run) => run.status === 'running' && run.startedBy === userId).reverse();
}

/**
 * Whether `userId` has runs their executions can go on with: running, on the base URL of their settings, with their
 * key set. On the rest a trigger could only pause the runs (saying why, see work.ts), so it is not work to stay for.
 */
export function hasRunsToContinue(registry: Pick<RunRegistry, 'all'>, userId: string, settings: Settings): boolean {
  if (settings.apiKey === null) return false;
  return runningRunsOf(registry.all(), userId).some((run) => run.baseUrl === settings.baseUrl);
}

/** Works on the runs (running, the user's) in turn until stopBy, with the user's settings, read once if any. */
export function workOnRuns<S>(
  ports: RunPorts<S>,
  runs: readonly RunRecord[],
  worker: { userId: string; settings: () => Settings; stopBy: number },
): void {
  const own = runningRunsOf(runs, worker.userId);
  if (own.length === 0) return;
  const settings = worker.settings();
  for (const run of own) {
    if (ports.clock.now() >= worker.stopBy) break;
    workOnRun(ports, run.runId, { userId: worker.userId, settings, stopBy: worker.stopBy });
  }
}

/** The runs a call names: the one of that id, or every run when it names none. */
export function runsNamed(registry: RunRegistry, runId: string | undefined): RunRecord[] {
  return runId === undefined ? registry.all() : [requireRun(registry, runId)];
}

/**
 * Every run as `viewer` sees it. While one of theirs is unfinished, what stopped their background (`problem`, asked
 * only then) shows on theirs.
 */
export function runSummaries(
  runs: readonly RunRecord[],
  viewer: string | null,
  problem: () => string | null,
): RunSummary[] {
  const waiting = runs.some((run) => run.startedBy === viewer && isUnfinished(run.status));
  const shown = waiting ? problem() : null;
  return runs.map((run) => toRunSummary(run, viewer, shown));
}

export function requireRun(registry: RunRegistry, runId: unknown): RunRecord {
  const run = typeof runId === 'string' ? registry.get(runId) : null;
  if (run === null) throw new UserError('That enrichment run is not in this spreadsheet.');
  return run;
}

/** Applies a user's change to a run under the lock; `change` answers null when there is nothing to change. */
function changeRun<S>(
  ports: RunPorts<S>,
  runId: string,
  change: (run: RunRecord) => Partial<RunRecord> | null,
): RunRecord {
  const saved = withLock(ports.lock, USER_LOCK_WAIT_MS, null, () => {
    const registry = new RunRegistry(ports.store);
    const run = requireRun(registry, runId);
    const changes = change(run);
    if (changes === null) return run;
    const next = { ...run, ...changes };
    return saveCountingLapsed(registry, run, { ...changes, message: runMessage(next.status, next) }, ports);
  });
  if (saved === null) throw new UserError(BUSY);
  return saved;
}

/** The request checked, its sheet and column read: the rows it names and their area. */
function readRequest<S>(sheet: RunSheet<S>, request: unknown) {
  const parsed = parseRequest(request);
  const handle = sheet.sheetNamed(parsed.sheetName);
  const column = readColumn(parsed, readColumnCells(sheet, handle, parsed.range));
  const rows: RunRows<S> = {
    sheet: handle,
    headerRow: column.headerRow,
    lastRow: column.firstInputRow + column.inputs.length - 1,
    inputColumn: parsed.range.column,
  };
  const outputs = {
    operation: parsed.operation,
    fields: parsed.fields.map(headerFor),
    outputColumn: parsed.outputColumn,
  };
  return { parsed, rows, area: readArea(sheet, rows, outputs) };
}

/** `now`: when a refresh starts (its due rows are measured from it). */
function planStart<S>(ports: RunPorts<S>, parsed: ParsedRequest, area: RunArea<S>, settings: Settings, now: number) {
  return previewColumn(parsed.spec, ports.fetchContext(settings), {
    inputs: area.inputs,
    statuses: area.statuses,
    checked: area.checked,
    refresh: parsed.refresh,
    now,
    overwrite: parsed.overwrite,
    firstInputRow: area.headerRow + 1,
    columns: outputNames(parsed.operation, parsed.fields.map(headerFor)),
    outputA1: outputA1(area),
  });
}

/** Where the run writes, header row to last input row: every output column, and those between them. */
function outputA1(area: RunArea): string {
  const columns = [...area.columns.fields, area.columns.status, area.columns.checked];
  const [column, lastColumn] = [Math.min(...columns), Math.max(...columns)];
  return rectA1({ row: area.headerRow, column, lastRow: area.lastRow, lastColumn });
}

/**
 * Under the lock: checks the request again, saves the run's entry, then writes the headers and the starting statuses
 * and names the rows. The entry comes first: a document whose properties are full refuses the run before the sheet
 * changes, and a sheet that refuses the writes leaves no entry behind.
 */
function registerRun<S>(
  ports: RunPorts<S>,
  request: unknown,
  settings: Settings,
  userId: string,
  maxRows: number | null,
): RunRecord {
  const { parsed, rows, area } = readRequest(ports.sheet, request);
  const registry = new RunRegistry(ports.store);
  refuseOverlap(registry.all(), ports.sheet, rows);
  const startedAt = ports.clock.now();
  const start = planStart(ports, parsed, area, settings, startedAt);
  const statuses = startStatuses(start.rows, area.statuses);
  const where = { runId: runIdOf(ports.newId()), now: isoTime(ports.clock), settings, userId, startedAt };
  const fresh = capped(newRun(parsed, start, countRows(area.inputs, statuses), where), start.preview, maxRows);
  const refreshed = parsed.refresh === null ? null : runToRefresh(registry.all(), parsed);
  const run = refreshed === null ? fresh : reusedRun(refreshed, fresh);
  const saved = refreshed === null ? registry.add(run, run.createdAt) : registry.save(run, refreshed, run.updatedAt);
  if (saved === null) throw new UserError(STORE_FULL);
  try {
    const blocks = [missingHeadersBlock(area), statusesBlock(area, statuses)];
    writeBlocks(
      ports.sheet,
      area.sheet,
      blocks.filter((block): block is WriteBlock => block !== null),
    );
    ports.sheet.nameRows(run.rangeName, rows);
  } catch (error) {
    if (refreshed !== null) registry.save(refreshed, saved, refreshed.updatedAt);
    else {
      ports.sheet.removeRows(run.rangeName);
      registry.remove(run.runId);
    }
    throw error;
  }
  for (const dropped of registry.prune()) ports.sheet.removeRows(dropped.rangeName);
  return saved;
}

/** A refresh held to `maxRows` due rows: its estimate covers the plain rows and those alone. */
function capped(run: RunRecord, preview: EnrichmentPreview, maxRows: number | null): RunRecord {
  if (maxRows === null || run.refresh === null || preview.refresh === undefined) return run;
  const price = OPERATIONS[run.operation].fetch.creditsPerFetch;
  const plain = preview.credits - preview.refresh.credits;
  const creditsEstimated = plain + Math.min(maxRows, preview.refresh.rows) * price;
  return { ...run, creditsEstimated, refresh: { ...run.refresh, maxRows } };
}

/** Sets (or, with null, stops) the run's refresh schedule; `userId`'s key pays for its refreshes. */
export function scheduleRun<S>(ports: RunPorts<S>, runId: string, schedule: unknown, userId: () => string): RunRecord {
  const read = readSchedule(schedule);
  if (!read.ok) throw new UserError(read.message);
  const owner = read.schedule === null ? null : userId();
  return changeRun(ports, runId, () => ({
    schedule:
      read.schedule === null || owner === null
        ? null
        : { ...read.schedule, owner, lastAt: ports.clock.now(), lastOutcome: null },
  }));
}

/**
 * The finished run of this document over the same sheet, input range and operation, which a refresh goes on with
 * (same id, so its card and schedule stay); null: the refresh is a new run.
 */
function runToRefresh(runs: readonly RunRecord[], parsed: ParsedRequest): RunRecord | null {
  const same = (run: RunRecord) =>
    run.sheetName === parsed.sheetName && run.inputA1 === parsed.inputA1 && run.operation === parsed.operation;
  return runs.find((run) => !isUnfinished(run.status) && same(run)) ?? null;
}

/** The refreshed run: its id, range name, creation and spending kept; the rest as a new run would have it. */
function reusedRun(previous: RunRecord, fresh: RunRecord): RunRecord {
  const { runId, rangeName, createdAt, creditsSpent } = previous;
  return {
    ...fresh,
    runId,
    rangeName,
    createdAt,
    creditsSpent,
    creditsEstimated: creditsSpent + fresh.creditsEstimated,
    lease: previous.lease,
    schedule: previous.schedule,
  };
}

/** A run's id: short, as it names the run's range (and a uuid's dashes do not belong in a range name). */
const runIdOf = (uuid: string) => uuid.replace(/-/g, '').slice(0, 16);

/** A new run's entry, with the counts its starting statuses give; its starter's key pays, at their tier. */
export function newRun(
  parsed: ParsedRequest,
  start: Pick<ReturnType<typeof previewColumn>, 'rows' | 'preview'>,
  counts: RunCounts,
  where: { runId: string; now: string; settings: Settings; userId: string; startedAt: number },
): RunRecord {
  const { runId, now, settings, userId } = where;
  const refresh = parsed.refresh;
  const status = pendingInputs(start.rows).length === 0 ? 'completed' : 'running';
  return {
    runId,
    sheetName: parsed.sheetName,
    inputA1: parsed.inputA1,
    operation: parsed.operation,
    status,
    fields: parsed.fields.map(headerFor),
    overwrite: parsed.overwrite,
    rangeName: RANGE_PREFIX + runId,
    ...counts,
    creditsEstimated: start.preview.credits,
    creditsAdded: 0,
    creditsSpent: 0,
    message: runMessage(status, counts),
    error: null,
    createdAt: now,
    updatedAt: now,
    startedBy: userId,
    baseUrl: settings.baseUrl,
    tier: settings.tier,
    lease: null,
    refresh:
      refresh === null
        ? null
        : { ...refresh, startedAt: where.startedAt, maxRows: null, refreshed: 0, changes: 0, changesByKind: {} },
    schedule: null,
  };
}

/** Two unfinished runs over the same rows would each write them: the second is refused. */
export function refuseOverlap<S>(runs: readonly RunRecord[], sheet: RunSheet<S>, rows: RunRows<S>): void {
  for (const run of runs) {
    if (!isUnfinished(run.status)) continue;
    const other = sheet.findRows(run.rangeName);
    if (other === null || other.inputColumn !== rows.inputColumn) continue;
    if (!sheet.sameSheet(other.sheet, rows.sheet)) continue;
    if (other.headerRow <= rows.lastRow && rows.headerRow <= other.lastRow) {
      throw new UserError(`A run is already enriching these rows (${run.inputA1}); cancel it, or wait until it ends.`);
    }
  }
}
