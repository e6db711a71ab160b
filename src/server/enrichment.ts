// Enrich selection: a whole column enriched in one action, its cost shown first, paced to the tier, resumable, and
// written as plain values. The decisions are src/core/enrichment/actions.ts; this composes them with the adapters
// (runPorts), the current user and their settings, and arranges the user's background trigger after each change.
import { UserError } from '../core/user-error';
import { activeColumnSelection } from '../adapters/spreadsheet';
import { BACKGROUND_RUN_BUDGET_MS } from '../core/background';
import type {
  ChangeEntry,
  EnrichmentPreview,
  EnrichOperation,
  FieldChoices,
  RefreshSchedule,
  RunSummary,
  SelectionInfo,
} from '../core/contract';
import { readChanges, selectChangedCell } from '../core/refresh/changes-log';
import {
  cancelRun,
  pauseRun,
  previewRun,
  resumeRun,
  retryFailedRows,
  scheduleRun,
  runsNamed,
  runSummaries,
  startRun,
  workOnRuns,
} from '../core/enrichment/actions';
import { fieldChoices } from '../core/enrichment/field-choices';
import { isOperation } from '../core/enrichment/operations';
import { toRunSummary, type RunRecord } from '../core/enrichment/registry';
import { selectionInfo } from '../core/enrichment/rows';
import { readOnce } from '../core/store-snapshot';
import { userStore } from '../adapters/properties';
import { arrangeBackgroundWork, backgroundProblem } from './background';
import { enrichmentWork, runPorts, runRegistry } from './enrichment-work';
import { currentSettings } from './settings';
import { currentUserId, knownUserId } from './user';

export function getSelectionInfo(): SelectionInfo {
  const selection = activeColumnSelection();
  if (selection === null) throw new UserError('Select the column of inputs to enrich first.');
  return selectionInfo(selection.where, selection.column);
}

export function enrichmentFields(operation: EnrichOperation): FieldChoices {
  if (!isOperation(operation)) throw new UserError('Choose what to fetch: scrape, profile or contacts.');
  return fieldChoices(operation);
}

/** Sends no request: the cache tells which inputs are answered already. */
export function previewEnrichment(request: unknown): EnrichmentPreview {
  return previewRun(runPorts(), request, currentSettings());
}

export function startEnrichment(request: unknown): RunSummary {
  const run = startRun(runPorts(), request, currentSettings(), () => currentUserId());
  if (run.status === 'running') arrangeBackgroundWork();
  return toRunSummary(run, run.startedBy);
}

/** Works on the given run, or every running run, that the caller started, for at most one call's budget. */
export function continueEnrichment(runId?: string): RunSummary[] {
  const ports = runPorts();
  const targets = runsNamed(runRegistry(ports), runId);
  // A user who never started a run has none to continue (and gets no id for asking).
  const userId = knownUserId();
  if (userId !== null) {
    workOnRuns(ports, targets, {
      userId,
      settings: currentSettings,
      stopBy: ports.clock.now() + BACKGROUND_RUN_BUDGET_MS,
    });
    if (enrichmentWork.hasWork(userId)) arrangeBackgroundWork();
  }
  return listEnrichments();
}

export function listEnrichments(): RunSummary[] {
  const mine = readOnce(userStore());
  const viewer = knownUserId(mine);
  return runSummaries(runRegistry(runPorts()).all(), viewer, () => backgroundProblem(mine));
}

export function pauseEnrichment(runId: string): RunSummary {
  return summaryOf(pauseRun(runPorts(), runId));
}

/** Goes on from where the run paused; the estimate is raised first when it does not cover the rows left. */
export function resumeEnrichment(runId: string): RunSummary {
  return arrangedSummaryOf(resumeRun(runPorts(), runId, currentSettings));
}

export function cancelEnrichment(runId: string): RunSummary {
  return summaryOf(cancelRun(runPorts(), runId));
}

/** Runs the rows whose status is ERROR: again (NOT FOUND and PRIVATE are final); the run goes on from there. */
export function retryFailedEnrichment(runId: string): RunSummary {
  return arrangedSummaryOf(retryFailedRows(runPorts(), runId));
}

/** Sets (or stops) a run's refresh schedule, paid by the caller's key; their trigger starts the refreshes. */
export function scheduleRefresh(runId: string, schedule: RefreshSchedule | null): RunSummary {
  return arrangedScheduleOf(scheduleRun(runPorts(), runId, schedule, () => currentUserId()));
}

/** The latest changes refreshes logged, of that run or of every run, newest first. */
export function listChanges(runId?: string | null, limit?: number | null): ChangeEntry[] {
  return readChanges(runPorts().sheet, runId, limit);
}

/** Shows the user a logged change's cell. */
export function selectChange(change: ChangeEntry): void {
  const ports = runPorts();
  selectChangedCell(ports.sheet, ports.store, change);
}

const summaryOf = (run: RunRecord) => toRunSummary(run, knownUserId());

/** A schedule needs its owner's trigger; a stopped one may let it go at its next run. */
function arrangedScheduleOf(run: RunRecord): RunSummary {
  if (run.schedule !== null) arrangeBackgroundWork();
  return summaryOf(run);
}

/** A run that goes on needs the user's trigger. */
function arrangedSummaryOf(run: RunRecord): RunSummary {
  const summary = summaryOf(run);
  if (run.status === 'running') arrangeBackgroundWork();
  return summary;
}
