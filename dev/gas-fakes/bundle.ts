// Runs a built script as Apps Script does: every execution starts in a fresh global scope holding only the
// services (no require, process, fetch, URL, timers…), runs the file's top-level code, then calls one function.
// State kept in script globals therefore does not survive from one execution to the next, as on the platform.
import { parse } from 'acorn';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { internalsOf, type GasEnvironment } from './environment';
import { MAIN_REALM, copyInto, isPlainObject, type ExecutionMode, type Realm } from './runtime';

export interface LoadBundleOptions {
  /** Shown in stack traces; default "Code.js". */
  filename?: string;
}

export interface FiredTrigger {
  id: string;
  handler: string;
  user: string;
  /** The message of the error the handler ended with. */
  error?: string;
}

export interface Bundle {
  /** The global scope of the latest execution (each execution gets a new one). */
  readonly context: vm.Context;
  /** Names of the functions the script defines at top level. */
  globalNames(): string[];
  /**
   * Calls a top-level function as one execution in `mode` (a custom function: 'customFunction', 30 s limit).
   * Arguments are copied into the script's realm (a range is a 2-D array, an empty cell ''); the result is
   * copied back.
   */
  call(name: string, args: unknown[], opts: { mode: ExecutionMode; user: string }): unknown;
  /**
   * google.script.run: arguments and result must be JSON-like (a Date or function anywhere throws); runs in
   * 'sidebar' mode; private functions (name ending in _) cannot be called. Returns a deep copy.
   */
  callFromSidebar(name: string, args: unknown[], user: string): unknown;
  /**
   * Fires every due time-driven trigger, or those of one user, or the trigger `id` whether due or not, each as
   * a 'trigger' execution of the user who created it. Once a user's triggers ran 90 minutes in a day, theirs
   * fail without running. Returns what ran.
   */
  fireTimeTriggers(filter?: { id?: string; user?: string }): FiredTrigger[];
}

type ScriptFunction = (...args: unknown[]) => unknown;

/** Apps Script's V8 accepts ES2020 syntax: newer syntax (class fields, ??=, …) is a syntax error there. */
const PLATFORM_ECMA_VERSION = 2020;

export function loadBundle(env: GasEnvironment, code: string, options: LoadBundleOptions = {}): Bundle {
  const filename = options.filename ?? 'Code.js';
  const script = compiledScript(code, filename);
  const { runtime, triggers, uncertain } = internalsOf(env);
  const serviceNames = new Set(Object.keys(env.globals));
  let latestContext: vm.Context;

  function newScope(): { context: vm.Context; realm: Realm } {
    latestContext = vm.createContext({ ...env.globals });
    followFakeClock(latestContext, () => env.clock.now());
    const realm = REALM_SCRIPT.runInContext(latestContext) as Realm;
    return { context: latestContext, realm };
  }

  /** One execution: fresh scope, top-level code (recorded as loading), then invoke(the function). */
  function execute<T>(
    mode: ExecutionMode,
    user: string,
    name: string,
    invoke: (fn: ScriptFunction, realm: Realm) => T,
  ): T {
    const { context, realm } = newScope();
    return runtime.run(
      mode,
      user,
      (execution) => {
        execution.loading = true;
        script.runInContext(context);
        execution.loading = false;
        const fn: unknown = context[name];
        if (typeof fn !== 'function') throw runtime.exception(`Script function not found: ${name}`);
        return invoke(fn as ScriptFunction, realm);
      },
      realm,
    );
  }

  // Load once up front, as in AuthMode.NONE (the most restricted way top-level code runs), to find the functions.
  const loaded = newScope();
  runtime.run(
    'authModeNone',
    env.spreadsheet.owner,
    (execution) => {
      execution.loading = true;
      script.runInContext(loaded.context);
    },
    loaded.realm,
  );
  const functionNames = Object.keys(loaded.context).filter(
    (name) => !serviceNames.has(name) && typeof loaded.context[name] === 'function',
  );

  return {
    get context() {
      return latestContext;
    },
    globalNames: () => [...functionNames],
    call(name, args, { mode, user }) {
      if (mode === 'customFunction' && name.endsWith('_')) {
        throw new Error(`${name} cannot be a custom function: names ending in _ are private.`);
      }
      return execute(mode, user, name, (fn, realm) => copyInto(fn(...copyInto(args, realm)), MAIN_REALM));
    },
    callFromSidebar(name, args, user) {
      if (name.endsWith('_'))
        throw new Error(`Script function not found: ${name} (private functions cannot be called from the client).`);
      args.forEach((arg, i) => checkJsonLike(arg, String(i)));
      return execute('sidebar', user, name, (fn, realm) => {
        const result: unknown = fn(...copyInto(args, realm));
        checkJsonLike(result, 'return value');
        return copyInto(result, MAIN_REALM);
      });
    },
    fireTimeTriggers(filter = {}) {
      const chosen = filter.id !== undefined ? [triggers.find(filter.id)] : triggers.due(env.clock.now());
      const fired: FiredTrigger[] = [];
      for (const trigger of chosen) {
        if (!trigger) throw new Error(`No trigger with id ${filter.id}.`);
        // An earlier handler in this round may have deleted it.
        if (!triggers.find(trigger.id) || (filter.user !== undefined && trigger.owner !== filter.user)) continue;
        const startedAt = env.clock.now();
        triggers.fired(trigger.id, startedAt);
        const record: FiredTrigger = { id: trigger.id, handler: trigger.handler, user: trigger.owner };
        fired.push(record);
        if (triggers.runtimeExhausted(trigger.owner, startedAt)) {
          record.error = 'Service using too much computer time for one day';
          continue;
        }
        try {
          execute('trigger', trigger.owner, trigger.handler, (fn, realm) =>
            fn(copyInto(clockEvent(uncertain.clockEventHasTriggerUid ? trigger.id : null, startedAt), realm)),
          );
        } catch (error) {
          record.error = isErrorLike(error) ? (error as Error).message : String(error);
        } finally {
          triggers.chargeRuntime(trigger.owner, env.clock.now() - startedAt, env.clock.now());
        }
      }
      return fired;
    },
  };
}

/**
 * Each bundle is checked and compiled once per process: a test file loads the same dist/Code.js into many
 * environments, and parsing it again for each was a sixth of an integration file's time.
 */
const compiled = new Map<string, Map<string, vm.Script>>();

function compiledScript(code: string, filename: string): vm.Script {
  const byCode = compiled.get(filename) ?? new Map<string, vm.Script>();
  compiled.set(filename, byCode);
  let script = byCode.get(code);
  if (script === undefined) {
    checkPlatformSyntax(code, filename);
    byCode.set(code, (script = new vm.Script(code, { filename })));
  }
  return script;
}

/**
 * Code that parsed as platform syntax, one empty file per SHA-1: each Jest file is a fresh module registry, and
 * parsing the 300 KB bundle again in each cost a test run 7 s of CPU.
 */
const SYNTAX_CHECKED_DIR = join(__dirname, '..', '..', 'node_modules', '.cache', 'sheet-enrich', 'platform-syntax');

function checkPlatformSyntax(code: string, filename: string): void {
  const checked = join(SYNTAX_CHECKED_DIR, createHash('sha1').update(code).digest('hex'));
  if (existsSync(checked)) return;
  try {
    parse(code, { ecmaVersion: PLATFORM_ECMA_VERSION, sourceType: 'script' });
  } catch (error) {
    throw new SyntaxError(
      `${filename} is not ES${PLATFORM_ECMA_VERSION} script syntax, as Apps Script requires: ${(error as Error).message}`,
    );
  }
  mkdirSync(SYNTAX_CHECKED_DIR, { recursive: true });
  writeFileSync(checked, '');
}

/** What google.script.run can carry: null, booleans, numbers, strings, and arrays and plain objects of those. */
function checkJsonLike(value: unknown, path: string): void {
  if (value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) return;
  if (Array.isArray(value)) return value.forEach((item, i) => checkJsonLike(item, `${path}.${i}`));
  if (isPlainObject(value)) return Object.keys(value).forEach((key) => checkJsonLike(value[key], `${path}.${key}`));
  throw new Error(`Failed due to illegal value in property: ${path}`);
}

/** Works for errors of any realm (those thrown inside the script fail `instanceof Error`). */
function isErrorLike(value: unknown): boolean {
  return Object.prototype.toString.call(value) === '[object Error]';
}

/** The event object of a time-driven trigger (without triggerUid where env.uncertain says so). */
function clockEvent(triggerUid: string | null, now: number) {
  const date = new Date(now);
  return {
    authMode: 'FULL',
    ...(triggerUid === null ? {} : { triggerUid }),
    timezone: 'UTC',
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    'day-of-month': date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

/**
 * The script's clock is the fakes' clock: `Date.now()` and `new Date()` move with `Utilities.sleep` and
 * `env.clock.advance`, as time passes for a real execution. Dates stay the realm's own (`instanceof Date` holds).
 */
function followFakeClock(context: vm.Context, now: () => number): void {
  (CLOCK_SCRIPT.runInContext(context) as (now: () => number) => void)(now);
}

// Compiled once: a script compiled from a string in each new scope was 2 s of a test run's CPU.
const CLOCK_SCRIPT = new vm.Script(`(function (now) {
  var RealDate = Date;
  function ClockDate() {
    if (!new.target) return new RealDate(now()).toString();
    return arguments.length === 0 ? new RealDate(now()) : Reflect.construct(RealDate, arguments, new.target);
  }
  ClockDate.prototype = RealDate.prototype;
  ClockDate.now = function () { return now(); };
  ClockDate.UTC = RealDate.UTC;
  ClockDate.parse = RealDate.parse;
  Object.defineProperty(RealDate.prototype, 'constructor', { value: ClockDate, writable: true, configurable: true });
  Date = ClockDate;
})`);

/** The realm's own constructors, which values copied into it must use. */
const REALM_SCRIPT = new vm.Script('({ Array: Array, Object: Object, Date: Date, Error: Error })');
