// A synchronous Http for Node, as UrlFetchApp is in Apps Script: the requests run in a worker thread with fetch,
// while this thread blocks in Atomics.wait and then takes the answers with receiveMessageOnPort. Because this thread
// blocks, the server it talks to must run in another process (see spawnMockApi).
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { Clock, Http, HttpOutcome, HttpRequest } from '../../src/core/ports';

// Plain JavaScript, so the worker needs no TypeScript loader.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { port, signal, timeoutMs } = workerData;

async function send(request) {
  try {
    const response = await fetch(request.url, {
      method: request.method.toUpperCase(),
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const headers = {};
    response.headers.forEach((value, name) => { headers[name] = value; });
    return { status: response.status, headers, body: await response.text() };
  } catch (error) {
    const cause = error && error.cause;
    return { networkError: String((cause && (cause.message || cause.code)) || (error && error.message) || error) };
  }
}

port.on('message', async (requests) => {
  const outcomes = await Promise.all(requests.map(send));
  port.postMessage(outcomes);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
`;

export interface SyncHttp extends Http {
  close(): Promise<void>;
}

/** timeoutMs per request, like UrlFetchApp's (about 60 s). */
export function createSyncHttp(timeoutMs = 60_000): SyncHttp {
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { port: port2, signal, timeoutMs },
    transferList: [port2],
  });
  worker.unref();
  return {
    fetchAll(requests: HttpRequest[]): HttpOutcome[] {
      if (requests.length === 0) return [];
      Atomics.store(signal, 0, 0);
      port1.postMessage(requests);
      if (Atomics.wait(signal, 0, 0, timeoutMs + 5_000) === 'timed-out') {
        throw new Error('The HTTP worker did not answer in time.');
      }
      const answer = receiveMessageOnPort(port1);
      if (!answer) throw new Error('The HTTP worker signalled without answering.');
      return answer.message as HttpOutcome[];
    },
    async close() {
      port1.close();
      await worker.terminate();
    },
  };
}

/** Blocks this thread, as Utilities.sleep does. */
export function blockingSleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(0, ms));
}

/** The real time, with every sleep recorded. */
export class RecordingClock implements Clock {
  readonly sleeps: number[] = [];
  now(): number {
    return Date.now();
  }
  sleep(ms: number): void {
    this.sleeps.push(ms);
    blockingSleep(ms);
  }
}
