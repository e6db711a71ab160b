// ScriptApp: time-driven triggers with the add-on rules, kept in a table the bundle fires from.
import type { GasShape } from './gas-shape';
import type { Runtime } from './runtime';
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

// getInstallationSource is left out: it answers an enum (see GasShape).
type ScriptAppMembers = 'newTrigger' | 'getProjectTriggers' | 'getUserTriggers' | 'deleteTrigger';

export class FakeScriptApp implements GasShape<GoogleAppsScript.Script.ScriptApp, ScriptAppMembers> {
  readonly AuthMode = AuthMode;
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
    this.context.runtime.use('triggers', 'ScriptApp.getInstallationSource');
    return this.context.installationSource;
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
}
