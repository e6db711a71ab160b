// Research jobs over Apps Script: the ports of src/core/research/jobs.ts from the adapters, and research as a kind of
// background work, which a user's trigger continues by polling the jobs that user started, with their key.
import { urlFetchHttp } from '../adapters/http';
import { documentStore } from '../adapters/properties';
import { documentLock, systemClock } from '../adapters/runtime';
import { activeBook } from '../adapters/sheet-table';
import { toast } from '../adapters/spreadsheet';
import type { BackgroundWork } from '../core/background';
import { hasJobsToFollow, pollOwnJobs, type ResearchPorts } from '../core/research/jobs';
import { ADDON_NAME } from './config';
import { currentSettings } from './settings';

/** Document properties and lock, the web requests, the active spreadsheet's sheets, and toasts. */
export function researchPorts(): ResearchPorts {
  return {
    store: documentStore(),
    lock: documentLock(),
    clock: systemClock,
    http: urlFetchHttp,
    book: activeBook(),
    announce: (message) => toast(message, ADDON_NAME),
  };
}

export const researchWork: BackgroundWork = {
  kind: 'research',
  hasWork: (userId) => hasJobsToFollow(researchPorts(), userId, currentSettings()),
  run: (userId, stopBy) => pollOwnJobs(researchPorts(), userId, currentSettings, stopBy),
};
