// Enrichment runs over Apps Script: the run loop's ports (src/core/enrichment/work.ts) from the adapters, and the
// runs as a kind of background work, which the user's trigger continues with their key.
import { fetchContext } from '../adapters/fetch-context';
import { newUuid } from '../adapters/ids';
import { documentStore } from '../adapters/properties';
import { runSheet } from '../adapters/run-sheet';
import { documentLock, systemClock } from '../adapters/runtime';
import { hasRunsToContinue, workOnRuns } from '../core/enrichment/actions';
import { RunRegistry } from '../core/enrichment/registry';
import type { RunPorts } from '../core/enrichment/work';
import type { BackgroundWork } from '../core/background';
import { currentSettings } from './settings';
import { recordOwnSpend } from './usage';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

/** Document properties, the document lock, cache and spreadsheet, the web requests, and the starter's ledger. */
export function runPorts(): RunPorts<Sheet> {
  return {
    store: documentStore(),
    lock: documentLock(),
    clock: systemClock,
    newId: newUuid,
    fetchContext,
    sheet: runSheet,
    recordSpend: recordOwnSpend,
  };
}

export const runRegistry = (ports: RunPorts<Sheet>) => new RunRegistry(ports.store);

/** The trigger continues the runs each user started, with that user's key (see hasRunsToContinue). */
export const enrichmentWork: BackgroundWork = {
  kind: 'enrichment',
  hasWork: (userId) => hasRunsToContinue(runRegistry(runPorts()), userId, currentSettings()),
  run: (userId, stopBy) => {
    const ports = runPorts();
    workOnRuns(ports, runRegistry(ports).all(), { userId, settings: currentSettings, stopBy });
  },
};
