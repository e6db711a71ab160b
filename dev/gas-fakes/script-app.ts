// ScriptApp: time-driven triggers with the add-on rules, kept in a table the bundle fires from.
import { AUTHORIZATION_REQUIRED_MESSAGE } from './consent';
import type { GasShape } from './gas-shape';
import type { Execution, Runtime } from './runtime';
import { FakeSpreadsheetFacade } from './spreadsheet-app';
import type { InstallationSource, UncertainAnswers } from './uncertain';

export type ScriptKind = 'addon' | 'bound';

export const MAX_TRIGGERS_PER_USER = 20;
/** Total run time of a user's triggers per day on consumer accounts. */
export const TRIGGER_RUNTIME_PER_DAY_MS = 90 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const BOUND_MINUTE_INTERVALS = [1, 5, 10, 15, 30];
const HOUR_INTERVALS = [1, 2, 4, 6, 8, 12];
const MINUTE_MS = 60_000;

const AuthMode = { NONE: 'NONE', LIMITED: 'LIMITED', FULL: 'FULL', CUSTOM_FUNCTION: 'CUSTOM_FUNCTION' } as const;
const AuthorizationStatus = { REQUIRED: 'REQUIRED', NOT_REQUIRED: 'NOT_REQUIRED' } as const;
type AuthorizationStatusName = keyof typeof AuthorizationStatus;
/** Where getAuthorizationUrl sends the user; the fakes have no real script id. */
const AUTHORIZATION_URL = 'https://script.google.com/macros/d/fake-script-id/authorize';
const EventType = {
  CLOCK: 'CLOCK',
  ON_OPEN: 'ON_OPEN',
  ON_EDIT: 'ON_EDIT',
  ON_FORM_SUBMIT: 'ON_FORM_SUBMIT',
  ON_CHANGE: 'ON_CHANGE',
} as const;
const TriggerSource = { SPREADSHEETS: 'SPREADSHEETS', CLOCK: 'CLOCK', FORMS: 'FORMS', DOCUMENTS: 'DOCUMENTS' } as const;
const InstallationSourceEnum: { [Source in InstallationSource]: Source } = {
  APPS_MARKETPLACE_DOMAIN_ADD_ON: 'APPS_MARKETPLACE_DOMAIN_ADD_ON',
  NONE: 'NONE',
  WEB_STORE_ADD_ON: 'WEB_STORE_ADD_ON',
};

export interface TriggerInfo {
  id: string;
  handler: string;
  /** The user who created it; it runs as that user. */
  owner: string;
  documentId: string;
  kind: 'everyMinutes' | 'everyHours' | 'after';
  everyMinutes?: number;
  everyHours?: number;
  afterMs?: number;
  /** Fake-clock time it is next due. */
  nextRunAt: number;
  /**
   * A one-off trigger that has fired. It stays installed (and keeps counting as the user's time-based trigger in
   * this document) until deleted: the add-on must delete it itself.
   */
  spent: boolean;
}

type Schedule = Pick<TriggerInfo, 'kind' | 'everyMinutes' | 'everyHours' | 'afterMs'>;

/** A trigger the platform refused to create, and why (the script may have caught the error). */
export interface RefusedTrigger extends Partial<Schedule> {
  user: string;
  handler: string;
  message: string;
}

export class TriggerTable {
  private readonly triggers: TriggerInfo[] = [];
  private nextId = 1;
  /** Per user: fake time their triggers ran in the current quota day. */
  private readonly runtimeToday = new Map<string, { dayStartedAt: number; ms: number }>();
  /** Every refused creation, oldest first. */
  readonly refusals: RefusedTrigger[] = [];

  /** Copies of every installed trigger, soonest due first. */
  list(): TriggerInfo[] {
    return this.triggers.map((trigger) => ({ ...trigger })).sort((a, b) => a.nextRunAt - b.nextRunAt);
  }

  find(id: string): TriggerInfo | undefined {
    return this.triggers.find((trigger) => trigger.id === id);
  }

  add(trigger: Omit<TriggerInfo, 'id' | 'spent'>): TriggerInfo {
    const installed = { ...trigger, id: String(7_000_000_000_000 + this.nextId++), spent: false };
    this.triggers.push(installed);
    return installed;
  }

  remove(id: string): void {
    const index = this.triggers.findIndex((trigger) => trigger.id === id);
    if (index >= 0) this.triggers.splice(index, 1);
  }

  ownedBy(user: string): TriggerInfo[] {
    return this.triggers.filter((trigger) => trigger.owner === user);
  }

  /** Installed triggers due at `now`, soonest first. */
  due(now: number): TriggerInfo[] {
    return this.list().filter((trigger) => !trigger.spent && trigger.nextRunAt <= now);
  }

  /** Whether the user's triggers used up their daily run time. */
  runtimeExhausted(user: string, now: number): boolean {
    const usage = this.runtimeToday.get(user);
    return usage !== undefined && now - usage.dayStartedAt < DAY_MS && usage.ms >= TRIGGER_RUNTIME_PER_DAY_MS;
  }

  chargeRuntime(user: string, ms: number, now: number): void {
    const usage = this.runtimeToday.get(user);
    if (!usage || now - usage.dayStartedAt >= DAY_MS) this.runtimeToday.set(user, { dayStartedAt: now, ms });
    else usage.ms += ms;
  }

  /** After a trigger has fired: a one-off one is spent, a recurring one is due again one period later. */
  fired(id: string, now: number): void {
    const trigger = this.find(id);
    if (!trigger) return;
    if (trigger.kind === 'after') trigger.spent = true;
    else trigger.nextRunAt = now + periodMs(trigger);
  }
}

/** How often a recurring schedule runs. */
function periodMs(schedule: Schedule): number {
  return schedule.kind === 'everyMinutes' ? schedule.everyMinutes! * MINUTE_MS : schedule.everyHours! * 60 * MINUTE_MS;
}

type TriggerMembers = 'getUniqueId' | 'getHandlerFunction' | 'getTriggerSourceId';

export class FakeTrigger implements GasShape<GoogleAppsScript.Script.Trigger, TriggerMembers> {
  constructor(readonly info: TriggerInfo) {}

  getUniqueId(): string {
    return this.info.id;
  }

  getHandlerFunction(): string {
    return this.info.handler;
  }

  getEventType(): string {
    return EventType.CLOCK;
  }

  getTriggerSource(): string {
    return TriggerSource.CLOCK;
  }

  /** Time-driven triggers have no source document. */
  getTriggerSourceId(): string {
    return '';
  }
}

interface TriggerContext {
  runtime: Runtime;
  table: TriggerTable;
  scriptKind: ScriptKind;
  installationSource: InstallationSource;
  documentId: string;
  uncertain: UncertainAnswers;
}

export class FakeClockTriggerBuilder implements GasShape<
  GoogleAppsScript.Script.ClockTriggerBuilder,
  'everyMinutes' | 'everyHours' | 'after' | 'create'
> {
  private schedule: Schedule | null = null;

  constructor(
    private readonly context: TriggerContext,
    private readonly handler: string,
  ) {}

  everyMinutes(n: number): this {
    this.schedule = { kind: 'everyMinutes', everyMinutes: n };
    return this;
  }

  everyHours(n: number): this {
    this.schedule = { kind: 'everyHours', everyHours: n };
    return this;
  }

  /** A one-off trigger, due `durationMilliseconds` from now. */
  after(durationMilliseconds: number): this {
    this.schedule = { kind: 'after', afterMs: durationMilliseconds };
    return this;
  }

  create(): FakeTrigger {
    const { runtime, table, documentId } = this.context;
    const execution = runtime.use('triggers', 'ClockTriggerBuilder.create');
    const schedule = this.schedule;
    const refuse = (message: string) => {
      table.refusals.push({ user: execution.user, handler: this.handler, ...schedule, message });
      return runtime.exception(message);
    };
    if (!schedule) throw refuse('The trigger has no schedule: call everyMinutes, everyHours or after first.');
    const badSchedule = this.scheduleProblem(schedule);
    if (badSchedule !== null) throw refuse(badSchedule);
    const mine = table.ownedBy(execution.user);
    if (this.context.scriptKind === 'addon' && mine.some((trigger) => trigger.documentId === documentId)) {
      throw refuse(
        'This add-on has created too many time-based triggers in this document for this Google user account.',
      );
    }
    if (mine.length >= MAX_TRIGGERS_PER_USER) {
      throw refuse(
        'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
      );
    }
    const now = runtime.clock.now();
    const firstRunIn = schedule.kind === 'after' ? schedule.afterMs! : periodMs(schedule);
    return new FakeTrigger(
      table.add({ ...schedule, handler: this.handler, owner: execution.user, documentId, nextRunAt: now + firstRunIn }),
    );
  }

  private scheduleProblem(schedule: Schedule): string | null {
    if (schedule.kind === 'everyMinutes') {
      if (this.context.scriptKind === 'addon') {
        return 'Add-ons may only create time-based triggers that run at most once per hour.';
      }
      if (!BOUND_MINUTE_INTERVALS.includes(schedule.everyMinutes!)) {
        return 'The value passed to everyMinutes must be one of 1, 5, 10, 15 or 30.';
      }
    }
    if (schedule.kind === 'everyHours' && !HOUR_INTERVALS.includes(schedule.everyHours!)) {
      return 'The value passed to everyHours must be one of 1, 2, 4, 6, 8 or 12.';
    }
    if (schedule.kind === 'after' && !(Number.isInteger(schedule.afterMs) && schedule.afterMs! >= 0)) {
      return 'Invalid argument: durationMilliseconds';
    }
    return null;
  }
}

export class FakeTriggerBuilder implements GasShape<GoogleAppsScript.Script.TriggerBuilder, 'timeBased'> {
  constructor(
    private readonly context: TriggerContext,
    private readonly handler: string,
  ) {}

  timeBased(): FakeClockTriggerBuilder {
    return new FakeClockTriggerBuilder(this.context, this.handler);
  }
}

/**
 * ScriptApp.getAuthorizationInfo's answer, taken when asked: whether `user` still has to grant one of the scopes
 * asked about (by default the manifest's), where to grant them, and which of them are granted.
 */
export class FakeAuthorizationInfo {
  constructor(
    private readonly missing: readonly string[],
    private readonly authorized: readonly string[],
    private readonly runtime: Runtime,
  ) {}

  getAuthorizationStatus(): AuthorizationStatusName {
    return this.missing.length > 0 ? AuthorizationStatus.REQUIRED : AuthorizationStatus.NOT_REQUIRED;
  }

  /** null when nothing is missing. */
  getAuthorizationUrl(): string | null {
    return this.missing.length > 0 ? AUTHORIZATION_URL : null;
  }

  getAuthorizedScopes(): string[] {
    return this.runtime.toScript([...this.authorized]);
  }
}

// getInstallationSource is left out: it answers an enum (see GasShape). So are getAuthorizationInfo (the typings
// lack its scopes argument), requireScopes and requireAllScopes (they take the AuthMode enum).
type ScriptAppMembers = 'newTrigger' | 'getProjectTriggers' | 'getUserTriggers' | 'deleteTrigger';

export class FakeScriptApp implements GasShape<GoogleAppsScript.Script.ScriptApp, ScriptAppMembers> {
  readonly AuthMode = AuthMode;
  readonly AuthorizationStatus = AuthorizationStatus;
  readonly EventType = EventType;
  readonly TriggerSource = TriggerSource;
  readonly InstallationSource = InstallationSourceEnum;

  constructor(private readonly context: TriggerContext) {}

  newTrigger(functionName: string): FakeTriggerBuilder {
    this.context.runtime.use('triggers', 'ScriptApp.newTrigger');
    return new FakeTriggerBuilder(this.context, String(functionName));
  }

  /** The running user's triggers of this script; other users' triggers are invisible. */
  getProjectTriggers(): FakeTrigger[] {
    const { user } = this.context.runtime.use('triggers', 'ScriptApp.getProjectTriggers');
    return this.context.runtime.toScript(this.context.table.ownedBy(user).map((info) => new FakeTrigger(info)));
  }

  /**
   * The running user's triggers in this document. Whether an add-on's time-driven triggers are among them is not
   * documented: env.uncertain.userTriggersListAddOnClockTriggers decides (all of this fake's triggers are clock ones).
   */
  getUserTriggers(spreadsheet: unknown): FakeTrigger[] {
    const { runtime, table, documentId, scriptKind, uncertain } = this.context;
    const { user } = runtime.use('triggers', 'ScriptApp.getUserTriggers');
    if (!(spreadsheet instanceof FakeSpreadsheetFacade)) {
      throw runtime.exception("The parameters don't match the method signature for ScriptApp.getUserTriggers.");
    }
    if (scriptKind === 'addon' && !uncertain.userTriggersListAddOnClockTriggers) return runtime.toScript([]);
    const mine = table.ownedBy(user).filter((info) => info.documentId === documentId);
    return runtime.toScript(mine.map((info) => new FakeTrigger(info)));
  }

  /** NONE for a script of one's own (bound to the sheet, or an add-on under test), else how the add-on was installed. */
  getInstallationSource(): InstallationSource {
    this.context.runtime.use('triggers', 'ScriptApp.getInstallationSource', []);
    return this.context.installationSource;
  }

  /**
   * Which of `oAuthScopes` (by default the manifest's) the running user granted. Only AuthMode.FULL asks for
   * consent, so in any other mode nothing is REQUIRED.
   */
  getAuthorizationInfo(authMode: unknown, oAuthScopes?: unknown): FakeAuthorizationInfo {
    const { runtime } = this.context;
    const execution = runtime.use('authorization', 'ScriptApp.getAuthorizationInfo');
    const asked = this.scopesArgument(oAuthScopes, 'ScriptApp.getAuthorizationInfo') ?? runtime.consent.manifest;
    const missing = this.missingScopes(execution, authMode, asked, 'ScriptApp.getAuthorizationInfo');
    const granted = new Set(runtime.consent.granted(runtime.authorizingUser(execution)));
    return new FakeAuthorizationInfo(
      missing,
      asked.filter((scope) => granted.has(scope)),
      runtime,
    );
  }

  /**
   * Ends the execution unless the user granted every one of `oAuthScopes`. From a menu or the sidebar Google then
   * shows its consent prompt (recorded in env.consent.prompts; the execution ends in ConsentPromptShown, whatever
   * the script catches); where it cannot (custom functions, triggers) the call just throws.
   */
  requireScopes(authMode: unknown, oAuthScopes: unknown): void {
    const scopes = this.scopesArgument(oAuthScopes, 'ScriptApp.requireScopes');
    if (scopes === undefined) throw this.signatureMismatch('ScriptApp.requireScopes');
    this.require(authMode, scopes, 'ScriptApp.requireScopes');
  }

  /** requireScopes for every scope of the manifest. */
  requireAllScopes(authMode: unknown): void {
    this.require(authMode, this.context.runtime.consent.manifest, 'ScriptApp.requireAllScopes');
  }

  /** Deletes one of the running user's triggers; a stale or foreign trigger is ignored. */
  deleteTrigger(trigger: unknown): void {
    const { user } = this.context.runtime.use('triggers', 'ScriptApp.deleteTrigger');
    if (!(trigger instanceof FakeTrigger)) {
      throw this.context.runtime.exception(
        "The parameters don't match the method signature for ScriptApp.deleteTrigger.",
      );
    }
    if (trigger.info.owner === user) this.context.table.remove(trigger.info.id);
  }

  private require(authMode: unknown, scopes: readonly string[], name: string): void {
    const { runtime } = this.context;
    const execution = runtime.use('authorization', name);
    const missing = this.missingScopes(execution, authMode, scopes, name);
    if (missing.length === 0) return;
    if (execution.mode === 'menu' || execution.mode === 'sidebar') {
      const prompt = { user: runtime.authorizingUser(execution), mode: execution.mode, missing };
      runtime.consent.prompts.push(prompt);
      execution.consentPrompt = prompt;
    }
    throw runtime.exception(AUTHORIZATION_REQUIRED_MESSAGE);
  }

  /** The scopes of `asked` the running user has not granted; none outside AuthMode.FULL. */
  private missingScopes(execution: Execution, authMode: unknown, asked: readonly string[], name: string): string[] {
    if (!Object.values(AuthMode).includes(authMode as never)) throw this.signatureMismatch(name);
    if (authMode !== AuthMode.FULL) return [];
    const { runtime } = this.context;
    return runtime.consent.missing(runtime.authorizingUser(execution), asked);
  }

  private scopesArgument(scopes: unknown, name: string): string[] | undefined {
    if (scopes === undefined) return undefined;
    if (!Array.isArray(scopes) || scopes.some((scope) => typeof scope !== 'string')) throw this.signatureMismatch(name);
    return [...(scopes as string[])];
  }

  private signatureMismatch(name: string): Error {
    return this.context.runtime.exception(`The parameters don't match the method signature for ${name}.`);
  }
}
