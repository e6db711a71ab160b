import {
  TIMEOUT_MESSAGE,
  loadBundle,
  type GasEnvironment,
  type InterleaveEvent,
  type InterleaveResult,
} from '../../dev/gas-fakes';
import { EDITOR, OWNER, gas, newEnv } from './gas';

const SEEDS = Array.from({ length: 40 }, (_, seed) => seed);
const LOCK_TIMEOUT = 'Lock timeout: another process was holding the lock for too long.';

/** Read-modify-write of a counter in the document cache, with no lock: what a lost update needs. */
function bumpCounter(env: GasEnvironment): string {
  const cache = gas(env).CacheService.getDocumentCache()!;
  const next = String(Number(cache.get('counter') ?? '0') + 1);
  cache.put('counter', next);
  return next;
}

/** The same under the document lock, as the add-on would write it. */
function bumpCounterLocked(env: GasEnvironment): string {
  const lock = gas(env).LockService.getDocumentLock();
  lock.waitLock(10_000);
  const next = bumpCounter(env);
  lock.releaseLock();
  return next;
}

/** Two (or more) executions of `bump` by different users, interleaved by `seed`, each in its own env. */
function race(seed: number, bump: (env: GasEnvironment) => string, count = 2) {
  const env = newEnv({ clock: 'virtual' });
  const users = [OWNER, EDITOR, 'third@example.com'];
  const result = env.interleave({
    seed,
    executions: users.slice(0, count).map((user) => () => env.run('sidebar', user, () => bump(env))),
  });
  return { env, result, counter: Number(env.cache.document().counter ?? '0') };
}

function isNestedIn(step: InterleaveEvent, outer: number): boolean {
  return step.event === 'start' && step.inside === outer;
}

/**
 * Whether execution 1 started inside execution 0 after the call `name` of execution 0 took effect: a start right after a call runs
 * before that call takes effect, so another call of execution 0 must come between.
 */
function nestedAfter(result: InterleaveResult<unknown>, name: string): boolean {
  const nested = result.trace.findIndex((step) => step.event === 'start' && step.execution === 1);
  if (!isNestedIn(result.trace[nested], 0)) return false;
  const outerCalls = result.trace
    .slice(0, nested)
    .flatMap((step) => (step.event === 'call' && step.execution === 0 ? [step.name] : []));
  const at = outerCalls.indexOf(name);
  return at >= 0 && at < outerCalls.length - 1;
}

const succeeded = (result: InterleaveResult<unknown>) => result.outcomes.filter((o) => 'value' in o).length;
const errorMessages = (result: InterleaveResult<unknown>) =>
  result.outcomes.flatMap((o) => ('error' in o ? [(o.error as Error).message] : []));

describe('interleaved executions', () => {
  it('expose a lost update: under some seed, two get→put increments leave the counter at 1', () => {
    const counters = SEEDS.map((seed) => race(seed, bumpCounter));
    for (const { result } of counters) expect(succeeded(result)).toBe(2);
    const lost = counters.filter(({ counter }) => counter === 1);
    expect(lost.length).toBeGreaterThan(0);
    expect(counters.some(({ counter }) => counter === 2)).toBe(true);
    // In a lost update the second execution ran between the first one's get and its put.
    const trace = lost[0].result.trace;
    const nestedStart = trace.findIndex((step) => step.event === 'start' && step.execution === 1);
    expect(trace[nestedStart]).toEqual({ execution: 1, event: 'start', inside: 0 });
    expect(trace[nestedStart - 1]).toEqual({ execution: 0, event: 'call', name: 'Cache.put' });
  });

  it('lose no update under the document lock: an execution either counts or fails its wait', () => {
    let sawTimeout = false;
    let sawAllCount = false;
    for (const seed of SEEDS) {
      const { result, counter } = race(seed, bumpCounterLocked, 3);
      expect(counter).toBe(succeeded(result));
      for (const message of errorMessages(result)) expect(message).toBe(LOCK_TIMEOUT);
      sawTimeout ||= succeeded(result) < 3;
      sawAllCount ||= succeeded(result) === 3;
    }
    expect(sawTimeout).toBe(true);
    expect(sawAllCount).toBe(true);
  });

  it('are deterministic by seed: same seed, same trace and outcomes; other seeds, other traces', () => {
    const first = race(7, bumpCounter);
    const again = race(7, bumpCounter);
    expect(again.result).toEqual(first.result);
    const traces = new Set(SEEDS.map((seed) => JSON.stringify(race(seed, bumpCounter).result.trace)));
    expect(traces.size).toBeGreaterThan(1);
  });

  it('never interleave with probability 0, and run one after another', () => {
    const env = newEnv();
    const { trace } = env.interleave({
      seed: 1,
      probability: 0,
      executions: [
        () => env.run('sidebar', OWNER, () => bumpCounter(env)),
        () => env.run('sidebar', EDITOR, () => 'second'),
      ],
    });
    expect(trace.map((step) => `${step.execution} ${step.event}`)).toEqual([
      '0 start',
      '0 call',
      '0 call',
      '0 call',
      '0 end',
      '1 start',
      '1 end',
    ]);
    expect(() => env.run('menu', OWNER, () => env.run('menu', OWNER, () => 1))).toThrow('Executions do not nest');
  });

  describe('a nested execution meets the lock its interrupted outer execution holds', () => {
    /** The outer execution takes the lock and then works; the nested one tries for 2 s, or waits 3 s. */
    const runWithHeldLock = (seed: number) => {
      const env = newEnv({ clock: 'virtual' });
      const { LockService } = gas(env);
      const times: number[] = [];
      const result = env.interleave<unknown>({
        seed,
        executions: [
          () =>
            env.run('sidebar', OWNER, () => {
              LockService.getDocumentLock().waitLock(1000);
              bumpCounter(env);
              return 'outer done';
            }),
          () =>
            env.run('customFunction', EDITOR, () => {
              const lock = LockService.getDocumentLock();
              times.push(env.clock.now());
              const got = lock.tryLock(2000);
              times.push(env.clock.now());
              if (!got) lock.waitLock(3000);
              return got;
            }),
        ],
      });
      return { env, result, times };
    };
    const heldWhenNested = SEEDS.map(runWithHeldLock).filter(({ result }) => nestedAfter(result, 'Lock.tryLock'));

    it('tryLock waits its timeout in fake time and fails; waitLock throws Google’s message', () => {
      expect(heldWhenNested.length).toBeGreaterThan(0);
      for (const { result, times } of heldWhenNested) {
        expect(times[1] - times[0]).toBe(2000);
        expect(errorMessages(result)).toEqual([LOCK_TIMEOUT]);
        expect(result.outcomes[0]).toEqual({ value: 'outer done' });
      }
    });

    it('the outer execution ends holding nothing, so the next execution gets the lock', () => {
      const { env } = heldWhenNested[0];
      expect(env.run('trigger', OWNER, () => gas(env).LockService.getDocumentLock().tryLock(0))).toBe(true);
    });

    it('the nested wait is time the outer custom function spent too, and can push it past 30 s', () => {
      const outerTimedOut = SEEDS.map((seed) => {
        const env = newEnv({ clock: 'virtual' });
        const { LockService } = gas(env);
        const result = env.interleave<unknown>({
          seed,
          executions: [
            () =>
              env.run('customFunction', OWNER, () => {
                LockService.getDocumentLock().tryLock(0);
                return bumpCounter(env);
              }),
            () => env.run('customFunction', EDITOR, () => LockService.getDocumentLock().tryLock(31_000)),
          ],
        });
        const afterLock = nestedAfter(result, 'Lock.tryLock');
        return { result, afterLock };
      }).filter(({ afterLock }) => afterLock);
      expect(outerTimedOut.length).toBeGreaterThan(0);
      for (const { result } of outerTimedOut) expect(errorMessages(result)).toEqual([TIMEOUT_MESSAGE, TIMEOUT_MESSAGE]);
    });
  });

  it('run entry points of a loaded bundle, each in its own scope, on the shared cache', () => {
    const env = newEnv();
    const bundle = loadBundle(
      env,
      `var calls = 0;
      function HITS(label) {
        calls += 1;
        var cache = CacheService.getDocumentCache();
        var hits = Number(cache.get('hits') || '0') + 1;
        cache.put('hits', String(hits));
        return label + ':' + calls;
      }`,
    );
    const results = SEEDS.map((seed) => {
      env.run('menu', OWNER, () => gas(env).CacheService.getDocumentCache()!.remove('hits'));
      const { outcomes } = env.interleave({
        seed,
        executions: ['a', 'b', 'c'].map(
          (label) => () => bundle.call('HITS', [label], { mode: 'customFunction', user: EDITOR }),
        ),
      });
      return { outcomes, hits: Number(env.cache.document().hits) };
    });
    for (const { outcomes } of results) {
      expect(outcomes).toEqual([{ value: 'a:1' }, { value: 'b:1' }, { value: 'c:1' }]);
    }
    expect(results.some(({ hits }) => hits < 3)).toBe(true);
    expect(results.some(({ hits }) => hits === 3)).toBe(true);
  });
});
