// The one dispatcher of background work: it keeps the current user's single clock trigger of this document matching
// their work of every kind, and runs each kind when the trigger fires. What Google does not document is handled
// either way (docs/platform.md, "Uncertain behaviours"): the trigger is found by the id kept for it, "too many
// time-based triggers" means it exists, and a run that gets no document stops cleanly and says so to the user, whose
// open sidebar then finishes the work and sets the trigger up again.
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
  type BackgroundWork,
  type Cadence,
  type TriggerRecord,
} from './background';
import type { Clock, ClockTriggers, DocumentAccess, KeyValue } from './ports';
import { refusedPermission } from './scopes';
import { errorMessage } from './text';

export interface BackgroundPorts {
  /** The current user's own properties (read once: readOnce). */
  mine: KeyValue;
  triggers: ClockTriggers;
  clock: Clock;
  /** Every kind of background work. */
  works: readonly BackgroundWork[];
  /** The current user's id, created on first use. */
  userId(): string;
}

/**
 * Makes the current user's clock trigger of this document match their work (there while any kind has some, gone
 * once none has). Never throws for trigger trouble: that is kept for the user's work to show, and the open sidebar
 * carries the work on meanwhile. A user who did not allow triggers (granular consent) is told so by the sidebar's
 * consent notice, not on each piece of work.
 */
export function arrangeTrigger(ports: BackgroundPorts, documentId: string): void {
  try {
    arrange(ports, documentId);
  } catch (error) {
    const message = errorMessage(error);
    if (refusedPermission(message) === 'scriptApp') ports.mine.delete(problemKey(documentId));
    else writeProblem(ports.mine, documentId, arrangeFailedProblem(message));
  }
}

/**
 * The trigger's run: every kind of the user's work until the budget is spent, then the trigger keeps or deletes
 * itself. Answers a warning for the log when it ran without its spreadsheet and could not tell whose it was.
 */
export function runTrigger(ports: BackgroundPorts, uid: string | null, access: DocumentAccess): string | null {
  const { documentId, missing } = access;
  if (documentId === null || missing.length > 0) return stopWithoutDocument(ports, uid, access);
  const { mine } = ports;
  const userId = ports.userId();
  const record = readTriggerRecord(mine.getAll(), documentId);
  noteRun(ports, documentId, record, uid);
  const failure = runEveryKind(ports.works, userId, ports.clock.now() + BACKGROUND_RUN_BUDGET_MS);
  if (!ports.works.some((work) => work.hasWork(userId))) {
    dropTrigger(ports, documentId, [uid, record?.uid ?? null]);
    return null;
  }
  if (failure === null) mine.delete(problemKey(documentId));
  else writeProblem(mine, documentId, runFailedProblem(failure));
  return null;
}

/** A time-driven trigger's event names the trigger; Google might leave it out. */
export function triggerUidOf(event: unknown): string | null {
  const uid = typeof event === 'object' && event !== null ? (event as { triggerUid?: unknown }).triggerUid : null;
  return typeof uid === 'string' && uid !== '' ? uid : null;
}

function arrange(ports: BackgroundPorts, documentId: string): void {
  const { mine } = ports;
  const userId = ports.userId();
  const record = readTriggerRecord(mine.getAll(), documentId);
  if (!ports.works.some((work) => work.hasWork(userId))) {
    if (record !== null) dropTrigger(ports, documentId, [record.uid]);
    else mine.delete(problemKey(documentId));
    return;
  }
  const now = ports.clock.now();
  if (record === null || presumedLost(record, now))
    writeRecord(mine, documentId, armTrigger(ports.triggers, record, now));
  // The trigger is there now: a problem setting it up is over; a run's problem stays until a run works.
  if (readProblem(mine.getAll(), documentId)?.source === 'arrange') mine.delete(problemKey(documentId));
}

/**
 * A trigger for this document: one Google lists, else a new one. A trigger presumed lost is replaced. Google's
 * "too many time-based triggers in this document" means one exists that no listing shows: it will adopt itself
 * when it runs.
 */
function armTrigger(triggers: ClockTriggers, lost: TriggerRecord | null, now: number): TriggerRecord {
  const lostUid = lost?.uid ?? null;
  const lostStillThere = lostUid !== null && !triggers.deleteWithId(lostUid);
  const listed = triggers.firstListedInDocument();
  const cadence = cadenceFor(triggers.installedAsAddOn());
  if (listed !== null) return { uid: listed, cadence, seenAt: now };
  try {
    return { ...createTrigger(triggers, cadence), seenAt: now };
  } catch (error) {
    if (!meansTriggerExists(errorMessage(error))) throw error;
    return { uid: lostStillThere ? lostUid : null, cadence, seenAt: now };
  }
}

/** A script of one's own may run every minute; should Google refuse that, hourly is the fallback. */
function createTrigger(triggers: ClockTriggers, cadence: Cadence): Pick<TriggerRecord, 'uid' | 'cadence'> {
  if (cadence === 'every minute') {
    try {
      return { uid: triggers.create(cadence), cadence };
    } catch (error) {
      if (/too many/i.test(errorMessage(error))) throw error;
    }
  }
  return { uid: triggers.create('every hour'), cadence: 'every hour' };
}

/** The running trigger adopts itself (where no listing showed it) and notes now and then that it runs. */
function noteRun(ports: BackgroundPorts, documentId: string, record: TriggerRecord | null, uid: string | null): void {
  const now = ports.clock.now();
  const fallback = record?.cadence ?? cadenceFor(ports.triggers.installedAsAddOn());
  const noted = recordAfterRun(record, uid, fallback, now);
  if (noted === null) return;
  // Two triggers for one document (a script of one's own has no limit of one): the running one stays.
  if (record?.uid != null && uid !== null && record.uid !== uid) ports.triggers.deleteWithId(record.uid);
  writeRecord(ports.mine, documentId, noted);
}

/** Runs each kind in turn; one failing does not stop the others. Returns the first failure's message. */
function runEveryKind(works: readonly BackgroundWork[], userId: string, stopBy: number): string | null {
  let failure: string | null = null;
  for (const work of works) {
    try {
      work.run(userId, stopBy);
    } catch (error) {
      if (failure === null) failure = errorMessage(error);
    }
  }
  return failure;
}

/** Deletes this document's trigger (by the ids known, else where Google lists it) and forgets it and its problem. */
function dropTrigger(ports: BackgroundPorts, documentId: string, uids: ReadonlyArray<string | null>): void {
  const known = uids.filter((uid): uid is string => uid !== null);
  const deleted = known.map((uid) => ports.triggers.deleteWithId(uid)).some(Boolean);
  if (!deleted) ports.triggers.deleteListedInDocument();
  ports.mine.delete(triggerKey(documentId));
  ports.mine.delete(problemKey(documentId));
}

/**
 * A run without its spreadsheet, properties or lock cannot work safely: it says why on the user's work (in their
 * own properties, which a trigger always has), deletes itself, and leaves the work to the open sidebar, whose next
 * poll sets the trigger up again. Without a spreadsheet it finds its document by its id.
 */
function stopWithoutDocument(ports: BackgroundPorts, uid: string | null, access: DocumentAccess): string | null {
  const entries = ports.mine.getAll();
  const documents = access.documentId !== null ? [access.documentId] : documentsOfTrigger(entries, uid);
  const uids = new Set([uid, ...documents.map((documentId) => readTriggerRecord(entries, documentId)?.uid)]);
  for (const known of uids) if (known != null) ports.triggers.deleteWithId(known);
  for (const documentId of documents) {
    ports.mine.delete(triggerKey(documentId));
    writeProblem(ports.mine, documentId, noDocumentProblem(access.missing));
  }
  return documents.length === 0 ? 'Background work ran without its spreadsheet and could not tell whose.' : null;
}

function writeRecord(mine: KeyValue, documentId: string, record: TriggerRecord): void {
  mine.set(triggerKey(documentId), JSON.stringify(record));
}

function writeProblem(mine: KeyValue, documentId: string, problem: BackgroundProblem): void {
  mine.set(problemKey(documentId), JSON.stringify(problem));
}
