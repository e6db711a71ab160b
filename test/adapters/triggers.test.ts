// The background's clock triggers over the fakes' ScriptApp: created at a cadence, listed for this document, and
// deleted by their id.
import { clockTriggers } from '../../src/adapters/triggers';
import { newEnv } from '../fakes/gas';
import { inScript } from './gas-globals';

describe('clockTriggers', () => {
  it('creates an hourly trigger of the handler, finds it listed, and deletes it by id', () => {
    const env = newEnv();
    const triggers = clockTriggers('runBackgroundWork');
    expect(inScript(env, () => triggers.installedAsAddOn())).toBe(true);
    const uid = inScript(env, () => triggers.create('every hour'));
    expect(env.triggers.list()).toEqual([
      expect.objectContaining({ handler: 'runBackgroundWork', kind: 'everyHours', everyHours: 1 }),
    ]);
    expect(inScript(env, () => triggers.firstListedInDocument())).toBe(uid);
    expect(inScript(env, () => clockTriggers('other').firstListedInDocument())).toBeNull();
    expect(inScript(env, () => triggers.deleteWithId(uid))).toBe(true);
    expect(inScript(env, () => triggers.deleteWithId(uid))).toBe(false);
    expect(env.triggers.list()).toEqual([]);
  });

  it('runs every minute in a script of one’s own, and deletes what is listed for the document', () => {
    const env = newEnv({ scriptKind: 'bound' });
    const triggers = clockTriggers('runBackgroundWork');
    expect(inScript(env, () => triggers.installedAsAddOn())).toBe(false);
    inScript(env, () => triggers.create('every minute'));
    expect(env.triggers.list()).toEqual([expect.objectContaining({ kind: 'everyMinutes', everyMinutes: 1 })]);
    inScript(env, () => triggers.deleteListedInDocument());
    expect(env.triggers.list()).toEqual([]);
  });
});
