import { EDITOR, OWNER, gas, newEnv } from './gas';

const HOUR = 3600_000;

describe('ScriptApp triggers', () => {
  it('creates, lists and deletes time-driven triggers of the running user', () => {
    const env = newEnv();
    const { ScriptApp, SpreadsheetApp } = gas(env);
    const id = env.run('sidebar', OWNER, () => {
      const trigger = ScriptApp.newTrigger('pollJobs').timeBased().everyHours(1).create();
      expect(trigger.getHandlerFunction()).toBe('pollJobs');
      expect(String(trigger.getEventType())).toBe('CLOCK');
      expect(ScriptApp.getProjectTriggers().map((t) => t.getUniqueId())).toEqual([trigger.getUniqueId()]);
      expect(ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet())).toHaveLength(1);
      return trigger.getUniqueId();
    });
    expect(env.triggers.list()).toEqual([
      expect.objectContaining({
        id,
        handler: 'pollJobs',
        owner: OWNER,
        kind: 'everyHours',
        everyHours: 1,
        spent: false,
      }),
    ]);
    env.run('menu', EDITOR, () => {
      expect(ScriptApp.getProjectTriggers()).toEqual([]);
    });
    env.run('menu', OWNER, () => ScriptApp.deleteTrigger(ScriptApp.getProjectTriggers()[0]));
    expect(env.triggers.list()).toEqual([]);
  });

  it('refuses add-on triggers that run more than once an hour', () => {
    const env = newEnv();
    env.run('sidebar', OWNER, () => {
      expect(() => gas(env).ScriptApp.newTrigger('poll').timeBased().everyMinutes(30).create()).toThrow(
        'Add-ons may only create time-based triggers that run at most once per hour.',
      );
    });
    expect(env.triggers.list()).toEqual([]);
  });

  it('allows one time-based trigger per user per document to an add-on, one-off ones included', () => {
    const env = newEnv();
    const { ScriptApp } = gas(env);
    const tooMany =
      'This add-on has created too many time-based triggers in this document for this Google user account.';
    env.run('sidebar', OWNER, () => {
      ScriptApp.newTrigger('poll').timeBased().everyHours(1).create();
      expect(() => ScriptApp.newTrigger('poll').timeBased().everyHours(2).create()).toThrow(tooMany);
      expect(() => ScriptApp.newTrigger('once').timeBased().after(60_000).create()).toThrow(tooMany);
    });
    env.run('sidebar', EDITOR, () => ScriptApp.newTrigger('poll').timeBased().everyHours(1).create());
    expect(
      env.triggers
        .list()
        .map((t) => t.owner)
        .sort(),
    ).toEqual([EDITOR, OWNER]);
  });

  it('lets a bound script use minute intervals, up to 20 triggers per user', () => {
    const env = newEnv({ scriptKind: 'bound' });
    const { ScriptApp } = gas(env);
    env.run('menu', OWNER, () => {
      expect(() => ScriptApp.newTrigger('f').timeBased().everyMinutes(7).create()).toThrow(
        'must be one of 1, 5, 10, 15 or 30',
      );
      for (let i = 0; i < 20; i++) ScriptApp.newTrigger(`f${i}`).timeBased().everyMinutes(5).create();
      expect(() => ScriptApp.newTrigger('f').timeBased().everyHours(1).create()).toThrow(
        'This script has too many triggers.',
      );
    });
  });

  it('validates hour intervals and requires a schedule', () => {
    const env = newEnv();
    env.run('menu', OWNER, () => {
      expect(() => gas(env).ScriptApp.newTrigger('f').timeBased().everyHours(3).create()).toThrow(
        'must be one of 1, 2, 4, 6, 8 or 12',
      );
      expect(() => gas(env).ScriptApp.newTrigger('f').timeBased().create()).toThrow('no schedule');
    });
  });

  it('reports the trigger table without an execution, soonest due first', () => {
    const env = newEnv({ clock: 'virtual' });
    env.run('menu', OWNER, () => gas(env).ScriptApp.newTrigger('hourly').timeBased().everyHours(1).create());
    env.run('menu', EDITOR, () => gas(env).ScriptApp.newTrigger('soon').timeBased().after(60_000).create());
    const [first, second] = env.triggers.list();
    expect(first).toMatchObject({ handler: 'soon', kind: 'after', afterMs: 60_000 });
    expect(second.nextRunAt - first.nextRunAt).toBe(HOUR - 60_000);
  });
});
