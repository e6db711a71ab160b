// The FIFO queue of injected faults (see MockFault).

import type { MockFault } from './protocol';

export type FaultAction = Exclude<MockFault, { kind: 'latency' }>;

export interface FaultsForRequest {
  delayMs: number;
  action: FaultAction | null;
}

function matches(fault: MockFault, path: string): boolean {
  if (fault.path === undefined) return true;
  return fault.path.endsWith('*') ? path.startsWith(fault.path.slice(0, -1)) : path === fault.path;
}

const ACTION_KINDS: Record<FaultAction['kind'], true> = {
  status: true,
  rate_limit: true,
  drop: true,
  malformed: true,
  empty: true,
  html: true,
};

function isStatusFrom(lowest: number, status: unknown): boolean {
  return Number.isInteger(status) && (status as number) >= lowest && (status as number) <= 599;
}

/** Why a fault description is unusable, or null when it is fine. */
export function faultProblem(fault: unknown): string | null {
  if (typeof fault !== 'object' || fault === null) return 'Each fault must be an object.';
  const { kind, count, path } = fault as Record<string, unknown>;
  const isCount = (value: unknown) => Number.isInteger(value) && (value as number) > 0;
  if (path !== undefined && typeof path !== 'string') return 'path must be a string.';
  if (kind === 'latency') {
    const { ms } = fault as Record<string, unknown>;
    if (!Number.isFinite(ms) || (ms as number) < 0) return 'latency needs ms >= 0.';
    return count === undefined || isCount(count) ? null : 'count must be a positive integer.';
  }
  if (typeof kind !== 'string' || !(kind in ACTION_KINDS)) return `Unknown fault kind ${JSON.stringify(kind)}.`;
  if (!isCount(count)) return 'count must be a positive integer.';
  const { status } = fault as Record<string, unknown>;
  if (kind === 'status' && !isStatusFrom(400, status)) return 'status must be 400-599.';
  if ((kind === 'empty' || kind === 'html') && status !== undefined && !isStatusFrom(200, status))
    return 'status must be 200-599.';
  if (kind === 'rate_limit') {
    const { retryAfterSeconds, via } = fault as Record<string, unknown>;
    if (!Number.isInteger(retryAfterSeconds) || (retryAfterSeconds as number) < 0)
      return 'retryAfterSeconds must be an integer >= 0.';
    if (via !== 'header' && via !== 'body') return "via must be 'header' or 'body'.";
  }
  return null;
}

export class FaultQueue {
  private queue: MockFault[] = [];

  add(faults: readonly MockFault[]): void {
    this.queue.push(...faults.map((fault) => ({ ...fault })));
  }

  clear(): void {
    this.queue = [];
  }

  /** The faults still queued, each with the count it has left. */
  pending(): MockFault[] {
    return this.queue.map((fault) => ({ ...fault }));
  }

  /** Consumes every matching latency fault and the first matching other fault. */
  take(path: string): FaultsForRequest {
    let delayMs = 0;
    let action: FaultAction | null = null;
    for (const fault of this.queue) {
      if (!matches(fault, path)) continue;
      if (fault.kind === 'latency') {
        delayMs += fault.ms;
        if (fault.count !== undefined) fault.count--;
      } else if (!action) {
        action = fault;
        fault.count--;
      }
    }
    this.queue = this.queue.filter((fault) => fault.count === undefined || fault.count > 0);
    return { delayMs, action };
  }
}
