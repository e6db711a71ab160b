// Enrichment runs over Apps Script: the run loop (src/core/enrichment/work.ts) composed with the run registry in
// document properties, the document lock and cache, UrlFetchApp, the run's rows in the sheet (runSheet) and the
// starter's ledger.
import { documentCache } from '../adapters/cache';
import { urlFetchHttp } from '../adapters/http';
import { documentStore } from '../adapters/properties';
import { documentLock, systemClock } from '../adapters/runtime';
import { sha256Hex } from '../core/sha256';
import { RunRegistry } from '../core/enrichment/registry';
import * as work from '../core/enrichment/work';
import type { Settings } from '../core/settings';
import { runSheet } from './enrichment-sheet';
import { recordOwnSpend } from './usage';

export const runRegistry = () => new RunRegistry(documentStore());
export const nowIso = () => work.isoTime(systemClock);

/** Runs `fn` holding the document lock, or returns `busy` when it stays taken for waitMs. */
export function underLock<T, B>(waitMs: number, busy: B, fn: () => T): T | B {
  return work.withLock(documentLock(), waitMs, busy, fn);
}

/** Works on the run until stopBy, with `settings` (the starter's), unless another execution is working on it. */
export function workOnRun(runId: string, userId: string, settings: Settings, stopBy: number): void {
  const ports = {
    store: documentStore(),
    lock: documentLock(),
    clock: systemClock,
    newId: () => Utilities.getUuid(),
    http: urlFetchHttp,
    cache: documentCache(),
    hash: sha256Hex,
    sheet: runSheet,
    recordSpend: recordOwnSpend,
  };
  work.workOnRun(ports, runId, { userId, settings, stopBy });
}
