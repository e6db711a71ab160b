// A synchronous Http for Node, as UrlFetchApp is in Apps Script: the fakes' own HTTP worker (the requests run in a
// worker thread while this one blocks), seen through the core's Http port the way src/adapters/http.ts sees
// UrlFetchApp. Because this thread blocks, the server it talks to must run in another process (see spawnMockApi).
import { HttpWorker, type WireOutcome } from '../../dev/gas-fakes/url-fetch-worker';
import type { Clock, Http, HttpOutcome, HttpRequest } from '../../src/core/ports';

export interface SyncHttp extends Http {
  close(): Promise<void>;
}

/** timeoutMs per request, like UrlFetchApp's (about 60 s). */
export function createSyncHttp(timeoutMs = 60_000): SyncHttp {
  const worker = new HttpWorker();
  return {
    fetchAll(requests: HttpRequest[]): HttpOutcome[] {
      if (requests.length === 0) return [];
      const wire = requests.map(({ url, method, headers, body }) => ({
        url,
        method: method.toUpperCase(),
        headers,
        body: body === undefined ? undefined : new Uint8Array(Buffer.from(body, 'utf8')),
      }));
      return worker.send(wire, timeoutMs).map(toOutcome);
    },
    async close() {
      worker.dispose();
    },
  };
}

/** Header names in lower case; a repeated header keeps its first value, as UrlFetchApp's getHeaders does. */
function toOutcome(outcome: WireOutcome): HttpOutcome {
  if ('failure' in outcome) return { networkError: outcome.detail };
  const headers: Record<string, string> = {};
  for (let i = 0; i < outcome.rawHeaders.length; i += 2) {
    headers[outcome.rawHeaders[i].toLowerCase()] ??= outcome.rawHeaders[i + 1];
  }
  return { status: outcome.status, headers, body: Buffer.from(outcome.body).toString('utf8') };
}

/**
 * Records every sleep and lets that much time pass for the mock (`passTime`: its clock moves, which ages its
 * rate-limit windows as a real wait would) without waiting for it. By default it tells the time only by what it
 * slept, so the waits a test reads are exact whatever the requests took; a test about slow answers asks for the
 * wall clock instead, so the client sees how long they took.
 */
export class RecordingClock implements Clock {
  readonly sleeps: number[] = [];
  private readonly startedAt = Date.now();
  private slept = 0;
  constructor(
    private readonly passTime: (ms: number) => void,
    private readonly time: 'slept' | 'wall' = 'slept',
  ) {}
  now(): number {
    return this.time === 'wall' ? Date.now() + this.slept : this.startedAt + this.slept;
  }
  sleep(ms: number): void {
    this.sleeps.push(ms);
    this.slept += ms;
    this.passTime(ms);
  }
}
