// One fake Apps Script world: a spreadsheet with its owner, every service the add-on uses, and the handles tests
// use to set up and inspect it.
import { CacheStores, FakeCacheService, type CacheStore } from './cache';
import { ConsentTable, manifestScopes, type ConsentPrompt } from './consent';
import { interleave, type InterleaveOptions, type InterleaveResult } from './interleave';
import { LockTable, FakeLockService } from './lock';
import { FakeConsole, FakeLogger } from './logging';
import { FakePropertiesService, PropertyStores, type PropertyStore } from './properties';
import { Runtime, type ClockMode, type ExecutionMode, type RuntimeStats } from './runtime';
import { FakeScriptApp, TriggerTable, type RefusedTrigger, type ScriptKind, type TriggerInfo } from './script-app';
import { FakeSession } from './session';
import { FakeSpreadsheetApp } from './spreadsheet-app';
import { FakeSpreadsheet } from './spreadsheet-model';
import { FakeHtmlService, type UiLog } from './ui';
import {
  DEFAULT_DAILY_URL_FETCH_QUOTA,
  DEFAULT_URL_FETCH_TIMEOUT_MS,
  FakeUrlFetchApp,
  UrlFetchLog,
  type RecordedRequest,
} from './url-fetch';
import { DEFAULT_UNCERTAIN_ANSWERS, type InstallationSource, type UncertainAnswers } from './uncertain';
import { FakeUtilities } from './utilities';

export interface GasEnvironmentOptions {
  /** The spreadsheet owner's email. */
  owner: string;
  /** Default 'addon': the add-on trigger rules apply. */
  scriptKind?: ScriptKind;
  /** ScriptApp.getInstallationSource(); default WEB_STORE_ADD_ON for an add-on, NONE for a bound script. */
  installationSource?: InstallationSource;
  /** How the fakes answer what Google does not document; see env.uncertain. */
  uncertain?: Partial<UncertainAnswers>;
  /** Name (without .html) -> content, for HtmlService.createHtmlOutputFromFile. */
  htmlFiles?: Record<string, string>;
  /** When set, UrlFetchApp refuses URLs that do not start with one of these prefixes. */
  urlFetchWhitelist?: string[];
  /** Default 20000. */
  dailyUrlFetchQuota?: number;
  /** Per-request timeout of UrlFetchApp, default 60 s as observed on the platform. */
  urlFetchTimeoutMs?: number;
  /** Fake clock start, ms since the epoch; default now. */
  startTime?: number;
  /**
   * 'realtime' (default): fake time is real time plus what sleeps, lock waits and clock.advance added.
   * 'virtual': fake time stands still but for those, so tests can check times exactly; real waits (HTTP) add nothing.
   */
  clock?: ClockMode;
  /** The manifest's oauthScopes; default those of the repository's appsscript.json. */
  manifestScopes?: string[];
  /** The scopes every user granted (granular consent); default all of manifestScopes. See env.consent. */
  grantedScopes?: string[];
}

export interface ExecutionInfo {
  mode: ExecutionMode;
  user: string;
  startedAt: number;
  serviceCalls: number;
}

export interface GasEnvironment {
  /** SpreadsheetApp, PropertiesService, CacheService, UrlFetchApp, ScriptApp, LockService, HtmlService, Session, Utilities, Logger, console. */
  readonly globals: Record<string, unknown>;
  /**
   * Fake time = real time + a virtual offset (or, with `clock: 'virtual'`, the offset alone); Utilities.sleep and
   * failed lock waits advance the offset.
   */
  readonly clock: { now(): number; advance(ms: number): void };
  /** The spreadsheet's data and call statistics, read without permissions or counting. */
  readonly spreadsheet: FakeSpreadsheet;
  /** Live views of the property stores: reading and writing them bypasses the service (for setup and checks). */
  readonly properties: {
    user(email: string): Record<string, string>;
    document(): Record<string, string>;
    script(): Record<string, string>;
  };
  /** Snapshots of the unexpired cache entries. */
  readonly cache: {
    user(email: string): Record<string, string>;
    document(): Record<string, string>;
    script(): Record<string, string>;
  };
  /** Everything Logger.log and console.* printed, one entry per call. */
  readonly logs: string[];
  readonly urlFetch: { readonly requests: RecordedRequest[]; readonly dailyCount: number };
  readonly ui: UiLog;
  /** The installed triggers, and every creation the platform refused (even where the script caught the error). */
  readonly triggers: { list(): TriggerInfo[]; refused(): RefusedTrigger[] };
  /** The switches of the undocumented behaviours, live: a change applies from the next service call on. */
  readonly uncertain: UncertainAnswers;
  readonly locks: { holdDocumentLock(): () => void };
  /**
   * Granular consent, live: which scopes each user granted (a service call needing a missing one throws Google's
   * "You do not have permission to call X. Required permissions: …"), and the consent prompts requireScopes showed.
   */
  readonly consent: {
    readonly manifest: readonly string[];
    granted(user: string): string[];
    /** Replaces what `user` granted; without a user, what every user not set explicitly granted. */
    setGranted(scopes: readonly string[], user?: string): void;
    readonly prompts: readonly ConsentPrompt[];
  };
  /** Executions run, service calls made, and the service calls made by top-level code while a script loaded. */
  readonly stats: RuntimeStats;
  /** Runs fn as one execution of `user` in `mode`, with that mode's permissions and time limit. */
  run<T>(mode: ExecutionMode, user: string, fn: () => T): T;
  currentExecution(): ExecutionInfo | null;
  /**
   * Runs several executions as if concurrent: at each service call of the running one, a coin seeded by `seed`
   * decides whether the next pending one runs to completion right there (see interleave.ts). Returns what each
   * returned or threw, and the trace of starts, service calls and ends.
   */
  interleave<T>(options: InterleaveOptions<T>): InterleaveResult<T>;
  /** Stops the UrlFetchApp worker thread. */
  dispose(): void;
}

/** What loadBundle needs beyond the public surface. */
export interface EnvironmentInternals {
  runtime: Runtime;
  triggers: TriggerTable;
  uncertain: UncertainAnswers;
}

const internals = new WeakMap<GasEnvironment, EnvironmentInternals>();

export function internalsOf(env: GasEnvironment): EnvironmentInternals {
  const found = internals.get(env);
  if (!found) throw new Error('Not an environment made by createGasEnvironment.');
  return found;
}

export function createGasEnvironment(options: GasEnvironmentOptions): GasEnvironment {
  const manifest = options.manifestScopes ?? manifestScopes();
  const consent = new ConsentTable(manifest, options.grantedScopes);
  const runtime = new Runtime(options.owner, consent, options.startTime, options.clock);
  const spreadsheet = new FakeSpreadsheet(runtime, options.owner);
  const uiLog: UiLog = { menus: [], sidebars: [], dialogs: [], alerts: [], toasts: [] };
  const propertyStores = new PropertyStores();
  const cacheStores = new CacheStores();
  const lockTable = new LockTable();
  const triggerTable = new TriggerTable();
  const urlFetchLog = new UrlFetchLog();
  const urlFetchApp = new FakeUrlFetchApp(runtime, urlFetchLog, {
    whitelist: options.urlFetchWhitelist,
    dailyQuota: options.dailyUrlFetchQuota ?? DEFAULT_DAILY_URL_FETCH_QUOTA,
    timeoutMs: options.urlFetchTimeoutMs ?? DEFAULT_URL_FETCH_TIMEOUT_MS,
  });
  const uncertain: UncertainAnswers = { ...DEFAULT_UNCERTAIN_ANSWERS, ...options.uncertain };
  spreadsheet.uncertain = uncertain;
  const scriptKind = options.scriptKind ?? 'addon';
  const triggerContext = {
    runtime,
    table: triggerTable,
    scriptKind,
    installationSource: options.installationSource ?? (scriptKind === 'addon' ? 'WEB_STORE_ADD_ON' : 'NONE'),
    documentId: spreadsheet.id,
    uncertain,
  };
  const spreadsheetApp = new FakeSpreadsheetApp({ runtime, model: spreadsheet, uiLog });
  const propertiesService = new FakePropertiesService(runtime, propertyStores);
  const lockService = new FakeLockService(runtime, lockTable);
  const inClockTrigger = () => runtime.currentExecution()?.mode === 'trigger';
  const spreadsheetWithheld = () => inClockTrigger() && !uncertain.clockTriggerGetsSpreadsheet;
  withholdWhen(spreadsheetApp, 'getActiveSpreadsheet', spreadsheetWithheld);
  withholdWhen(spreadsheetApp, 'getActive', spreadsheetWithheld);
  withholdWhen(
    propertiesService,
    'getDocumentProperties',
    () => inClockTrigger() && !uncertain.clockTriggerGetsDocumentProperties,
  );
  withholdWhen(lockService, 'getDocumentLock', () => inClockTrigger() && !uncertain.clockTriggerGetsDocumentLock);

  const globals: Record<string, unknown> = {
    SpreadsheetApp: spreadsheetApp,
    PropertiesService: propertiesService,
    CacheService: new FakeCacheService(runtime, cacheStores),
    UrlFetchApp: urlFetchApp,
    ScriptApp: new FakeScriptApp(triggerContext),
    LockService: lockService,
    HtmlService: new FakeHtmlService(runtime, options.htmlFiles ?? {}),
    Session: new FakeSession(runtime),
    Utilities: new FakeUtilities(runtime),
    Logger: new FakeLogger(runtime),
    console: new FakeConsole(runtime),
  };

  const env: GasEnvironment = {
    globals,
    clock: runtime.clock,
    spreadsheet,
    properties: {
      user: (email) => liveRecord(propertyStores.user(email)),
      document: () => liveRecord(propertyStores.document),
      script: () => liveRecord(propertyStores.script),
    },
    cache: {
      user: (email) => unexpired(cacheStores.user(email), runtime.clock.now()),
      document: () => unexpired(cacheStores.document, runtime.clock.now()),
      script: () => unexpired(cacheStores.script, runtime.clock.now()),
    },
    logs: runtime.logs,
    urlFetch: urlFetchLog,
    ui: uiLog,
    triggers: { list: () => triggerTable.list(), refused: () => triggerTable.refusals.map((entry) => ({ ...entry })) },
    uncertain,
    locks: { holdDocumentLock: () => lockTable.holdDocumentLock() },
    consent: {
      manifest,
      granted: (user) => consent.granted(user),
      setGranted: (scopes, user) => consent.setGranted(scopes, user),
      prompts: consent.prompts,
    },
    stats: runtime.stats,
    run: (mode, user, fn) => runtime.run(mode, user, () => fn()),
    currentExecution() {
      const execution = runtime.currentExecution();
      if (!execution) return null;
      const { mode, user, startedAt, serviceCalls } = execution;
      return { mode, user, startedAt, serviceCalls };
    },
    interleave: (interleaveOptions) => interleave(runtime, interleaveOptions),
    dispose: () => urlFetchApp.dispose(),
  };
  internals.set(env, { runtime, triggers: triggerTable, uncertain });
  return env;
}

/**
 * Makes `service.method()` answer null while `withheld()` says so, as Google may in a time-driven trigger. The real
 * method still runs first, so the call is counted and checked like any other.
 */
function withholdWhen<Service extends object, Method extends keyof Service>(
  service: Service,
  method: Method,
  withheld: () => boolean,
): void {
  const real = service[method] as (...args: unknown[]) => unknown;
  Object.defineProperty(service, method, {
    value: (...args: unknown[]) => {
      const answer = real.apply(service, args);
      return withheld() ? null : answer;
    },
  });
}

/** A plain-looking object that reads and writes the store itself. */
function liveRecord(store: PropertyStore): Record<string, string> {
  return new Proxy({} as Record<string, string>, {
    get: (target, key) => (typeof key === 'string' && store.has(key) ? store.get(key) : Reflect.get(target, key)),
    set: (_target, key, value) => {
      if (typeof key !== 'string') return false;
      store.set(key, String(value));
      return true;
    },
    deleteProperty: (_target, key) => {
      if (typeof key === 'string') store.delete(key);
      return true;
    },
    has: (_target, key) => typeof key === 'string' && store.has(key),
    ownKeys: () => [...store.keys()],
    getOwnPropertyDescriptor: (_target, key) =>
      typeof key === 'string' && store.has(key)
        ? { value: store.get(key), writable: true, enumerable: true, configurable: true }
        : undefined,
  });
}

function unexpired(store: CacheStore, now: number): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [key, entry] of store) if (entry.expiresAt > now) entries[key] = entry.value;
  return entries;
}
