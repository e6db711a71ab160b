// The switches for what Google does not document (dev/gas-fakes/uncertain.ts): each plays both answers, and a test
// may flip one between executions.
import { DEFAULT_UNCERTAIN_ANSWERS, loadBundle } from '../../dev/gas-fakes';
import { EDITOR, OWNER, gas, newEnv } from './gas';

const ANOTHER_TRIGGER_HERE =
  'This add-on has created too many time-based triggers in this document for this Google user account.';

describe('ScriptApp.getUserTriggers and an add-on’s clock triggers', () => {
  it('lists them by default, and not when the switch says Google does not', () => {
    const env = newEnv();
    const { ScriptApp, SpreadsheetApp } = gas(env);
    const uid = env
      .run('sidebar', OWNER, () => ScriptApp.newTrigger('poll').timeBased().everyHours(1).create())
      .getUniqueId();
    const listed = () =>
      env.run('sidebar', OWNER, () => ({
        inDocument: ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet()).map((t) => t.getUniqueId()),
        inProject: ScriptApp.getProjectTriggers().map((t) => t.getUniqueId()),
      }));
    expect(DEFAULT_UNCERTAIN_ANSWERS.userTriggersListAddOnClockTriggers).toBe(true);
    expect(listed()).toEqual({ inDocument: [uid], inProject: [uid] });
    env.uncertain.userTriggersListAddOnClockTriggers = false;
    // The project's list of the user's triggers still holds it, so it can be deleted by its id; a second one is
    // still refused.
    expect(listed()).toEqual({ inDocument: [], inProject: [uid] });
    env.run('sidebar', OWNER, () => {
      expect(() => ScriptApp.newTrigger('poll').timeBased().everyHours(1).create()).toThrow(ANOTHER_TRIGGER_HERE);
    });
  });

  it('always lists the triggers of a script bound to the sheet', () => {
    const env = newEnv({ scriptKind: 'bound', uncertain: { userTriggersListAddOnClockTriggers: false } });
    const { ScriptApp, SpreadsheetApp } = gas(env);
    env.run('menu', OWNER, () => {
      ScriptApp.newTrigger('poll').timeBased().everyMinutes(1).create();
      expect(ScriptApp.getUserTriggers(SpreadsheetApp.getActiveSpreadsheet())).toHaveLength(1);
    });
  });
});

describe('ScriptApp.getInstallationSource', () => {
  const sourceOf = (env: ReturnType<typeof newEnv>) =>
    env.run('sidebar', OWNER, () => {
      const { ScriptApp } = gas(env);
      const source = ScriptApp.getInstallationSource();
      return { source: String(source), none: source === ScriptApp.InstallationSource.NONE };
    });

  it('is WEB_STORE_ADD_ON for an add-on and NONE for a bound script, unless set', () => {
    expect(sourceOf(newEnv())).toEqual({ source: 'WEB_STORE_ADD_ON', none: false });
    expect(sourceOf(newEnv({ scriptKind: 'bound' }))).toEqual({ source: 'NONE', none: true });
    expect(sourceOf(newEnv({ installationSource: 'APPS_MARKETPLACE_DOMAIN_ADD_ON' }))).toEqual({
      source: 'APPS_MARKETPLACE_DOMAIN_ADD_ON',
      none: false,
    });
    // An add-on run as a script of one's own (say, under test): NONE, yet the add-on's hourly rule still holds.
    const addOnUnderTest = newEnv({ installationSource: 'NONE' });
    expect(sourceOf(addOnUnderTest)).toEqual({ source: 'NONE', none: true });
    addOnUnderTest.run('sidebar', OWNER, () => {
      expect(() => gas(addOnUnderTest).ScriptApp.newTrigger('poll').timeBased().everyMinutes(1).create()).toThrow(
        'at most once per hour',
      );
    });
  });
});

describe('the document services in a time-driven trigger', () => {
  const answers = (env: ReturnType<typeof newEnv>, mode: 'trigger' | 'sidebar') =>
    env.run(mode, OWNER, () => {
      const { SpreadsheetApp, PropertiesService, LockService } = gas(env);
      return {
        spreadsheet: SpreadsheetApp.getActiveSpreadsheet() !== null,
        active: SpreadsheetApp.getActive() !== null,
        documentProperties: PropertiesService.getDocumentProperties() !== null,
        documentLock: LockService.getDocumentLock() !== null,
        userProperties: PropertiesService.getUserProperties() !== null,
      };
    });
  const all = { spreadsheet: true, active: true, documentProperties: true, documentLock: true, userProperties: true };

  it('are there by default', () => {
    expect(answers(newEnv(), 'trigger')).toEqual(all);
  });

  it.each([
    ['clockTriggerGetsSpreadsheet', { spreadsheet: false, active: false }],
    ['clockTriggerGetsDocumentProperties', { documentProperties: false }],
    ['clockTriggerGetsDocumentLock', { documentLock: false }],
  ] as const)('answer null where %s is false, in triggers only', (name, withheld) => {
    const env = newEnv({ uncertain: { [name]: false } });
    expect(answers(env, 'trigger')).toEqual({ ...all, ...withheld });
    expect(answers(env, 'sidebar')).toEqual(all);
    const before = env.stats.serviceCalls;
    answers(env, 'trigger');
    expect(env.stats.serviceCalls - before).toBe(5);
    env.uncertain[name] = true;
    expect(answers(env, 'trigger')).toEqual(all);
  });
});

describe('the event of a time-driven trigger', () => {
  const SCRIPT = String.raw`
    function start() { ScriptApp.newTrigger('tick').timeBased().everyHours(1).create(); }
    function tick(e) { PropertiesService.getUserProperties().setProperty('uid', String(e.triggerUid)); }
  `;

  it('carries triggerUid, or not where the switch says so', () => {
    const env = newEnv();
    const bundle = loadBundle(env, SCRIPT);
    bundle.callFromSidebar('start', [], EDITOR);
    const [{ id }] = env.triggers.list();
    bundle.fireTimeTriggers({ id });
    expect(env.properties.user(EDITOR).uid).toBe(id);
    env.uncertain.clockEventHasTriggerUid = false;
    bundle.fireTimeTriggers({ id });
    expect(env.properties.user(EDITOR).uid).toBe('undefined');
  });
});

describe('what the fakes record for tests', () => {
  it('every refused trigger creation, even one the script caught', () => {
    const env = newEnv();
    const { ScriptApp } = gas(env);
    env.run('sidebar', OWNER, () => {
      try {
        ScriptApp.newTrigger('poll').timeBased().everyMinutes(1).create();
      } catch {
        ScriptApp.newTrigger('poll').timeBased().everyHours(1).create();
      }
      expect(() => ScriptApp.newTrigger('poll').timeBased().everyHours(1).create()).toThrow(ANOTHER_TRIGGER_HERE);
    });
    expect(env.triggers.refused()).toEqual([
      {
        user: OWNER,
        handler: 'poll',
        kind: 'everyMinutes',
        everyMinutes: 1,
        message: 'Add-ons may only create time-based triggers that run at most once per hour.',
      },
      { user: OWNER, handler: 'poll', kind: 'everyHours', everyHours: 1, message: ANOTHER_TRIGGER_HERE },
    ]);
    expect(env.triggers.list()).toHaveLength(1);
  });

  it('service calls by name', () => {
    const env = newEnv();
    env.run('sidebar', OWNER, () => {
      const properties = gas(env).PropertiesService.getDocumentProperties();
      properties.setProperty('a', '1');
      properties.setProperty('b', '2');
      properties.getProperties();
    });
    expect(env.stats.callsByName).toMatchObject({
      'PropertiesService.getDocumentProperties': 1,
      'Properties.setProperty': 2,
      'Properties.getProperties': 1,
    });
  });
});
