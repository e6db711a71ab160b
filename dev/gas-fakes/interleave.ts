// Concurrent executions, played deterministically. On Google up to 30 custom functions of one user run at once,
// beside sidebar calls and triggers, all on the same cache, properties, lock and spreadsheet. The bundle is
// synchronous JS, so the fakes cannot run two executions side by side; instead, at each service call of the
// running execution, a seeded coin decides whether the next pending execution runs to completion right there,
// before the call takes effect: a short execution between two service calls of a longer one. The interrupted
// execution cannot progress meanwhile, so a lock it holds stays held for the whole nested execution (tryLock
// waits its timeout in fake time and fails, waitLock throws), as if its holder were slow.
import type { Execution, Runtime } from './runtime';

export interface InterleaveOptions<T> {
  /** Same seed, same interleaving (given the same executions). */
  seed: number;
  /**
   * Each starts one execution (env.run, bundle.call, bundle.callFromSidebar, bundle.fireTimeTriggers…). The first
   * starts first; the others wait, in order, for an interleave point or for the running ones to end.
   */
  executions: Array<() => T>;
  /** Chance that a service call lets the next pending execution run first; default 0.5. */
  probability?: number;
}

export type InterleaveOutcome<T> = { value: T } | { error: unknown };

/**
 * One step, by the execution's index in `executions`. A call is traced before it takes effect, so a start `inside`
 * an execution right after one of its calls ran before that call took effect.
 */
export type InterleaveEvent =
  | { execution: number; event: 'start'; inside?: number }
  | { execution: number; event: 'call'; name: string }
  | { execution: number; event: 'end'; failed: boolean };

export interface InterleaveResult<T> {
  /** By index in `executions`: what each returned or threw. */
  outcomes: Array<InterleaveOutcome<T>>;
  trace: InterleaveEvent[];
}

/** Runs `executions` interleaved at their service calls, as decided by `seed`. */
export function interleave<T>(runtime: Runtime, options: InterleaveOptions<T>): InterleaveResult<T> {
  if (runtime.interleavePoint) throw new Error('env.interleave does not nest.');
  const random = seededRandom(options.seed);
  const probability = options.probability ?? 0.5;
  const outcomes: Array<InterleaveOutcome<T>> = [];
  const trace: InterleaveEvent[] = [];
  /** Indexes of the executions running, innermost last; the others wait from `nextPending` on. */
  const running: number[] = [];
  let nextPending = 0;

  const start = (index: number) => {
    const inside = running[running.length - 1];
    trace.push(
      inside === undefined ? { execution: index, event: 'start' } : { execution: index, event: 'start', inside },
    );
    running.push(index);
    runtime.nextRunMayNest = inside !== undefined;
    try {
      outcomes[index] = { value: options.executions[index]() };
    } catch (error) {
      outcomes[index] = { error };
    } finally {
      runtime.nextRunMayNest = false;
      running.pop();
    }
    trace.push({ execution: index, event: 'end', failed: 'error' in outcomes[index] });
  };

  runtime.interleavePoint = (_execution: Execution, name: string) => {
    trace.push({ execution: running[running.length - 1], event: 'call', name });
    if (nextPending < options.executions.length && random() < probability) start(nextPending++);
  };
  try {
    while (nextPending < options.executions.length) start(nextPending++);
  } finally {
    runtime.interleavePoint = null;
  }
  return { outcomes, trace };
}

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
