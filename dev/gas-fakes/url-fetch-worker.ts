// Real, synchronous HTTP: the one behind the UrlFetchApp fake and the contract tests' Http (test/contract/sync-http.ts).
// Apps Script's fetch blocks, so the main thread blocks too: it posts a batch to this worker and sleeps in
// Atomics.wait until the worker has sent every request in parallel, posted the outcomes and notified. The worker runs from a plain-JS string (eval: true), so it needs
// no TypeScript loader under jest or tsx.
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';

export interface WireRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

export type WireOutcome =
  | { status: number; rawHeaders: string[]; body: Uint8Array }
  | { failure: 'dns' | 'network' | 'timeout'; detail: string };

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const http = require('node:http');
const https = require('node:https');
const { port, signal } = workerData;

port.on('message', async ({ requests, timeoutMs }) => {
  const outcomes = await Promise.all(requests.map((request) => send(request, timeoutMs)));
  port.postMessage(outcomes);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});

function send({ url, method, headers, body }, timeoutMs) {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome) => {
      if (!settled) {
        settled = true;
        resolve(outcome);
      }
    };
    const fail = (error) => {
      const dns = error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN';
      settle({ failure: dns ? 'dns' : 'network', detail: String(error.code || error.message) });
    };
    let request;
    try {
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      request = client.request(target, { method, headers }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          settle({ status: response.statusCode, rawHeaders: response.rawHeaders, body: new Uint8Array(Buffer.concat(chunks)) }),
        );
        response.on('error', fail);
        response.on('close', () => {
          if (!response.complete) fail({ code: 'ECONNRESET' });
        });
      });
    } catch (error) {
      return fail(error);
    }
    request.setTimeout(timeoutMs, () => {
      settle({ failure: 'timeout', detail: 'no answer within ' + timeoutMs + ' ms' });
      request.destroy();
    });
    request.on('error', fail);
    request.end(body ? Buffer.from(body) : undefined);
  });
}
`;

let shared: HttpWorker | null = null;

/**
 * One worker serves every fake environment of a process: a send blocks its caller until the worker answers, so two
 * sends never overlap, and starting a thread per environment cost seconds of CPU in files that load many add-ons.
 */
export function sharedHttpWorker(): HttpWorker {
  return (shared ??= new HttpWorker());
}

export class HttpWorker {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  /** 0 while a batch is in flight, 1 once its outcomes are posted. */
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { port: port2, signal: this.signal },
      transferList: [port2],
    });
    // Neither may keep a test run or the dev server alive.
    this.worker.unref();
    this.port.unref();
  }

  /** Sends the requests in parallel and blocks until every one has an outcome, in request order. */
  send(requests: WireRequest[], timeoutMs: number): WireOutcome[] {
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage({ requests, timeoutMs });
    // The worker times out each request itself; the margin covers its start-up.
    if (Atomics.wait(this.signal, 0, 0, timeoutMs + 10_000) === 'timed-out') {
      throw new Error('The UrlFetchApp worker did not answer.');
    }
    const reply = receiveMessageOnPort(this.port);
    if (!reply) throw new Error('The UrlFetchApp worker signalled without posting outcomes.');
    return reply.message as WireOutcome[];
  }

  dispose(): void {
    this.port.close();
    void this.worker.terminate();
  }
}
