// Background work: one time-driven trigger per user and document (all an add-on may have, docs/platform.md
// "Triggers") continues every kind of long work while the sidebar is closed. The pure rules: how often it runs, what
// the user's own properties keep about it, when it is presumed lost, and what a run without its document records.
// Google does not document whether getUserTriggers lists an add-on's clock triggers, nor whether such a trigger gets
// the document's spreadsheet, properties and lock (docs/platform.md, "Uncertain behaviours"): the rules work either way.

export interface BackgroundWork {
  /** 'research' or 'enrichment'. */
  kind: string;
  /**
   * Whether `userId` has unfinished work of this kind in this document that a trigger should continue: work the
   * user's trigger could go on with now (their key set, on their base URL). The trigger goes once no kind has any.
   */
  hasWork(userId: string): boolean;
  /**
   * Continues that user's work until stopBy (epoch ms); a no-op when there is none. Work it cannot continue gets the
   * reason shown on it for that user. May throw: the failure is then shown through backgroundProblem().
   */
  run(userId: string, stopBy: number): void;
}

/** A run stops asking for more this long after it started, well inside an execution's 6 minutes. */
export const BACKGROUND_RUN_BUDGET_MS = 4.5 * 60_000;

export type Cadence = 'every minute' | 'every hour';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** An installed add-on may run at most hourly (a shorter recurrence throws); a script of one's own every minute. */
export function cadenceFor(installedAsAddOn: boolean): Cadence {
  return installedAsAddOn ? 'every hour' : 'every minute';
}

/** What the user's own properties keep about their trigger in one document. */
export interface TriggerRecord {
  /** Its getUniqueId(); null when Google said one exists ("too many time-based triggers") but not which. */
  uid: string | null;
  cadence: Cadence;
  /** When it was last created, found in a listing, or seen running (epoch ms). */
  seenAt: number;
}

/**
 * A trigger not seen for this long is presumed gone (deleted by the user, disabled by a new deployment, out of its
 * daily run time) and is set up again. Hourly triggers may drift within their hour, hence three periods.
 */
const LOST_AFTER_MS: Record<Cadence, number> = { 'every minute': HOUR_MS, 'every hour': 3 * HOUR_MS };
/** A running trigger notes that it ran at most this often (each note is a property write). */
const SEEN_NOTE_INTERVAL_MS = 30 * MINUTE_MS;

export function presumedLost(record: TriggerRecord, now: number): boolean {
  return now - record.seenAt > LOST_AFTER_MS[record.cadence];
}

/** Whether a run of the trigger `uid` should rewrite the record: it adopts itself, or notes it is alive. */
export function recordAfterRun(
  record: TriggerRecord | null,
  uid: string | null,
  fallbackCadence: Cadence,
  now: number,
): TriggerRecord | null {
  const adopted = uid !== null && record?.uid !== uid;
  if (!adopted && record !== null && now - record.seenAt < SEEN_NOTE_INTERVAL_MS) return null;
  return { uid: uid ?? record?.uid ?? null, cadence: record?.cadence ?? fallbackCadence, seenAt: now };
}

/** Google's answer when the user already has this document's one time-based trigger: it exists, somewhere. */
export function meansTriggerExists(message: string): boolean {
  return /too many time-based triggers in this document/i.test(message);
}

/**
 * What stopped a user's background in one document, shown on their unfinished work. 'arrange': the trigger could
 * not be set up (cleared once it is); 'run': a trigger run stopped (cleared by a run that works).
 */
export interface BackgroundProblem {
  reason: string;
  source: 'arrange' | 'run';
}

/** The document services a trigger needs; Google may give a time-driven trigger none of them. */
export type DocumentService = 'spreadsheet' | 'document properties' | 'document lock';

export function noDocumentProblem(missing: readonly DocumentService[]): BackgroundProblem {
  return {
    reason:
      `Background updates stopped because the trigger could not reach this spreadsheet (no ${missing.join(', no ')}); ` +
      'keep the sidebar open to finish, and it will set the trigger up again.',
    source: 'run',
  };
}

export function runFailedProblem(reason: string): BackgroundProblem {
  return { reason: `Background updates failed (${reason}); keep the sidebar open to go on.`, source: 'run' };
}

export function arrangeFailedProblem(reason: string): BackgroundProblem {
  return {
    reason: `Background updates could not be set up (${reason}); keep the sidebar open until the work ends.`,
    source: 'arrange',
  };
}

const TRIGGER_PREFIX = 'background.trigger.';
const PROBLEM_PREFIX = 'background.problem.';

/** User property keys: user properties are shared by all the user's documents, hence one entry per document. */
export const triggerKey = (documentId: string) => TRIGGER_PREFIX + documentId;
export const problemKey = (documentId: string) => PROBLEM_PREFIX + documentId;

export function readTriggerRecord(entries: Record<string, string>, documentId: string): TriggerRecord | null {
  const record = parse(entries[triggerKey(documentId)]);
  if (record === null) return null;
  const { uid, cadence, seenAt } = record;
  const validCadence = cadence === 'every minute' || cadence === 'every hour';
  if (!(uid === null || typeof uid === 'string') || !validCadence || typeof seenAt !== 'number') return null;
  return { uid, cadence, seenAt };
}

export function readProblem(entries: Record<string, string>, documentId: string): BackgroundProblem | null {
  const problem = parse(entries[problemKey(documentId)]);
  if (problem === null || typeof problem.reason !== 'string') return null;
  return { reason: problem.reason, source: problem.source === 'arrange' ? 'arrange' : 'run' };
}

/**
 * The documents a run of the trigger `uid` answers for when Google gave it no spreadsheet: the one whose record
 * holds that id; without an id, the only document with a record (with several, it cannot tell).
 */
export function documentsOfTrigger(entries: Record<string, string>, uid: string | null): string[] {
  const documents = Object.keys(entries)
    .filter((key) => key.startsWith(TRIGGER_PREFIX))
    .map((key) => key.slice(TRIGGER_PREFIX.length));
  if (uid === null) return documents.length === 1 ? documents : [];
  return documents.filter((documentId) => readTriggerRecord(entries, documentId)?.uid === uid);
}

function parse(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
