// The dispatcher over in-memory triggers, properties and kinds of work: one trigger per user and document while any
// kind has work, gone once none has, and a run that lacks its document stops and says why.
import { problemKey, readProblem, readTriggerRecord, type BackgroundWork } from '../../src/core/background';
import { arrangeTrigger, runTrigger, triggerUidOf, type BackgroundPorts } from '../../src/core/background-dispatch';
import type { Cadence } from '../../src/core/background';
import type { ClockTriggers } from '../../src/core/ports';
import { memoryStore } from '../support/memory';
import { FakeClock } from './api/fakes';

const DOC = 'doc-1';
const HOUR = 3_600_000;

/** The user's triggers as Google keeps them; `listed`: whether Google lists them by document. */
function fakeTriggers() {
  const state = {
    triggers: [] as { uid: string; cadence: Cadence }[],
    listed: true,
    addOn: true,
    refusals: [] as string[],
    created: 0,
  };
  const triggers: ClockTriggers = {
    installedAsAddOn: () => state.addOn,
    create: (cadence) => {
      const refusal = state.refusals.shift();
      if (refusal !== undefined) throw new Error(refusal);
      const uid = `t${++state.created}`;
      state.triggers.push({ uid, cadence });
      return uid;
    },
    firstListedInDocument: () => (state.listed ? (state.triggers[0]?.uid ?? null) : null),
    deleteWithId: (uid) => {
      const before = state.triggers.length;
      state.triggers = state.triggers.filter((trigger) => trigger.uid !== uid);
      return state.triggers.length < before;
    },
    deleteListedInDocument: () => void (state.listed && (state.triggers = [])),
  };
  return { state, triggers };
}

/** A kind of work that has work while `left` > 0; each run does one piece, or throws `failure`. */
function fakeWork(kind: string, left: number, failure: string | null = null) {
  const work = { left, runs: [] as { userId: string; stopBy: number }[] };
  const background: BackgroundWork = {
    kind,
    hasWork: () => work.left > 0,
    run: (userId, stopBy) => {
      work.runs.push({ userId, stopBy });
      if (failure !== null) throw new Error(failure);
      work.left = Math.max(0, work.left - 1);
    },
  };
  return { work, background };
}

function setup(works: BackgroundWork[]) {
  const mine = memoryStore();
  const clock = new FakeClock();
  const { state, triggers } = fakeTriggers();
  const ports: BackgroundPorts = { mine, triggers, clock, works, userId: () => 'ann' };
  const record = () => readTriggerRecord(mine.data, DOC);
  const problem = () => readProblem(mine.data, DOC);
  return { mine, clock, state, ports, record, problem };
}

describe('arranging the trigger', () => {
  it('creates one hourly trigger in an installed add-on while there is work, and keeps its id', () => {
    const env = setup([fakeWork('research', 1).background]);
    arrangeTrigger(env.ports, DOC);
    arrangeTrigger(env.ports, DOC);
    expect(env.state.triggers).toEqual([{ uid: 't1', cadence: 'every hour' }]);
    expect(env.record()).toEqual({ uid: 't1', cadence: 'every hour', seenAt: env.clock.now() });
  });

  it('runs every minute in a script of one’s own, and hourly when Google refuses that', () => {
    const own = setup([fakeWork('research', 1).background]);
    own.state.addOn = false;
    arrangeTrigger(own.ports, DOC);
    expect(own.state.triggers).toEqual([{ uid: 't1', cadence: 'every minute' }]);

    const refused = setup([fakeWork('research', 1).background]);
    refused.state.addOn = false;
    refused.state.refusals.push('Recurrence interval is too short.');
    arrangeTrigger(refused.ports, DOC);
    expect(refused.state.triggers).toEqual([{ uid: 't1', cadence: 'every hour' }]);
  });

  it('takes "too many time-based triggers in this document" to mean one exists unlisted', () => {
    const env = setup([fakeWork('research', 1).background]);
    env.state.listed = false;
    env.state.refusals.push('This script has too many time-based triggers in this document.');
    arrangeTrigger(env.ports, DOC);
    expect(env.record()).toMatchObject({ uid: null, cadence: 'every hour' });
    expect(env.problem()).toBeNull();
  });

  it('keeps any other refusal as the user’s problem, never throws, and clears it once a trigger is set up', () => {
    const env = setup([fakeWork('research', 1).background]);
    env.state.refusals.push('Service unavailable.');
    expect(() => arrangeTrigger(env.ports, DOC)).not.toThrow();
    expect(env.problem()).toMatchObject({ source: 'arrange', reason: expect.stringContaining('Service unavailable.') });
    arrangeTrigger(env.ports, DOC);
    expect(env.problem()).toBeNull();
    expect(env.state.triggers).toHaveLength(1);
  });

  it('replaces a trigger not seen for long, and deletes the trigger once no kind has work', () => {
    const research = fakeWork('research', 1);
    const env = setup([research.background]);
    arrangeTrigger(env.ports, DOC);
    env.state.listed = false;
    env.clock.time += 4 * HOUR;
    arrangeTrigger(env.ports, DOC);
    expect(env.state.triggers.map((trigger) => trigger.uid)).toEqual(['t2']);
    research.work.left = 0;
    arrangeTrigger(env.ports, DOC);
    expect(env.state.triggers).toEqual([]);
    expect(env.record()).toBeNull();
  });
});

describe('a trigger run', () => {
  const access = { documentId: DOC, missing: [] };

  it('runs every kind for the user within the budget, and goes once no kind has work', () => {
    const research = fakeWork('research', 2);
    const enrichment = fakeWork('enrichment', 1);
    const env = setup([research.background, enrichment.background]);
    arrangeTrigger(env.ports, DOC);
    expect(runTrigger(env.ports, 't1', access)).toBeNull();
    expect(research.work.runs).toEqual([{ userId: 'ann', stopBy: env.clock.now() + 4.5 * 60_000 }]);
    expect(enrichment.work.runs).toHaveLength(1);
    expect(env.state.triggers).toHaveLength(1);
    runTrigger(env.ports, 't1', access);
    expect(env.state.triggers).toEqual([]);
    expect(env.record()).toBeNull();
  });

  it('runs the other kinds when one fails, and shows the first failure until a run works', () => {
    const failing = fakeWork('research', 1, 'Quota exceeded.');
    const enrichment = fakeWork('enrichment', 5);
    const env = setup([failing.background, enrichment.background]);
    arrangeTrigger(env.ports, DOC);
    runTrigger(env.ports, 't1', access);
    expect(enrichment.work.runs).toHaveLength(1);
    expect(env.problem()).toMatchObject({ source: 'run', reason: expect.stringContaining('Quota exceeded.') });
    env.ports.works = [enrichment.background];
    runTrigger(env.ports, 't1', access);
    expect(env.problem()).toBeNull();
  });

  it('adopts itself when its id was never kept', () => {
    const env = setup([fakeWork('research', 3).background]);
    env.mine.set(`background.trigger.${DOC}`, JSON.stringify({ uid: null, cadence: 'every hour', seenAt: 0 }));
    runTrigger(env.ports, 'found-later', access);
    expect(env.record()).toMatchObject({ uid: 'found-later', seenAt: env.clock.now() });
  });

  it('without its document: deletes itself, says why on the document its id names, and keeps the work', () => {
    const research = fakeWork('research', 1);
    const env = setup([research.background]);
    arrangeTrigger(env.ports, DOC);
    const warning = runTrigger(env.ports, 't1', { documentId: null, missing: ['spreadsheet'] });
    expect(warning).toBeNull();
    expect(research.work.runs).toEqual([]);
    expect(env.state.triggers).toEqual([]);
    expect(env.record()).toBeNull();
    expect(env.problem()?.reason).toContain('no spreadsheet');
  });

  it('without its document or a known id: answers a warning for the log', () => {
    const env = setup([fakeWork('research', 1).background]);
    env.mine.set(`background.trigger.doc-2`, JSON.stringify({ uid: 'a', cadence: 'every hour', seenAt: 0 }));
    env.mine.set(`background.trigger.doc-3`, JSON.stringify({ uid: 'b', cadence: 'every hour', seenAt: 0 }));
    expect(runTrigger(env.ports, null, { documentId: null, missing: ['spreadsheet'] })).toMatch(/could not tell whose/);
    expect(env.mine.get(problemKey('doc-2'))).toBeNull();
  });
});

describe('the trigger’s id in its event', () => {
  it('is read when Google gives it, and null otherwise', () => {
    expect(triggerUidOf({ triggerUid: '123' })).toBe('123');
    expect(triggerUidOf({ triggerUid: '' })).toBeNull();
    expect(triggerUidOf(undefined)).toBeNull();
    expect(triggerUidOf('123')).toBeNull();
  });
});
