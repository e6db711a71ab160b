import { EDITOR, OWNER, asOwner, gas, newEnv } from './gas';

describe('execution modes', () => {
  it('custom functions may read the spreadsheet but not change it or reach the UI', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => SpreadsheetApp.getActiveSheet().getRange('A1').setValue('input'));
    const { SpreadsheetApp } = gas(env);
    env.run('customFunction', EDITOR, () => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      const sheet = ss.getActiveSheet();
      const cell = sheet.getRange('A1');
      expect(cell.getValues()).toEqual([['input']]);
      const denied: Array<[string, () => unknown]> = [
        ['Range.setValues', () => cell.setValues([['x']])],
        ['Range.setValue', () => cell.setValue('x')],
        ['Range.setNumberFormat', () => cell.setNumberFormat('@')],
        ['Range.setNumberFormats', () => cell.setNumberFormats([['@']])],
        ['Range.clearContent', () => cell.clearContent()],
        ['Sheet.clear', () => sheet.clear()],
        ['Sheet.appendRow', () => sheet.appendRow(['x'])],
        ['Spreadsheet.insertSheet', () => ss.insertSheet('X')],
        ['Spreadsheet.deleteSheet', () => ss.deleteSheet(sheet)],
        ['Spreadsheet.toast', () => ss.toast('hi')],
        ['SpreadsheetApp.getUi', () => SpreadsheetApp.getUi()],
        ['SpreadsheetApp.openById', () => SpreadsheetApp.openById('abc')],
      ];
      for (const [name, call] of denied) expect(call).toThrow(`You do not have permission to call ${name}`);
    });
    expect(env.spreadsheet.sheet('Sheet1').values()).toEqual([['input']]);
  });

  it('custom functions get no triggers and no user identity, but Cache, Lock, Utilities, HtmlService and logging work', () => {
    const env = newEnv();
    const { ScriptApp, Session, CacheService, LockService, Utilities, HtmlService, Logger } = gas(env);
    env.run('customFunction', EDITOR, () => {
      expect(() => ScriptApp.newTrigger('f')).toThrow('You do not have permission to call ScriptApp.newTrigger');
      expect(() => ScriptApp.getProjectTriggers()).toThrow('You do not have permission');
      expect(() => Session.getActiveUser()).toThrow('You do not have permission to call Session.getActiveUser');
      CacheService.getDocumentCache()!.put('k', 'v');
      expect(LockService.getDocumentLock().tryLock(10)).toBe(true);
      expect(Utilities.base64Encode('a')).toBe('YQ==');
      expect(HtmlService.createHtmlOutput('<b>x</b>').getContent()).toBe('<b>x</b>');
      Logger.log('in a formula');
    });
    expect(env.logs).toEqual(['in a formula']);
  });

  it("custom functions see the OWNER's user properties, read only", () => {
    const env = newEnv();
    env.properties.user(OWNER).API_KEY = 'lk_owner';
    env.properties.user(EDITOR).API_KEY = 'lk_editor';
    const { PropertiesService } = gas(env);
    env.run('customFunction', EDITOR, () => {
      const props = PropertiesService.getUserProperties();
      expect(props.getProperty('API_KEY')).toBe('lk_owner');
      expect(() => props.setProperty('API_KEY', 'x')).toThrow(
        'You do not have permission to call Properties.setProperty',
      );
      expect(() => props.deleteProperty('API_KEY')).toThrow('You do not have permission');
      expect(() => props.setProperties({ a: 'b' })).toThrow('You do not have permission');
      expect(() => props.deleteAllProperties()).toThrow('You do not have permission');
    });
    expect(env.properties.user(OWNER)).toEqual({ API_KEY: 'lk_owner' });
  });

  it('menu, sidebar and trigger executions see the running user’s own properties', () => {
    const env = newEnv();
    env.properties.user(EDITOR).API_KEY = 'lk_editor';
    const { PropertiesService } = gas(env);
    for (const mode of ['menu', 'sidebar', 'trigger'] as const) {
      env.run(mode, EDITOR, () =>
        expect(PropertiesService.getUserProperties().getProperty('API_KEY')).toBe('lk_editor'),
      );
      env.run(mode, OWNER, () => expect(PropertiesService.getUserProperties().getProperty('API_KEY')).toBeNull());
    }
    env.run('sidebar', EDITOR, () => PropertiesService.getUserProperties().setProperty('API_TIER', '2'));
    expect(env.properties.user(EDITOR).API_TIER).toBe('2');
  });

  it('AuthMode.NONE allows building the menu and nothing that needs authorization', () => {
    const env = newEnv();
    const { SpreadsheetApp, PropertiesService, CacheService, UrlFetchApp, ScriptApp, LockService, Session } = gas(env);
    env.run('authModeNone', OWNER, () => {
      SpreadsheetApp.getUi().createAddonMenu().addItem('Open', 'showSidebar').addSeparator().addToUi();
      SpreadsheetApp.getUi().createMenu('Tools').addItem('Help', 'showHelp').addToUi();
      expect(ScriptApp.AuthMode.NONE).toBe('NONE');
      const denied: Array<() => unknown> = [
        () => SpreadsheetApp.getActiveSpreadsheet(),
        () => PropertiesService.getUserProperties(),
        () => PropertiesService.getDocumentProperties(),
        () => CacheService.getDocumentCache(),
        () => UrlFetchApp.fetch('https://example.com/'),
        () => ScriptApp.newTrigger('poll'),
        () => LockService.getDocumentLock(),
        () => Session.getActiveUser(),
        () => SpreadsheetApp.getUi().alert('hi'),
      ];
      for (const call of denied) expect(call).toThrow('You do not have permission to call');
    });
    expect(env.ui.menus.map((menu) => menu.title)).toEqual(['Add-on', 'Tools']);
    expect(env.urlFetch.requests).toHaveLength(0);
  });

  it('a time-driven trigger has no UI', () => {
    const env = newEnv();
    const { SpreadsheetApp } = gas(env);
    env.run('trigger', OWNER, () => {
      expect(() => SpreadsheetApp.getUi()).toThrow('Cannot call SpreadsheetApp.getUi() from this context.');
      SpreadsheetApp.getActiveSheet().getRange('A1').setValue('written by trigger');
    });
  });

  it('services refuse calls outside an execution, and executions do not nest', () => {
    const env = newEnv();
    const { SpreadsheetApp } = gas(env);
    expect(() => SpreadsheetApp.getActiveSpreadsheet()).toThrow('outside an execution');
    env.run('menu', OWNER, () => {
      expect(env.currentExecution()).toMatchObject({ mode: 'menu', user: OWNER });
      expect(() => env.run('menu', OWNER, () => 1)).toThrow('Executions do not nest');
    });
    expect(env.currentExecution()).toBeNull();
  });

  it('service errors look like Apps Script exceptions', () => {
    const env = newEnv();
    const error = env.run('customFunction', OWNER, () => {
      try {
        gas(env).SpreadsheetApp.getUi();
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('expected a permission error');
    });
    expect(error.name).toBe('Exception');
    expect(String(error)).toBe('Exception: You do not have permission to call SpreadsheetApp.getUi');
  });
});

// A virtual clock moves only when the test or a sleep moves it, so limits are checked to the millisecond.
describe('execution time', () => {
  it('fails an execution that ran over 6 minutes of fake time, even if the script caught the error', () => {
    const env = newEnv({ clock: 'virtual' });
    const { Utilities } = gas(env);
    expect(() =>
      env.run('sidebar', OWNER, () => {
        Utilities.sleep(300_000);
        try {
          Utilities.sleep(61_000);
        } catch (error) {
          expect(String(error)).toContain('Exceeded maximum execution time');
        }
        return 'carried on';
      }),
    ).toThrow('Exceeded maximum execution time');
  });

  it('checks the limit when the execution returns', () => {
    const env = newEnv({ clock: 'virtual' });
    expect(() => env.run('trigger', OWNER, () => env.clock.advance(6 * 60_000 + 1))).toThrow(
      'Exceeded maximum execution time',
    );
    expect(env.run('trigger', OWNER, () => env.clock.advance(6 * 60_000))).toBeUndefined();
  });

  it('gives custom functions 30 seconds', () => {
    const env = newEnv({ clock: 'virtual' });
    const { Utilities } = gas(env);
    expect(() => env.run('customFunction', OWNER, () => Utilities.sleep(30_001))).toThrow(
      'Exceeded maximum execution time',
    );
    expect(env.run('customFunction', OWNER, () => (Utilities.sleep(30_000), 'ok'))).toBe('ok');
    expect(env.run('menu', OWNER, () => (Utilities.sleep(30_001), 'ok'))).toBe('ok');
  });
});

describe('the fake clock', () => {
  /** Blocks this thread, so real time passes without the event loop running. */
  const blockFor = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

  it('by default runs on real time plus what sleeps and tests added', () => {
    const before = Date.now();
    const env = newEnv({ startTime: Date.UTC(2025, 0, 1) });
    const start = env.clock.now();
    // Only bounds that hold however slow the machine: the clock starts at startTime and real time moves it on.
    expect(start).toBeGreaterThanOrEqual(Date.UTC(2025, 0, 1));
    expect(start).toBeLessThanOrEqual(Date.UTC(2025, 0, 1) + (Date.now() - before));
    blockFor(30);
    // Lower bounds, with slack for the wall clock's granularity.
    expect(env.clock.now() - start).toBeGreaterThanOrEqual(20);
    env.run('menu', OWNER, () => gas(env).Utilities.sleep(120_000));
    env.clock.advance(3_600_000);
    expect(env.clock.now() - start).toBeGreaterThanOrEqual(3_720_020);
    expect(() => env.run('menu', OWNER, () => gas(env).Utilities.sleep(300_001))).toThrow(
      'Invalid argument: milliseconds',
    );
  });

  it("with clock: 'virtual', stands still in real time and moves exactly by sleeps, lock waits and advance", () => {
    const env = newEnv({ startTime: Date.UTC(2025, 0, 1), clock: 'virtual' });
    const start = Date.UTC(2025, 0, 1);
    expect(env.clock.now()).toBe(start);
    blockFor(30);
    expect(env.clock.now()).toBe(start);
    env.run('menu', OWNER, () => gas(env).Utilities.sleep(120_000));
    expect(env.clock.now()).toBe(start + 120_000);
    const release = env.locks.holdDocumentLock();
    env.run('trigger', OWNER, () => expect(gas(env).LockService.getDocumentLock().tryLock(5_000)).toBe(false));
    release();
    expect(env.clock.now()).toBe(start + 125_000);
    env.clock.advance(3_600_000);
    expect(env.clock.now()).toBe(start + 3_725_000);
    // Executions start and end on the same clock.
    const execution = env.run('menu', OWNER, () => env.currentExecution());
    expect(execution?.startedAt).toBe(start + 3_725_000);
  });

  it("with clock: 'virtual' and no startTime, starts at the real time it was made", () => {
    const before = Date.now();
    const env = newEnv({ clock: 'virtual' });
    const start = env.clock.now();
    expect(start).toBeGreaterThanOrEqual(before);
    expect(start).toBeLessThanOrEqual(Date.now());
    blockFor(30);
    expect(env.clock.now()).toBe(start);
  });
});
