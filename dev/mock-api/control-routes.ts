// The /__mock/ control endpoints (no auth): keys, faults, job clock, next-job options, jobs, the request log and the
// world's changes.

import type { Tier } from '../../src/core/api/types';
import { faultProblem } from './faults';
import { failure, ok, type Reply } from './http';
import { WORLD_EDIT_KINDS } from './data/world-person';
import type { MockFault, NextJobOptions, WorldEditKind } from './protocol';
import type { MockState } from './state';
import { personSlug } from './world';

export interface ControlRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  state: MockState;
  /** Restores keys, jobs, faults, log, world and clock to their start-up state. */
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

/** `people`: absent, or profile URLs and slugs. */
function peopleProblem(people: unknown): string | null {
  if (people === undefined) return null;
  if (!Array.isArray(people)) return 'people must be a list of profile URLs or slugs.';
  const wrong = people.find((text) => typeof text !== 'string' || personSlug(text) === null);
  return wrong === undefined ? null : `Not a profile URL or slug: ${JSON.stringify(wrong)}.`;
}

function worldRoundProblem(body: Record<string, unknown>): string | null {
  const { fraction, seed, kinds, people } = body;
  if (typeof fraction !== 'number' || !(fraction >= 0 && fraction <= 1))
    return 'fraction must be a number from 0 to 1.';
  if (!Number.isInteger(seed)) return 'seed must be an integer.';
  if (
    kinds !== undefined &&
    (!Array.isArray(kinds) || kinds.length === 0 || kinds.some((kind) => !WORLD_EDIT_KINDS.includes(kind)))
  ) {
    return `kinds must be a non-empty list of ${WORLD_EDIT_KINDS.map((kind) => `'${kind}'`).join(', ')}.`;
  }
  return peopleProblem(people);
}

/** The /__mock/world/ endpoints; null for other paths. */
function handleWorld(request: ControlRequest, body: Record<string, unknown>): Reply | null {
  const { world } = request.state;
  const route = `${request.method} ${request.path}`;
  if (route === 'POST /__mock/world/change' || route === 'POST /__mock/world/gone') {
    const problem = worldRoundProblem(body);
    if (problem) return failure(400, problem);
    const options = {
      fraction: body.fraction as number,
      seed: body.seed as number,
      people: body.people as string[] | undefined,
    };
    return ok(
      route.endsWith('/change')
        ? world.change({ ...options, kinds: body.kinds as WorldEditKind[] | undefined })
        : world.remove(options),
    );
  }
  if (route === 'GET /__mock/world/changes') {
    const since = Number(request.query.get('since') ?? '0');
    if (!Number.isInteger(since) || since < 0) return failure(400, 'since must be an integer >= 0.');
    return ok(world.changes(since));
  }
  if (route === 'POST /__mock/world/people') {
    const problem = peopleProblem(body.people ?? null);
    if (problem) return failure(400, problem);
    world.know(body.people as string[]);
    return ok({ known: (body.people as string[]).length });
  }
  if (route === 'POST /__mock/world/reset') {
    world.reset();
    return ok({ reset: true });
  }
  return null;
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
  const worldReply = handleWorld(request, body);
  if (worldReply) return worldReply;
  if (route === 'GET /__mock/log') return ok(state.log);
  if (route === 'DELETE /__mock/log') {
    state.log.length = 0;
    return ok({ cleared: true });
  }
  return failure(404, `No control endpoint ${route}.`);
}
