// Enrich selection: a whole column enriched in one action, its cost shown first, paced to the tier, resumable, and
// written as plain values. Runs live in document properties (src/core/enrichment/registry.ts), their per-row state
// in the status column, their rows behind a named range; the open sidebar continues them (continueEnrichment), and
// the user's background trigger does when it is closed (enrichmentWork). A run bills the key of whoever started it.
import { documentCache } from '../adapters/cache';
import { urlFetchHttp } from '../adapters/http';
import { userStore } from '../adapters/properties';
import { systemClock } from '../adapters/runtime';
import { sha256Hex } from '../core/sha256';
import { noKeyError } from '../core/api/errors';
import { BACKGROUND_RUN_BUDGET_MS, type BackgroundWork } from '../core/background';
import type { EnrichmentPreview, EnrichOperation, FieldChoices, RunSummary, SelectionInfo } from '../core/contract';
import { fieldChoices } from '../core/enrichment/field-choices';
import { isOperation, OPERATIONS } from '../core/enrichment/operations';
import { uncoveredRows } from '../core/enrichment/estimate';
import { pendingInputs, previewColumn, startStatuses } from '../core/enrichment/preview';
import { countRows, remainingInputs, type RunCounts } from '../core/enrichment/progress';
import { isUnfinished, runMessage, toRunSummary, type RunRecord, type RunRegistry } from '../core/enrichment/registry';
import { EnrichmentError, parseRequest, readColumn, type ParsedRequest } from '../core/enrichment/request';
import { selectionInfo } from '../core/enrichment/rows';
import { STATUS_HEADER, statusKind } from '../core/enrichment/status';
import { ROWS_GONE, saveCountingLapsed } from '../core/enrichment/work';
import { cachedInputs, type FetchContext } from '../core/fetch/engine';
import { headerFor } from '../core/fields/flatten';
import type { Settings } from '../core/settings';
import { readOnce } from '../core/store-snapshot';
import { arrangeBackgroundWork, backgroundProblem } from './background';
import {
  findRunRows,
  nameRunRows,
  readArea,
  readColumnCells,
  removeRunRows,
  sheetNamedOrRefused,
  writeMissingHeaders,
  writeStatuses,
  type RunArea,
  type RunRows,
} from './enrichment-sheet';
import { nowIso, runRegistry, underLock, workOnRun } from './enrichment-work';
import { currentSettings } from './settings';
import { recordOwnSpend } from './usage';
import { currentUserId, knownUserId } from './user';

/** A user's click (start, pause, retry…) waits this long for a chunk being written elsewhere. */
const USER_LOCK_WAIT_MS = 20_000;
const BUSY = 'Another sheet-enrich task is writing to this spreadsheet; try again in a moment.';
const STORE_FULL =
  'This spreadsheet has no room left to keep another enrichment run (its document properties are full), so none was started.';
const RANGE_PREFIX = 'sheetEnrichRun_';

export function getSelectionInfo(): SelectionInfo {
  const range = SpreadsheetApp.getActiveRange();
  if (range === null) throw new Error('Select the column of inputs to enrich first.');
  const sheet = range.getSheet();
  const firstRow = range.getRow();
  const lastRow = Math.max(firstRow, Math.min(range.getLastRow(), sheet.getLastRow()));
  const top = Math.max(1, firstRow - 1);
  const cells = sheet
    .getRange(top, range.getColumn(), lastRow - top + 1, 1)
    .getValues()
    .map((row) => row[0]);
  return selectionInfo({ sheetName: sheet.getName(), inputA1: range.getA1Notation(), firstRow }, { top, cells });
}

export function enrichmentFields(operation: EnrichOperation): FieldChoices {
  if (!isOperation(operation)) throw new EnrichmentError('Choose what to fetch: scrape, profile or contacts.');
  return fieldChoices(operation);
}

/** Sends no request: the cache tells which inputs are answered already. */
export function previewEnrichment(request: unknown): EnrichmentPreview {
  const { parsed, area } = readRequest(request);
  return planStart(parsed, area, currentSettings()).preview;
}

export function startEnrichment(request: unknown): RunSummary {
  const settings = currentSettings();
  if (settings.apiKey === null) throw new EnrichmentError(noKeyError().message);
  const userId = currentUserId();
  const run = underLock(USER_LOCK_WAIT_MS, null, () => registerRun(request, settings, userId));
  if (run === null) throw new Error(BUSY);
  if (run.status === 'running') arrangeBackgroundWork();
  return toRunSummary(run, userId);
}

/** Works on the given run, or every running run, that the caller started, for at most one call's budget. */
export function continueEnrichment(runId?: string): RunSummary[] {
  const registry = runRegistry();
  const targets = runId === undefined ? registry.all() : [requireRun(registry, runId)];
  // A user who never started a run has none to continue (and gets no id for asking).
  const userId = knownUserId();
  if (userId !== null) {
    const own = targets.filter((run) => run.status === 'running' && run.startedBy === userId);
    workOnRuns(own, userId, systemClock.now() + BACKGROUND_RUN_BUDGET_MS);
    if (enrichmentWork.hasWork(userId)) arrangeBackgroundWork();
  }
  return listEnrichments();
}

export function listEnrichments(): RunSummary[] {
  const mine = readOnce(userStore());
  const viewer = knownUserId(mine);
  const runs = runRegistry().all();
  const waiting = runs.some((run) => run.startedBy === viewer && isUnfinished(run.status));
  const problem = waiting ? backgroundProblem(mine) : null;
  return runs.map((run) => toRunSummary(run, viewer, problem));
}

export function pauseEnrichment(runId: string): RunSummary {
  return changeRun(runId, (run) => (run.status === 'running' ? { status: 'paused', error: null } : null));
}

/** Goes on from where the run paused; the estimate is raised first when it does not cover the rows left. */
export function resumeEnrichment(runId: string): RunSummary {
  const summary = changeRun(runId, (run) =>
    run.status === 'paused' ? { status: 'running', error: null, ...estimateCoveringRowsLeft(run) } : null,
  );
  if (summary.status === 'running') arrangeBackgroundWork();
  return summary;
}

/**
 * The estimate raised (when it must be) to what is spent plus what the rows left would cost: rows inserted or pasted
 * during the run, or answers gone from the cache, which made the run pause rather than spend more than agreed.
 */
function estimateCoveringRowsLeft(run: RunRecord): Pick<RunRecord, 'creditsEstimated' | 'creditsAdded'> | null {
  const rows = findRunRows(run.rangeName);
  if (rows === null) return null;
  const area = readArea(rows, run.fields);
  const { fetch } = OPERATIONS[run.operation];
  const left = remainingInputs(OPERATIONS[run.operation], area.inputs, area.statuses);
  const cached = cachedInputs(fetch, fetchContext({ ...currentSettings(), baseUrl: run.baseUrl }), left.inputs);
  const { raise } = uncoveredRows(run, left.rows, left.inputs.length - cached.size, fetch.creditsPerFetch);
  if (raise === 0) return null;
  return { creditsEstimated: run.creditsEstimated + raise, creditsAdded: run.creditsAdded + raise };
}

export function cancelEnrichment(runId: string): RunSummary {
  return changeRun(runId, (run) => (isUnfinished(run.status) ? { status: 'cancelled', error: null } : null));
}

/** Runs the rows whose status is ERROR: again (NOT FOUND and PRIVATE are final); the run goes on from there. */
export function retryFailedEnrichment(runId: string): RunSummary {
  const summary = changeRun(runId, (run) => {
    const rows = findRunRows(run.rangeName);
    if (rows === null) throw new EnrichmentError(ROWS_GONE);
    const area = readArea(rows, run.fields);
    const statuses = area.statuses.map((status) => (statusKind(status) === 'error' ? '' : status));
    const retried = statuses.filter((status, i) => status !== area.statuses[i]).length;
    if (retried === 0) return null;
    writeStatuses(area, statuses);
    const creditsEstimated = run.creditsEstimated + retried * OPERATIONS[run.operation].fetch.creditsPerFetch;
    return { ...countRows(area.inputs, statuses), status: 'running', error: null, creditsEstimated };
  });
  if (summary.status === 'running') arrangeBackgroundWork();
  return summary;
}

/**
 * The trigger continues the runs each user started, with that user's key. Its work is only what it can go on with:
 * with no key, or on another base URL than the run's, it could only pause the runs (saying why on each, see
 * src/core/enrichment/work.ts), and once it has done so, no work is left and the trigger goes.
 */
export const enrichmentWork: BackgroundWork = {
  kind: 'enrichment',
  hasWork: (userId) => {
    const { apiKey, baseUrl } = currentSettings();
    if (apiKey === null) return false;
    return runRegistry()
      .all()
      .some((run) => run.status === 'running' && run.startedBy === userId && run.baseUrl === baseUrl);
  },
  run: (userId, stopBy) =>
    workOnRuns(
      runRegistry()
        .all()
        .filter((run) => run.status === 'running' && run.startedBy === userId),
      userId,
      stopBy,
    ),
};

function workOnRuns(runs: readonly RunRecord[], userId: string, stopBy: number): void {
  if (runs.length === 0) return;
  const settings = currentSettings();
  // Oldest first: a run started earlier finishes first.
  for (const run of [...runs].reverse()) {
    if (systemClock.now() >= stopBy) break;
    workOnRun(run.runId, userId, settings, stopBy);
  }
}

function requireRun(registry: RunRegistry, runId: unknown): RunRecord {
  const run = typeof runId === 'string' ? registry.get(runId) : null;
  if (run === null) throw new EnrichmentError('That enrichment run is not in this spreadsheet.');
  return run;
}

/** Applies a user's change to a run under the lock; `change` answers null when there is nothing to change. */
function changeRun(runId: string, change: (run: RunRecord) => Partial<RunRecord> | null): RunSummary {
  const saved = underLock(USER_LOCK_WAIT_MS, null, () => {
    const registry = runRegistry();
    const run = requireRun(registry, runId);
    const changes = change(run);
    if (changes === null) return run;
    const next = { ...run, ...changes };
    const ports = { clock: systemClock, recordSpend: recordOwnSpend };
    return saveCountingLapsed(registry, run, { ...changes, message: runMessage(next.status, next) }, ports);
  });
  if (saved === null) throw new Error(BUSY);
  return toRunSummary(saved, knownUserId());
}

function readRequest(request: unknown): { parsed: ParsedRequest; rows: RunRows; area: RunArea } {
  const parsed = parseRequest(request);
  const sheet = sheetNamedOrRefused(parsed.sheetName);
  const column = readColumn(parsed, readColumnCells(sheet, parsed.range));
  const rows: RunRows = {
    sheet,
    headerRow: column.headerRow,
    lastRow: column.firstInputRow + column.inputs.length - 1,
    inputColumn: parsed.range.column,
  };
  return { parsed, rows, area: readArea(rows, parsed.fields.map(headerFor)) };
}

function planStart(parsed: ParsedRequest, area: RunArea, settings: Settings) {
  return previewColumn(parsed.spec, fetchContext(settings), {
    inputs: area.inputs,
    statuses: area.statuses,
    overwrite: parsed.overwrite,
    firstInputRow: area.headerRow + 1,
    columns: [...parsed.fields.map(headerFor), STATUS_HEADER],
  });
}

function fetchContext(settings: Settings): FetchContext {
  return { settings, http: urlFetchHttp, clock: systemClock, cache: documentCache(), hash: sha256Hex };
}

/**
 * Under the lock: checks the request again, saves the run's entry, then writes the headers and the starting statuses
 * and names the rows. The entry comes first: a document whose properties are full refuses the run before the sheet
 * changes, and a sheet that refuses the writes leaves no entry behind.
 */
function registerRun(request: unknown, settings: Settings, userId: string): RunRecord {
  const { parsed, rows, area } = readRequest(request);
  refuseOverlap(rows);
  const start = planStart(parsed, area, settings);
  const statuses = startStatuses(start.rows, area.statuses);
  const run = newRun(parsed, start, countRows(area.inputs, statuses), { settings, userId });
  const registry = runRegistry();
  const saved = registry.add(run, run.createdAt);
  if (saved === null) throw new EnrichmentError(STORE_FULL);
  try {
    writeMissingHeaders(area);
    writeStatuses(area, statuses);
    nameRunRows(run.rangeName, rows);
  } catch (error) {
    removeRunRows(run.rangeName);
    registry.remove(run.runId);
    throw error;
  }
  for (const dropped of registry.prune()) removeRunRows(dropped.rangeName);
  return saved;
}

/** A new run's entry, with the counts its starting statuses give; its starter's key pays, at their tier. */
function newRun(
  parsed: ParsedRequest,
  start: ReturnType<typeof planStart>,
  counts: RunCounts,
  { settings, userId }: { settings: Settings; userId: string },
): RunRecord {
  const runId = Utilities.getUuid().replace(/-/g, '').slice(0, 16);
  const status = pendingInputs(start.rows).length === 0 ? 'completed' : 'running';
  const now = nowIso();
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
  };
}

/** Two unfinished runs over the same rows would each write them: the second is refused. */
function refuseOverlap(rows: RunRows): void {
  for (const run of runRegistry().all()) {
    if (!isUnfinished(run.status)) continue;
    const other = findRunRows(run.rangeName);
    if (other === null || other.inputColumn !== rows.inputColumn) continue;
    if (other.sheet.getSheetId() !== rows.sheet.getSheetId()) continue;
    if (other.headerRow <= rows.lastRow && rows.headerRow <= other.lastRow) {
      throw new EnrichmentError(
        `A run is already enriching these rows (${run.inputA1}); cancel it, or wait until it ends.`,
      );
    }
  }
}
