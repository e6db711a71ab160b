// The /__mock/ control endpoints (no auth): keys, faults, job clock, next-job options, jobs and the request log.

import type { Tier } from '../../src/core/api/types';
import { faultProblem } from './faults';
import { failure, ok, type Reply } from './http';
import type { MockFault, NextJobOptions } from './protocol';
import type { MockState } from './state';

export interface ControlRequest {
  method: string;
  path: string;
  body: string;
  state: MockState;
  /** Restores keys, jobs, faults, log and clock to their start-up state. */
  reset(): void;
}

const TIERS: readonly Tier[] = ['free', '1', '2', '3'];

function parseJsonObject(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body || '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function setKey(state: MockState, body: Record<string, unknown>): Reply {
  const { key, credits, tier } = body;
  if (typeof key !== 'string' || !key.startsWith('lk_')) return failure(400, 'key must be a string starting with lk_.');
  if (!Number.isFinite(credits)) return failure(400, 'credits must be a number.');
  if (!TIERS.includes(tier as Tier)) return failure(400, "tier must be 'free', '1', '2' or '3'.");
  state.accounts.set({ key, credits: credits as number, tier: tier as Tier });
  return ok({ key, credits, tier });
}

function addFaults(state: MockState, body: Record<string, unknown>): Reply {
  const { faults } = body;
  if (!Array.isArray(faults)) return failure(400, 'Expected {"faults": [...]}.');
  const problem = faults.map(faultProblem).find((text) => text !== null);
  if (problem) return failure(400, problem);
  state.faults.add(faults as MockFault[]);
  return ok({ queued: faults.length });
}

function nextJob(state: MockState, body: Record<string, unknown>): Reply {
  const { duplicates, failAfterResults, secondsPerResult } = body;
  const isCount = (value: unknown) => value === undefined || (Number.isInteger(value) && (value as number) >= 0);
  if (!isCount(duplicates) || !isCount(failAfterResults))
    return failure(400, 'duplicates and failAfterResults must be integers >= 0.');
  if (secondsPerResult !== undefined && !(Number.isFinite(secondsPerResult) && (secondsPerResult as number) > 0)) {
    return failure(400, 'secondsPerResult must be a number > 0.');
  }
  const options = { duplicates, failAfterResults, secondsPerResult } as NextJobOptions;
  state.jobs.setNextJobOptions(options);
  return ok(options);
}

export function handleControl(request: ControlRequest): Reply {
  const { method, path, state } = request;
  const route = `${method} ${path}`;
  const body = method === 'POST' ? parseJsonObject(request.body) : {};
  if (body === null) return failure(400, 'The body must be a JSON object.');

  if (route === 'POST /__mock/reset') {
    request.reset();
    return ok({ reset: true });
  }
  if (route === 'POST /__mock/keys') return setKey(state, body);
  const keyPath = /^\/__mock\/keys\/([^/]+)$/.exec(path);
  if (method === 'GET' && keyPath) {
    const account = state.accounts.describe(decodeURIComponent(keyPath[1]));
    return account ? ok(account) : failure(404, 'Unknown key.');
  }
  if (route === 'POST /__mock/faults') return addFaults(state, body);
  if (route === 'GET /__mock/faults') return ok({ faults: state.faults.pending() });
  if (route === 'DELETE /__mock/faults') {
    state.faults.clear();
    return ok({ cleared: true });
  }
  if (route === 'POST /__mock/clock/advance') {
    if (!Number.isFinite(body.ms) || (body.ms as number) < 0) return failure(400, 'ms must be a number >= 0.');
    state.clock.advance(body.ms as number);
    return ok(state.clock.state());
  }
  if (route === 'GET /__mock/clock') return ok(state.clock.state());
  if (route === 'POST /__mock/next-job') return nextJob(state, body);
  const jobPath = /^\/__mock\/jobs\/([^/]+)$/.exec(path);
  if (jobPath) {
    const jobId = decodeURIComponent(jobPath[1]);
    const job = state.jobs.get(jobId);
    if (!job) return failure(404, 'Job not found.');
    if (method === 'GET') return ok(state.jobs.internalState(job));
    if (method === 'DELETE') {
      state.jobs.delete(jobId);
      return ok({ deleted: true });
    }
  }
  if (route === 'GET /__mock/log') return ok(state.log);
  if (route === 'DELETE /__mock/log') {
    state.log.length = 0;
    return ok({ cleared: true });
  }
  return failure(404, `No control endpoint ${route}.`);
}
