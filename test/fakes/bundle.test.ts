import { loadBundle } from '../../dev/gas-fakes';
import { EDITOR, OWNER, newEnv } from './gas';

const SCRIPT = String.raw`
/**
 * @customfunction
 */
function ECHO_TYPES(range) {
  return range.map(function (row) {
    return row.map(function (cell) {
      if (cell instanceof Date) return 'date';
      if (cell === '') return 'empty';
      return typeof cell;
    });
  });
}
function ARGS_ARE_NATIVE(range) { return [[range instanceof Array, range[0] instanceof Array]]; }
function SLOW(seconds) { Utilities.sleep(seconds * 1000); return 'done'; }
function WRITE_CELL() { SpreadsheetApp.getActiveSheet().getRange('A1').setValue('x'); }
function globalTypes() {
  return ['URL', 'URLSearchParams', 'fetch', 'require', 'process', 'Buffer', 'setTimeout', 'setInterval',
    'TextEncoder', 'TextDecoder', 'structuredClone', 'atob', 'btoa', 'window', 'module', 'exports']
    .map(function (name) { return name + ':' + eval('typeof ' + name); });
}
function servicesPresent() { return [typeof SpreadsheetApp, typeof UrlFetchApp, typeof Logger, typeof console]; }
var counter = 0;
function bump() { counter += 1; return counter; }
function catchServiceError() {
  try { SpreadsheetApp.getUi(); } catch (e) { return { isError: e instanceof Error, text: String(e) }; }
}
function getSettings(input) { return { echoed: input, list: [1, 'two', null], nested: { ok: true } }; }
function startedAt() { return new Date(0); }
function secret_() { return 'private'; }
function startPolling() { ScriptApp.newTrigger('poll').timeBased().everyHours(1).create(); }
function startOnce() { ScriptApp.newTrigger('poll').timeBased().after(60 * 1000).create(); }
function poll(e) {
  var props = PropertiesService.getDocumentProperties();
  props.setProperty('polledBy', Session.getActiveUser().getEmail());
  props.setProperty('authMode', String(e.authMode));
}
function failingPoll() { throw new Error('API down'); }
function longPoll() { Utilities.sleep(300 * 1000); }
function startLong() { ScriptApp.newTrigger('longPoll').timeBased().everyHours(1).create(); }
function startFailing() { ScriptApp.newTrigger('failingPoll').timeBased().everyHours(1).create(); }
globalThis.ASSIGNED = function () { return 'assigned'; };
var notAFunction = 42;
`;

describe('loadBundle', () => {
  it('runs the script with only the Apps Script services as globals', () => {
    const bundle = loadBundle(newEnv(), SCRIPT);
    const types = bundle.call('globalTypes', [], { mode: 'menu', user: OWNER }) as string[];
    expect(types.filter((entry) => !entry.endsWith(':undefined'))).toEqual([]);
    expect(bundle.call('servicesPresent', [], { mode: 'menu', user: OWNER })).toEqual([
      'object',
      'object',
      'object',
      'object',
    ]);
  });

  it('lists the top-level functions', () => {
    const names = loadBundle(newEnv(), SCRIPT).globalNames();
    expect(names).toEqual(expect.arrayContaining(['ECHO_TYPES', 'SLOW', 'poll', 'secret_', 'ASSIGNED']));
    expect(names).not.toContain('notAFunction');
    expect(names).not.toContain('SpreadsheetApp');
  });

  it('passes custom function arguments as the script realm’s own arrays and Dates, and copies results back', () => {
    const bundle = loadBundle(newEnv(), SCRIPT);
    const opts = { mode: 'customFunction', user: EDITOR } as const;
    expect(
      bundle.call(
        'ECHO_TYPES',
        [
          [
            [new Date(), ''],
            [1, 'a'],
          ],
        ],
        opts,
      ),
    ).toEqual([
      ['date', 'empty'],
      ['number', 'string'],
    ]);
    expect(bundle.call('ARGS_ARE_NATIVE', [[[1]]], opts)).toEqual([[true, true]]);
    expect(bundle.call('ECHO_TYPES', [[[1]]], opts)).toBeInstanceOf(Array);
  });

  it('fails a custom function after 30 seconds, and applies custom function permissions', () => {
    const bundle = loadBundle(newEnv(), SCRIPT);
    const opts = { mode: 'customFunction', user: EDITOR } as const;
    expect(bundle.call('SLOW', [20], opts)).toBe('done');
    expect(() => bundle.call('SLOW', [31], opts)).toThrow('Exceeded maximum execution time');
    expect(() => bundle.call('WRITE_CELL', [], opts)).toThrow('You do not have permission to call Range.setValue');
    expect(() => bundle.call('secret_', [], opts)).toThrow('names ending in _ are private');
  });

  it('throws service errors as the script realm’s Errors named Exception', () => {
    const bundle = loadBundle(newEnv(), SCRIPT);
    expect(bundle.call('catchServiceError', [], { mode: 'customFunction', user: OWNER })).toEqual({
      isError: true,
      text: 'Exception: You do not have permission to call SpreadsheetApp.getUi',
    });
  });

  it('gives every execution fresh globals, as Apps Script does', () => {
    const bundle = loadBundle(newEnv(), SCRIPT);
    expect(bundle.call('bump', [], { mode: 'menu', user: OWNER })).toBe(1);
    expect(bundle.call('bump', [], { mode: 'menu', user: OWNER })).toBe(1);
    expect(() => bundle.call('nope', [], { mode: 'menu', user: OWNER })).toThrow('Script function not found: nope');
  });

  it('records service calls made by top-level code', () => {
    const env = newEnv();
    const bundle = loadBundle(env, `Logger.log('loading'); function f() { return 1; }`);
    bundle.call('f', [], { mode: 'menu', user: OWNER });
    expect(env.stats.serviceCallsDuringLoad).toEqual(['Logger.log', 'Logger.log']);
    expect(() => loadBundle(newEnv(), `var key = PropertiesService.getUserProperties();`)).toThrow(
      'You do not have permission',
    );
    const clean = newEnv();
    loadBundle(clean, SCRIPT).call('bump', [], { mode: 'menu', user: OWNER });
    expect(clean.stats.serviceCallsDuringLoad).toEqual([]);
  });

  it('refuses syntax newer than ES2020', () => {
    expect(() => loadBundle(newEnv(), 'class A { x = 1; }')).toThrow(SyntaxError);
    expect(() => loadBundle(newEnv(), 'var a; a ??= 1;')).toThrow('is not ES2020 script syntax');
    expect(() => loadBundle(newEnv(), 'export function f() {}')).toThrow(SyntaxError);
    loadBundle(newEnv(), 'var a = b?.c ?? 1; var b;');
  });
});

describe('Bundle.callFromSidebar', () => {
  it('passes JSON-like values and returns a deep copy', () => {
    const bundle = loadBundle(newEnv(), SCRIPT);
    const input = { query: 'ceo', limit: 5 };
    const result = bundle.callFromSidebar('getSettings', [input], EDITOR) as { echoed: unknown };
    expect(result).toEqual({ echoed: input, list: [1, 'two', null], nested: { ok: true } });
    expect(result.echoed).not.toBe(input);
  });

  it('rejects a Date (or function) anywhere in the arguments or the result, and private functions', () => {
    const bundle = loadBundle(newEnv(), SCRIPT);
    expect(() => bundle.callFromSidebar('getSettings', [{ when: new Date() }], EDITOR)).toThrow(
      'Failed due to illegal value in property: 0.when',
    );
    expect(() => bundle.callFromSidebar('getSettings', [[() => 1]], EDITOR)).toThrow('illegal value in property: 0.0');
    expect(() => bundle.callFromSidebar('startedAt', [], EDITOR)).toThrow('illegal value in property: return value');
    expect(() => bundle.callFromSidebar('secret_', [], EDITOR)).toThrow('Script function not found');
  });
});

describe('Bundle.fireTimeTriggers', () => {
  it('runs due triggers in trigger mode as the user who created them', () => {
    const env = newEnv();
    const bundle = loadBundle(env, SCRIPT);
    bundle.callFromSidebar('startPolling', [], EDITOR);
    expect(bundle.fireTimeTriggers()).toEqual([]);
    env.clock.advance(3600_000);
    const [fired] = bundle.fireTimeTriggers();
    expect(fired).toEqual({ id: env.triggers.list()[0].id, handler: 'poll', user: EDITOR });
    expect(env.properties.document()).toEqual({ polledBy: EDITOR, authMode: 'FULL' });
    expect(bundle.fireTimeTriggers()).toEqual([]);
    env.clock.advance(3600_000);
    expect(bundle.fireTimeTriggers({ user: OWNER })).toEqual([]);
    expect(bundle.fireTimeTriggers({ user: EDITOR })).toHaveLength(1);
  });

  it('fires one trigger by id whether due or not, and records handler errors', () => {
    const env = newEnv();
    const bundle = loadBundle(env, SCRIPT);
    bundle.callFromSidebar('startFailing', [], OWNER);
    const { id } = env.triggers.list()[0];
    expect(bundle.fireTimeTriggers({ id })).toEqual([{ id, handler: 'failingPoll', user: OWNER, error: 'API down' }]);
    expect(() => bundle.fireTimeTriggers({ id: 'nope' })).toThrow('No trigger with id nope');
  });

  it("stops a user's triggers once they ran 90 minutes in a day", () => {
    const env = newEnv();
    const bundle = loadBundle(env, SCRIPT);
    bundle.callFromSidebar('startLong', [], OWNER);
    const { id } = env.triggers.list()[0];
    for (let run = 0; run < 18; run++) expect(bundle.fireTimeTriggers({ id })[0].error).toBeUndefined(); // 18 × 5 min
    expect(bundle.fireTimeTriggers({ id })[0].error).toBe('Service using too much computer time for one day');
    env.clock.advance(24 * 3600_000);
    expect(bundle.fireTimeTriggers({ id })[0].error).toBeUndefined();
  });

  it('leaves a fired one-off trigger installed but spent, still counting as the user’s trigger', () => {
    const env = newEnv();
    const bundle = loadBundle(env, SCRIPT);
    bundle.callFromSidebar('startOnce', [], OWNER);
    env.clock.advance(60_000);
    expect(bundle.fireTimeTriggers()).toHaveLength(1);
    env.clock.advance(3600_000);
    expect(bundle.fireTimeTriggers()).toEqual([]);
    expect(env.triggers.list()).toEqual([expect.objectContaining({ kind: 'after', spent: true })]);
    expect(() => bundle.callFromSidebar('startPolling', [], OWNER)).toThrow('too many time-based triggers');
  });
});

describe('the script clock', () => {
  // On a virtual clock the script's time is exact: it moves only by the sleeps and advances, not by real time.
  it('follows the fakes clock, so Utilities.sleep and env.clock.advance move Date.now() and new Date()', () => {
    const start = Date.UTC(2025, 0, 1);
    const env = newEnv({ startTime: start, clock: 'virtual' });
    const bundle = loadBundle(
      env,
      String.raw`
      function elapsedAcrossSleep() { var t = Date.now(); Utilities.sleep(120000); return Date.now() - t; }
      function scriptNow() { return Date.now(); }
      function nowAndDate() { var d = new Date(); return [Date.now() - d.getTime(), d instanceof Date, typeof Date(), new Date(0).getTime()]; }`,
    );
    const opts = { mode: 'menu', user: OWNER } as const;
    expect(bundle.call('elapsedAcrossSleep', [], opts)).toBe(120000);
    expect(bundle.call('nowAndDate', [], opts)).toEqual([0, true, 'string', 0]);
    env.clock.advance(3_600_000);
    expect(bundle.call('scriptNow', [], opts)).toBe(start + 120000 + 3_600_000);
  });

  it('on the default clock, real time moves the script clock too', () => {
    const env = newEnv();
    const bundle = loadBundle(env, 'function scriptNow() { return Date.now(); }');
    const opts = { mode: 'menu', user: OWNER } as const;
    const first = bundle.call('scriptNow', [], opts) as number;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30); // blocks this thread for 30 ms of real time
    // A lower bound, with slack for the wall clock's granularity: it holds however slow the machine.
    expect((bundle.call('scriptNow', [], opts) as number) - first).toBeGreaterThanOrEqual(20);
  });
});
