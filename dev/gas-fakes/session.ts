// Session: who runs the execution. Custom functions and AuthMode.NONE may not ask.
import { createHash } from 'node:crypto';
import type { GasShape } from './gas-shape';
import type { Runtime } from './runtime';

export const SCRIPT_TIME_ZONE = 'Etc/UTC';

export class FakeUser implements GasShape<GoogleAppsScript.Base.User, 'getEmail'> {
  constructor(private readonly email: string) {}

  getEmail(): string {
    return this.email;
  }
}

type SessionMembers =
  'getActiveUser' | 'getEffectiveUser' | 'getTemporaryActiveUserKey' | 'getScriptTimeZone' | 'getActiveUserLocale';

export class FakeSession implements GasShape<GoogleAppsScript.Base.Session, SessionMembers> {
  constructor(private readonly runtime: Runtime) {}

  getActiveUser(): FakeUser {
    return new FakeUser(this.runtime.use('userIdentity', 'Session.getActiveUser').user);
  }

  /** Add-on code runs as the user who triggered it (installed triggers: the user who created them). */
  getEffectiveUser(): FakeUser {
    return new FakeUser(this.runtime.use('userIdentity', 'Session.getEffectiveUser').user);
  }

  /** Opaque and stable for one user of this script. */
  getTemporaryActiveUserKey(): string {
    const { user } = this.runtime.use('userIdentity', 'Session.getTemporaryActiveUserKey');
    return createHash('sha256').update(`temporary-key:${user}`).digest('base64').slice(0, 43);
  }

  getScriptTimeZone(): string {
    this.runtime.use('session', 'Session.getScriptTimeZone');
    return SCRIPT_TIME_ZONE;
  }

  getActiveUserLocale(): string {
    this.runtime.use('session', 'Session.getActiveUserLocale');
    return 'en';
  }
}
