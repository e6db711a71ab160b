// The core every fake service shares: the fake clock, the running execution, its permissions and time limits,
// and the "realm" (set of JS constructors) that values and errors handed to the script must belong to.
import {
  AUTHORIZATION_REQUIRED_MESSAGE,
  ConsentPromptShown,
  SCOPES,
  requiredPermissions,
  type ConsentPrompt,
  type ConsentTable,
} from './consent';

export type ExecutionMode = 'customFunction' | 'menu' | 'sidebar' | 'trigger' | 'authModeNone';

export const CUSTOM_FUNCTION_LIMIT_MS = 30_000;
export const EXECUTION_LIMIT_MS = 6 * 60_000;
export const TIMEOUT_MESSAGE = 'Exceeded maximum execution time';

/**
 * How the fake clock moves. 'realtime' (the default): real time + a virtual offset, so real waits (HTTP) count and
 * Utilities.sleep costs nothing. 'virtual': only advance() moves it (Utilities.sleep, failed lock waits, tests), so
 * readings do not depend on how fast the machine runs; real waits such as HTTP then take no fake time.
 */
export type ClockMode = 'realtime' | 'virtual';

export class FakeClock {
  private offsetMs: number;

  constructor(
    startTime: number = Date.now(),
    private readonly mode: ClockMode = 'realtime',
  ) {
    this.offsetMs = mode === 'virtual' ? startTime : startTime - Date.now();
  }

  now(): number {
    return this.mode === 'virtual' ? this.offsetMs : Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/**
 * The constructors of one JS realm. A script loaded into a vm context has its own: a main-realm array fails
 * `instanceof Array` there, a main-realm Error fails `instanceof Error`. Values crossing over are rebuilt with these.
 */
export interface Realm {
  Array: ArrayConstructor;
  Object: ObjectConstructor;
  Date: DateConstructor;
  Error: ErrorConstructor;
}

export const MAIN_REALM: Realm = { Array, Object, Date, Error };

export function isDate(value: unknown): value is Date {
  // Cells are mostly strings and numbers: toString.call would box each one first.
  return typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Date]';
}

/** True for `{}`-style objects of any realm (their prototype is some realm's Object.prototype, or null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** Deep-copies arrays, plain objects and Dates into `realm`; anything else (fake service objects) is shared. */
export function copyInto<T>(value: T, realm: Realm): T {
  return copyValue(value, realm) as T;
}

function copyValue(value: unknown, realm: Realm): unknown {
  if (isDate(value)) return new realm.Date(value.getTime());
  if (Array.isArray(value)) {
    const copy = new realm.Array<unknown>();
    for (const item of value) copy.push(copyValue(item, realm));
    return copy;
  }
  if (isPlainObject(value)) {
    const copy = new realm.Object() as Record<string, unknown>;
    for (const key of Object.keys(value)) copy[key] = copyValue(value[key], realm);
    return copy;
  }
  return value;
}

/** What a service call needs; each execution mode denies some of these (see DENIED). */
export type Access =
  | 'sheetRead'
  | 'sheetWrite'
  | 'menu'
  | 'ui'
  | 'toast'
  | 'properties'
  | 'cache'
  | 'lock'
  | 'urlFetch'
  | 'triggers'
  | 'userIdentity'
  | 'session'
  | 'utilities'
  | 'html'
  | 'log'
  | 'authorization';

/** The scopes (any one of them) a call of each kind needs the user to have granted. */
const SCOPES_BY_ACCESS: Record<Access, readonly string[]> = {
  sheetRead: [SCOPES.spreadsheetsCurrentOnly, SCOPES.spreadsheets],
  sheetWrite: [SCOPES.spreadsheetsCurrentOnly, SCOPES.spreadsheets],
  toast: [SCOPES.spreadsheetsCurrentOnly, SCOPES.spreadsheets],
  urlFetch: [SCOPES.externalRequest],
  triggers: [SCOPES.scriptApp],
  ui: [SCOPES.containerUi],
  menu: [],
  properties: [],
  cache: [],
  lock: [],
  userIdentity: [],
  session: [],
  utilities: [],
  html: [],
  log: [],
  authorization: [],
};

const DENIED: Record<ExecutionMode, ReadonlySet<Access>> = {
  // Custom functions: read-only spreadsheet, no UI, no triggers, no user identity.
  customFunction: new Set<Access>(['sheetWrite', 'menu', 'ui', 'toast', 'triggers', 'userIdentity']),
  // AuthMode.NONE (onOpen before the add-on is used in this file): building the menu is all that works.
  authModeNone: new Set<Access>([
    'sheetRead',
    'sheetWrite',
    'ui',
    'toast',
    'properties',
    'cache',
    'lock',
    'urlFetch',
    'triggers',
    'userIdentity',
    'session',
  ]),
  menu: new Set<Access>(),
  sidebar: new Set<Access>(),
  // A time-driven trigger has no user interface to show anything in.
  trigger: new Set<Access>(['menu', 'ui']),
};

function denialMessage(mode: ExecutionMode, name: string): string {
  if (mode === 'trigger') return `Cannot call ${name}() from this context.`;
  return `You do not have permission to call ${name}`;
}

export interface Execution {
  readonly id: number;
  readonly mode: ExecutionMode;
  readonly user: string;
  readonly startedAt: number;
  readonly realm: Realm;
  /** True while the script's top-level code runs (before the called function). */
  loading: boolean;
  /** Set once a service call saw the limit passed; the execution then fails however the script reacts. */
  timedOut: boolean;
  serviceCalls: number;
  /** Run when the execution ends, e.g. to release its locks. */
  readonly onEnd: Array<() => void>;
  /** Set once ScriptApp.requireScopes showed the consent prompt: the execution ends, whatever the script catches. */
  consentPrompt: ConsentPrompt | null;
}

/** Called at every service call of an execution before it takes effect: where another execution may run. */
export type InterleavePoint = (execution: Execution, name: string) => void;

export interface RuntimeStats {
  executions: number;
  serviceCalls: number;
  /** Service calls by `Service.method`, such as `Properties.setProperty`. */
  callsByName: Record<string, number>;
  /** `Service.method` of every service call made by top-level code while a script loaded. */
  serviceCallsDuringLoad: string[];
}

export class Runtime {
  readonly clock: FakeClock;
  readonly logs: string[] = [];
  readonly stats: RuntimeStats = { executions: 0, serviceCalls: 0, callsByName: {}, serviceCallsDuringLoad: [] };
  /** Innermost last: an execution started at an interleave point runs on top of the one it interrupted. */
  private readonly running: Execution[] = [];
  private nextExecutionId = 1;
  /** Set by the interleaving scheduler (interleave.ts); null runs executions strictly one after another. */
  interleavePoint: InterleavePoint | null = null;
  /** One-shot: lets the next run() start on top of a running execution (the scheduler sets it). */
  nextRunMayNest = false;

  constructor(
    readonly owner: string,
    readonly consent: ConsentTable,
    startTime?: number,
    clockMode?: ClockMode,
  ) {
    this.clock = new FakeClock(startTime, clockMode);
  }

  private get current(): Execution | null {
    return this.running[this.running.length - 1] ?? null;
  }

  /** Runs fn as one execution; afterwards its locks are released and its time limit is enforced. */
  run<T>(mode: ExecutionMode, user: string, fn: (execution: Execution) => T, realm: Realm = MAIN_REALM): T {
    const mayNest = this.nextRunMayNest;
    this.nextRunMayNest = false;
    if (this.current && !mayNest) {
      throw new Error(`Executions do not nest: a ${this.current.mode} execution is already running.`);
    }
    const execution: Execution = {
      id: this.nextExecutionId++,
      mode,
      user,
      startedAt: this.clock.now(),
      realm,
      loading: false,
      timedOut: false,
      serviceCalls: 0,
      onEnd: [],
      consentPrompt: null,
    };
    this.running.push(execution);
    this.stats.executions++;
    let outcome: { value: T } | { error: unknown };
    try {
      outcome = { value: fn(execution) };
    } catch (error) {
      outcome = { error };
    } finally {
      this.running.pop();
      for (const cleanup of execution.onEnd) cleanup();
    }
    if (execution.consentPrompt) throw new ConsentPromptShown(execution.consentPrompt);
    if (execution.timedOut || this.overLimit(execution)) throw new Error(TIMEOUT_MESSAGE);
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }

  currentExecution(): Execution | null {
    return this.current;
  }

  /**
   * Every service method starts here: lets another execution run first where interleaving is on, counts the call,
   * enforces the time limit, the mode's permissions and the user's consent to one of `anyOfScopes` (by default
   * what the kind of call needs), and returns the running execution. `name` is how Apps Script names the method
   * in its errors.
   */
  use(access: Access, name: string, anyOfScopes: readonly string[] = SCOPES_BY_ACCESS[access]): Execution {
    const execution = this.current;
    if (!execution) throw new Error(`${name} was called outside an execution: wrap it in env.run(mode, user, fn).`);
    this.interleavePoint?.(execution, name);
    execution.serviceCalls++;
    this.stats.serviceCalls++;
    this.stats.callsByName[name] = (this.stats.callsByName[name] ?? 0) + 1;
    if (execution.loading) this.stats.serviceCallsDuringLoad.push(name);
    this.enforceTimeLimit(execution);
    // The consent prompt ended the execution: a script that caught requireScopes' error gets no further.
    if (execution.consentPrompt) throw this.exception(AUTHORIZATION_REQUIRED_MESSAGE);
    if (DENIED[execution.mode].has(access)) throw this.exception(denialMessage(execution.mode, name));
    if (!this.consent.allows(this.authorizingUser(execution), anyOfScopes)) {
      throw this.exception(
        `You do not have permission to call ${name}. Required permissions: ${requiredPermissions(anyOfScopes)}`,
      );
    }
    return execution;
  }

  /** Whose consent an execution runs on: like its stores, a custom function runs on the owner's. */
  authorizingUser(execution: Execution): string {
    return this.storeUser(execution);
  }

  /** Call after anything that lets time pass (sleep, HTTP) inside an execution. */
  enforceTimeLimit(execution: Execution): void {
    if (!this.overLimit(execution)) return;
    execution.timedOut = true;
    throw this.exception(TIMEOUT_MESSAGE);
  }

  /** An error as Apps Script throws it (name "Exception"), made in the running script's realm. */
  exception(message: string): Error {
    const realm = this.current?.realm ?? MAIN_REALM;
    const error = new realm.Error(message);
    error.name = 'Exception';
    return error;
  }

  /** Copies a fresh result into the running script's realm. */
  toScript<T>(value: T): T {
    return copyInto(value, this.current?.realm ?? MAIN_REALM);
  }

  /** Whose user properties and user cache an execution sees: in a custom function, the spreadsheet owner's. */
  storeUser(execution: Execution): string {
    return execution.mode === 'customFunction' ? this.owner : execution.user;
  }

  private overLimit(execution: Execution): boolean {
    const limit = execution.mode === 'customFunction' ? CUSTOM_FUNCTION_LIMIT_MS : EXECUTION_LIMIT_MS;
    return this.clock.now() - execution.startedAt > limit;
  }
}

export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
