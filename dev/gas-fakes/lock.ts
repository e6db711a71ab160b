// LockService. Contention comes from env.locks.holdDocumentLock(), which stands for another execution holding the
// lock, or from env.interleave, where an execution nested inside one holding the lock cannot get it (its holder
// cannot progress meanwhile). A failed wait costs its full timeout in fake time.
import type { GasShape } from './gas-shape';
import type { Runtime } from './runtime';

/** Who holds a lock: an execution id, ANOTHER_EXECUTION, or nobody. */
interface LockState {
  holder: number | typeof ANOTHER_EXECUTION | null;
}

const ANOTHER_EXECUTION = 'another execution';

export class LockTable {
  readonly document: LockState = { holder: null };
  readonly script: LockState = { holder: null };
  private readonly users = new Map<string, LockState>();

  user(email: string): LockState {
    let state = this.users.get(email);
    if (!state) this.users.set(email, (state = { holder: null }));
    return state;
  }

  /** Makes another execution hold the document lock until the returned function is called. */
  holdDocumentLock(): () => void {
    if (this.document.holder !== null) throw new Error('The document lock is already held.');
    this.document.holder = ANOTHER_EXECUTION;
    return () => {
      if (this.document.holder === ANOTHER_EXECUTION) this.document.holder = null;
    };
  }
}

export class FakeLock implements GasShape<
  GoogleAppsScript.Lock.Lock,
  'tryLock' | 'waitLock' | 'releaseLock' | 'hasLock'
> {
  private acquiredBy: number | null = null;

  constructor(
    private readonly runtime: Runtime,
    private readonly state: LockState,
  ) {}

  tryLock(timeoutInMillis: number): boolean {
    const execution = this.runtime.use('lock', 'Lock.tryLock');
    if (this.state.holder !== null && this.state.holder !== execution.id) {
      this.runtime.clock.advance(Math.max(0, timeoutInMillis));
      this.runtime.enforceTimeLimit(execution);
      return false;
    }
    this.state.holder = execution.id;
    this.acquiredBy = execution.id;
    execution.onEnd.push(() => this.releaseHeldBy(execution.id));
    return true;
  }

  waitLock(timeoutInMillis: number): void {
    if (!this.tryLock(timeoutInMillis)) {
      throw this.runtime.exception('Lock timeout: another process was holding the lock for too long.');
    }
  }

  releaseLock(): void {
    const execution = this.runtime.use('lock', 'Lock.releaseLock');
    this.releaseHeldBy(execution.id);
  }

  hasLock(): boolean {
    const execution = this.runtime.use('lock', 'Lock.hasLock');
    return this.acquiredBy === execution.id && this.state.holder === execution.id;
  }

  private releaseHeldBy(executionId: number): void {
    if (this.acquiredBy !== executionId) return;
    this.acquiredBy = null;
    if (this.state.holder === executionId) this.state.holder = null;
  }
}

export class FakeLockService implements GasShape<
  GoogleAppsScript.Lock.LockService,
  'getDocumentLock' | 'getScriptLock' | 'getUserLock'
> {
  constructor(
    private readonly runtime: Runtime,
    private readonly table: LockTable,
  ) {}

  getDocumentLock(): FakeLock {
    this.runtime.use('lock', 'LockService.getDocumentLock');
    return new FakeLock(this.runtime, this.table.document);
  }

  getScriptLock(): FakeLock {
    this.runtime.use('lock', 'LockService.getScriptLock');
    return new FakeLock(this.runtime, this.table.script);
  }

  getUserLock(): FakeLock {
    const execution = this.runtime.use('lock', 'LockService.getUserLock');
    return new FakeLock(this.runtime, this.table.user(this.runtime.storeUser(execution)));
  }
}
