import {
  arrangeFailedProblem,
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
  type TriggerRecord,
} from '../../src/core/background';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = Date.UTC(2026, 0, 5, 12);

const entriesOf = (records: Record<string, TriggerRecord>) =>
  Object.fromEntries(
    Object.entries(records).map(([documentId, record]) => [triggerKey(documentId), JSON.stringify(record)]),
  );

describe('the background trigger record', () => {
  it('runs hourly in an installed add-on, every minute in a script of one’s own', () => {
    expect(cadenceFor(true)).toBe('every hour');
    expect(cadenceFor(false)).toBe('every minute');
  });

  it('presumes a trigger lost once it has not been seen for three of its hours, or an hour of minutes', () => {
    const hourly: TriggerRecord = { uid: 't1', cadence: 'every hour', seenAt: NOW };
    expect(presumedLost(hourly, NOW + 3 * HOUR)).toBe(false);
    expect(presumedLost(hourly, NOW + 3 * HOUR + 1)).toBe(true);
    const everyMinute: TriggerRecord = { ...hourly, cadence: 'every minute' };
    expect(presumedLost(everyMinute, NOW + HOUR)).toBe(false);
    expect(presumedLost(everyMinute, NOW + HOUR + 1)).toBe(true);
  });

  it('a run adopts itself where the record lacks or differs from its id, and notes it ran at most every 30 minutes', () => {
    const record: TriggerRecord = { uid: 't1', cadence: 'every hour', seenAt: NOW };
    expect(recordAfterRun(record, 't1', 'every minute', NOW + 29 * MINUTE)).toBeNull();
    expect(recordAfterRun(record, 't1', 'every minute', NOW + HOUR)).toEqual({ ...record, seenAt: NOW + HOUR });
    expect(recordAfterRun(record, 't2', 'every minute', NOW + MINUTE)).toEqual({
      ...record,
      uid: 't2',
      seenAt: NOW + MINUTE,
    });
    expect(recordAfterRun({ ...record, uid: null }, 't2', 'every minute', NOW)).toMatchObject({ uid: 't2' });
    // No record (it was lost, or Google said "too many" and the id stayed unknown): the run makes one.
    expect(recordAfterRun(null, 't3', 'every hour', NOW)).toEqual({ uid: 't3', cadence: 'every hour', seenAt: NOW });
    // No id in the event: the record stays as it was but for the time it was seen.
    expect(recordAfterRun(record, null, 'every minute', NOW + HOUR)).toEqual({ ...record, seenAt: NOW + HOUR });
    expect(recordAfterRun(null, null, 'every hour', NOW)).toEqual({ uid: null, cadence: 'every hour', seenAt: NOW });
  });

  it('reads records and problems per document, and takes a damaged entry as none', () => {
    const record: TriggerRecord = { uid: null, cadence: 'every minute', seenAt: NOW };
    const entries = {
      ...entriesOf({ docA: record }),
      [triggerKey('docB')]: '{"uid":7,"cadence":"every hour","seenAt":1}',
      [triggerKey('docC')]: 'not json',
      [problemKey('docA')]: JSON.stringify(runFailedProblem('No API key is set.')),
      [problemKey('docB')]: '[1]',
    };
    expect(readTriggerRecord(entries, 'docA')).toEqual(record);
    expect(readTriggerRecord(entries, 'docB')).toBeNull();
    expect(readTriggerRecord(entries, 'docC')).toBeNull();
    expect(readTriggerRecord(entries, 'docD')).toBeNull();
    expect(readProblem(entries, 'docA')).toEqual({
      reason: 'Background updates failed (No API key is set.); keep the sidebar open to go on.',
      source: 'run',
    });
    expect(readProblem(entries, 'docB')).toBeNull();
  });

  it('finds the document of a trigger that ran without one: by its id, or the only one recorded', () => {
    const two = entriesOf({
      docA: { uid: 't1', cadence: 'every hour', seenAt: NOW },
      docB: { uid: 't2', cadence: 'every hour', seenAt: NOW },
    });
    expect(documentsOfTrigger(two, 't2')).toEqual(['docB']);
    expect(documentsOfTrigger(two, 't9')).toEqual([]);
    expect(documentsOfTrigger(two, null)).toEqual([]);
    const one = entriesOf({ docA: { uid: null, cadence: 'every hour', seenAt: NOW } });
    expect(documentsOfTrigger(one, null)).toEqual(['docA']);
    expect(documentsOfTrigger({ RESEARCH_USER_ID: 'u1' }, null)).toEqual([]);
  });

  it('reads Google’s "too many time-based triggers in this document" as "it exists", and no other refusal', () => {
    expect(
      meansTriggerExists(
        'This add-on has created too many time-based triggers in this document for this Google user account.',
      ),
    ).toBe(true);
    expect(
      meansTriggerExists(
        'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
      ),
    ).toBe(false);
    expect(meansTriggerExists('Add-ons may only create time-based triggers that run at most once per hour.')).toBe(
      false,
    );
  });

  it('words each problem as one sentence that says what to do', () => {
    expect(noDocumentProblem(['spreadsheet', 'document lock'])).toEqual({
      reason:
        'Background updates stopped because the trigger could not reach this spreadsheet (no spreadsheet, no document lock); ' +
        'keep the sidebar open to finish, and it will set the trigger up again.',
      source: 'run',
    });
    expect(arrangeFailedProblem('This script has too many triggers.')).toEqual({
      reason:
        'Background updates could not be set up (This script has too many triggers.); keep the sidebar open until the work ends.',
      source: 'arrange',
    });
  });
});
