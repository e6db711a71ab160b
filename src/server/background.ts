// The one dispatcher of background work: it keeps the current user's single clock trigger of this document matching
// their work of every kind (src/server/background-work.ts), and runs each kind when the trigger fires. What Google
// does not document is handled either way (docs/platform.md, "Uncertain behaviours"): the trigger is found by the id
// kept for it, "too many time-based triggers" means it exists, and a run that gets no document stops cleanly and
// says so to the user, whose open sidebar then finishes the work and sets the trigger up again.
import { userStore } from '../adapters/properties';
import { systemClock } from '../adapters/runtime';
import {
  createClockTrigger,
  deleteTriggers,
  deleteTriggerWithId,
  documentClockTriggers,
  installedAsAddOn,
} from '../adapters/triggers';
import {
  arrangeFailedProblem,
  BACKGROUND_RUN_BUDGET_MS,
  cadenceFor,
  documentsOfTrigger,
  meansTriggerExists,
  noDocumentProblem,
  presumedLost,
  problemKey,
  readProblem,
  readTriggerRecord,
  recordAfterRun,
  runFailedProblem,
  triggerKey,
  type BackgroundProblem,
  type Cadence,
  type DocumentService,
  type TriggerRecord,
} from '../core/background';
import type { KeyValue } from '../core/ports';
import { readOnce } from '../core/store-snapshot';
import { errorMessage } from '../core/text';
import { BACKGROUND_WORK } from './background-work';
import { currentUserId } from './user';

/** The trigger's function, as exposed by src/Code.ts. */
export const BACKGROUND_HANDLER = 'runBackgroundWork';

/**
 * Call after creating, resuming or continuing long work: makes the current user's clock trigger of this document
 * match their work (there while any kind has some, gone once none has). Never throws for trigger trouble: that is
 * kept for backgroundProblem(), and the open sidebar carries the work on meanwhile.
 */
export function arrangeBackgroundWork(): void {
  const mine = readOnce(userStore());
  const documentId = SpreadsheetApp.getActiveSpreadsheet().getId();
  try {
    arrange(mine, documentId);
  } catch (error) {
    writeProblem(mine, documentId, arrangeFailedProblem(errorMessage(error)));
  }
}

/** What stopped the current user's background in this document, for list functions to show on their unfinished work. */
export function backgroundProblem(userProperties: KeyValue = userStore()): string | null {
  return readProblem(userProperties.getAll(), SpreadsheetApp.getActiveSpreadsheet().getId())?.reason ?? null;
}

/** The trigger's handler: runs every kind of the user's work, then keeps or deletes itself. */
export function runBackgroundWork(event?: unknown): void {
  const uid = triggerUidOf(event);
  const mine = readOnce(userStore());
  const { spreadsheet, missing } = documentAccess();
  if (spreadsheet === null || missing.length > 0) return stopWithoutDocument(mine, uid, spreadsheet, missing);
  const documentId = spreadsheet.getId();
  const userId = currentUserId(mine);
  const record = readTriggerRecord(mine.getAll(), documentId);
  noteRun(mine, documentId, record, uid);
  const failure = runEveryKind(userId, systemClock.now() + BACKGROUND_RUN_BUDGET_MS);
  if (!BACKGROUND_WORK.some((work) => work.hasWork(userId))) {
    return dropTrigger(mine, documentId, [uid, record?.uid ?? null]);
  }
  if (failure === null) mine.delete(problemKey(documentId));
  else writeProblem(mine, documentId, runFailedProblem(failure));
}

function arrange(mine: KeyValue, documentId: string): void {
  const userId = currentUserId(mine);
  const record = readTriggerRecord(mine.getAll(), documentId);
  if (!BACKGROUND_WORK.some((work) => work.hasWork(userId))) {
    if (record !== null) dropTrigger(mine, documentId, [record.uid]);
    else mine.delete(problemKey(documentId));
    return;
  }
  const now = systemClock.now();
  if (record === null || presumedLost(record, now)) writeRecord(mine, documentId, armTrigger(record, now));
  // The trigger is there now: a problem setting it up is over; a run's problem stays until a run works.
  if (readProblem(mine.getAll(), documentId)?.source === 'arrange') mine.delete(problemKey(documentId));
}

/**
 * A trigger for this document: one Google lists, else a new one. A trigger presumed lost is replaced. Google's
 * "too many time-based triggers in this document" means one exists that no listing shows: it will adopt itself
 * when it runs.
 */
function armTrigger(lost: TriggerRecord | null, now: number): TriggerRecord {
  const lostUid = lost?.uid ?? null;
  const lostStillThere = lostUid !== null && !deleteTriggerWithId(lostUid);
  const [listed] = documentClockTriggers(BACKGROUND_HANDLER);
  const cadence = cadenceFor(installedAsAddOn());
  if (listed !== undefined) return { uid: listed.getUniqueId(), cadence, seenAt: now };
  try {
    return { ...createTrigger(cadence), seenAt: now };
  } catch (error) {
    if (!meansTriggerExists(errorMessage(error))) throw error;
    return { uid: lostStillThere ? lostUid : null, cadence, seenAt: now };
  }
}

/** A script of one's own may run every minute; should Google refuse that, hourly is the fallback. */
function createTrigger(cadence: Cadence): Pick<TriggerRecord, 'uid' | 'cadence'> {
  if (cadence === 'every minute') {
    try {
      return { uid: createClockTrigger(BACKGROUND_HANDLER, cadence), cadence };
    } catch (error) {
      if (/too many/i.test(errorMessage(error))) throw error;
    }
  }
  return { uid: createClockTrigger(BACKGROUND_HANDLER, 'every hour'), cadence: 'every hour' };
}

/** The running trigger adopts itself (where no listing showed it) and notes now and then that it runs. */
function noteRun(mine: KeyValue, documentId: string, record: TriggerRecord | null, uid: string | null): void {
  const now = systemClock.now();
  const noted = recordAfterRun(record, uid, record?.cadence ?? cadenceFor(installedAsAddOn()), now);
  if (noted === null) return;
  // Two triggers for one document (a script of one's own has no limit of one): the running one stays.
  if (record?.uid != null && uid !== null && record.uid !== uid) deleteTriggerWithId(record.uid);
  writeRecord(mine, documentId, noted);
}

/** Runs each kind in turn; one failing does not stop the others. Returns the first failure's message. */
function runEveryKind(userId: string, stopBy: number): string | null {
  let failure: string | null = null;
  for (const work of BACKGROUND_WORK) {
    try {
      work.run(userId, stopBy);
    } catch (error) {
      if (failure === null) failure = errorMessage(error);
    }
  }
  return failure;
}

/** Deletes this document's trigger (by the ids known, else where Google lists it) and forgets it and its problem. */
function dropTrigger(mine: KeyValue, documentId: string, uids: ReadonlyArray<string | null>): void {
  const known = uids.filter((uid): uid is string => uid !== null);
  const deleted = known.map((uid) => deleteTriggerWithId(uid)).some(Boolean);
  if (!deleted) deleteTriggers(documentClockTriggers(BACKGROUND_HANDLER));
  mine.delete(triggerKey(documentId));
  mine.delete(problemKey(documentId));
}

/**
 * A run without its spreadsheet, properties or lock cannot work safely: it says why on the user's work (in their
 * own properties, which a trigger always has), deletes itself, and leaves the work to the open sidebar, whose next
 * poll sets the trigger up again. Without a spreadsheet it finds its document by its id.
 */
function stopWithoutDocument(
  mine: KeyValue,
  uid: string | null,
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet | null,
  missing: readonly DocumentService[],
): void {
  const entries = mine.getAll();
  const documents = spreadsheet !== null ? [spreadsheet.getId()] : documentsOfTrigger(entries, uid);
  const uids = new Set([uid, ...documents.map((documentId) => readTriggerRecord(entries, documentId)?.uid)]);
  for (const known of uids) if (known != null) deleteTriggerWithId(known);
  for (const documentId of documents) {
    mine.delete(triggerKey(documentId));
    writeProblem(mine, documentId, noDocumentProblem(missing));
  }
  if (documents.length === 0) console.warn('Background work ran without its spreadsheet and could not tell whose.');
}

function documentAccess(): {
  spreadsheet: GoogleAppsScript.Spreadsheet.Spreadsheet | null;
  missing: DocumentService[];
} {
  const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
  const missing: DocumentService[] = [];
  if (spreadsheet === null) missing.push('spreadsheet');
  if (PropertiesService.getDocumentProperties() === null) missing.push('document properties');
  if (LockService.getDocumentLock() === null) missing.push('document lock');
  return { spreadsheet, missing };
}

/** A time-driven trigger's event names the trigger; Google might leave it out. */
function triggerUidOf(event: unknown): string | null {
  const uid = typeof event === 'object' && event !== null ? (event as { triggerUid?: unknown }).triggerUid : null;
  return typeof uid === 'string' && uid !== '' ? uid : null;
}

function writeRecord(mine: KeyValue, documentId: string, record: TriggerRecord): void {
  mine.set(triggerKey(documentId), JSON.stringify(record));
}

function writeProblem(mine: KeyValue, documentId: string, problem: BackgroundProblem): void {
  mine.set(problemKey(documentId), JSON.stringify(problem));
}
