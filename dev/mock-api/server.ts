// The mock service over node:http: API routes behind Bearer keys and injected faults, plus /__mock/ control routes.

import { createServer, STATUS_CODES, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Accounts, DEMO_KEY } from './accounts';
import { API_ROUTES, type ApiRoute } from './api-routes';
import { MockClock } from './clock';
import { handleControl } from './control-routes';
import { FaultQueue, type FaultAction } from './faults';
import { failure, readBody, sendReply, type Reply } from './http';
import { ResearchJobs } from './jobs';
import type { JobClockMode, MockKey, MockLogEntry } from './protocol';
import type { MockState } from './state';
import { MockWorld } from './world';

export interface MockApiOptions {
  /** 0 or absent: any free port. */
  port?: number;
  host?: string;
  jobClock?: JobClockMode;
  /** Realtime job clock: job milliseconds per real millisecond. */
  speed?: number;
  seed?: number;
  /** Keys present at start and after every reset (default: the demo key). */
  keys?: MockKey[];
}

export interface RunningMockApi {
  url: string;
  /** The world's changes, for callers in this process (the same as the /__mock/world/ endpoints). */
  world: MockWorld;
  close(): Promise<void>;
}

const FAULT_SENTENCES: Record<number, string> = {
  500: 'Internal server error.',
  502: 'Bad gateway.',
  503: 'Search service temporarily unavailable.',
  504: 'Gateway timeout.',
};

const MALFORMED_JSON = '{"results": [{"id": "1", "name": "Trunc';
/** What a proxy or load balancer in front of a service answers with when it cannot (or will not) pass a request on. */
const HTML_PAGE =
  '<!DOCTYPE html>\n<html><head><title>Service Unavailable</title></head>' +
  '<body><h1>Service Unavailable</h1><p>The server is temporarily unable to service your request.</p></body></html>\n';

function keyFrom(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match ? match[1] : null;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function faultReply(fault: Exclude<FaultAction, { kind: 'drop' }>): Reply {
  if (fault.kind === 'malformed') return { status: 200, body: null, rawText: MALFORMED_JSON };
  if (fault.kind === 'empty') return { status: fault.status ?? 200, body: null, rawText: '' };
  if (fault.kind === 'html') {
    const headers = { 'Content-Type': 'text/html; charset=utf-8' };
    return { status: fault.status ?? 200, body: null, rawText: HTML_PAGE, headers };
  }
  if (fault.kind === 'status') {
    return failure(fault.status, FAULT_SENTENCES[fault.status] ?? `${STATUS_CODES[fault.status] ?? 'Error'}.`);
  }
  return fault.via === 'header'
    ? failure(429, 'Rate limit exceeded.', { 'Retry-After': String(fault.retryAfterSeconds) })
    : { status: 429, body: { detail: 'Rate limit exceeded.', retry_after: fault.retryAfterSeconds } };
}

/** Percent-decoded, or as sent when the encoding is broken (it then simply names no job). */
function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function findRoute(method: string, path: string): { route: ApiRoute; params: string[] } | Reply {
  const onPath = API_ROUTES.filter((route) => route.pattern.test(path));
  if (onPath.length === 0) return failure(404, 'Not Found');
  const route = onPath.find((candidate) => candidate.method === method);
  if (!route) return failure(405, 'Method Not Allowed');
  const params = (route.pattern.exec(path) ?? []).slice(1).map(decodePathPart);
  return { route, params };
}

/**
 * Runs one API request: the reply to send, or 'drop' to destroy the connection without an answer. Injected latency
 * is recorded in the log entry.
 */
async function answerApi(
  state: MockState,
  req: IncomingMessage,
  url: URL,
  key: string | null,
  logEntry: MockLogEntry,
): Promise<Reply | 'drop'> {
  const body = await readBody(req);
  const found = findRoute(req.method ?? 'GET', url.pathname);
  if (!('route' in found)) return found;

  const faults = state.faults.take(url.pathname);
  if (faults.delayMs > 0) {
    logEntry.delayMs = faults.delayMs;
    await sleep(faults.delayMs);
  }
  if (faults.action?.kind === 'drop') return 'drop';
  if (faults.action) return faultReply(faults.action);

  if (key === null || !state.accounts.has(key)) {
    return failure(401, 'Invalid or missing API key.', { 'WWW-Authenticate': 'Bearer' });
  }
  const reply = found.route.handle({ key, query: url.searchParams, body, params: found.params, state });
  // Our reading: only answers with data cost credits (a 403/404 scrape is free).
  if (reply.status === 200 && reply.credits) state.accounts.charge(key, reply.credits);
  return reply;
}

export function startMockApi(options: MockApiOptions = {}): Promise<RunningMockApi> {
  const host = options.host ?? '127.0.0.1';
  const seed = options.seed ?? 1;
  const clock = new MockClock(options.jobClock ?? 'manual', options.speed ?? 1);
  const world = new MockWorld(seed, clock);
  const state: MockState = {
    seed,
    clock,
    accounts: new Accounts(options.keys ?? [DEMO_KEY], clock),
    jobs: new ResearchJobs(seed, clock, world),
    faults: new FaultQueue(),
    log: [],
    world,
  };
  const reset = () => {
    state.accounts.reset();
    state.jobs.reset();
    state.faults.clear();
    state.log.length = 0;
    world.reset();
    clock.reset();
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://mock.invalid');
    try {
      if (url.pathname.startsWith('/__mock/')) {
        const body = await readBody(req);
        const { pathname: path, searchParams: query } = url;
        sendReply(res, handleControl({ method: req.method ?? 'GET', path, query, body, state, reset }));
        return;
      }
      const key = keyFrom(req);
      const logEntry: MockLogEntry = {
        at: new Date().toISOString(),
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        status: 0,
        credits: 0,
        key: key === null ? null : key.slice(-4),
      };
      const reply = await answerApi(state, req, url, key, logEntry);
      if (reply === 'drop') {
        req.socket.destroy();
      } else {
        sendReply(res, reply);
        logEntry.status = reply.status;
        logEntry.credits = reply.status === 200 ? (reply.credits ?? 0) : 0;
      }
      state.log.push(logEntry);
    } catch (error) {
      console.error('mock-api: request failed', error);
      if (!res.headersSent) sendReply(res, failure(500, 'Internal server error.'));
    }
  });
  // Clients here block their thread for seconds while the Apps Script fakes wait on synchronous fetches; a server
  // closing idle keep-alive sockets meanwhile would race their next request ("other side closed").
  server.keepAliveTimeout = 10 * 60 * 1000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${port}`,
        world,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
