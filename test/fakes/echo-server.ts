// An HTTP server for UrlFetchApp tests. The fake blocks the main thread while it fetches, so the server runs in a
// worker thread (plain JS, no TS loader needed). Routes:
//   /echo            200, JSON {method, url, headers, body} of the request
//   /delay?ms=N      200 "waited N" after N ms
//   /status/N?body=T status N with body T (default "status N")
//   /multi-header    200 with two Set-Cookie headers
//   /drop            closes the connection without answering
//   /cut             sends headers and part of the body, then drops the connection
//   /barrier?group=G&n=N&timeoutMs=T&tag=X
//                    holds each request until N requests of group G are waiting, then answers them all
//                    200 "X: released with N"; if fewer than N arrive within T ms (default 5000) of the first,
//                    answers those 504 "X: timed out with K of N". Proves requests are in flight at the same time
//                    without measuring how long anything took.
import { Worker } from 'node:worker_threads';

const SERVER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');

/** group -> the responses waiting at that barrier, and the timer that gives up on it. */
const barriers = new Map();

function joinBarrier(url, res) {
  const group = url.searchParams.get('group') || '';
  const n = Number(url.searchParams.get('n'));
  const timeoutMs = Number(url.searchParams.get('timeoutMs') || 5000);
  const tag = url.searchParams.get('tag') || '';
  let barrier = barriers.get(group);
  if (!barrier) {
    barrier = { waiting: [] };
    barrier.timer = setTimeout(() => {
      barriers.delete(group);
      for (const entry of barrier.waiting) {
        entry.res.writeHead(504, { 'Content-Type': 'text/plain' });
        entry.res.end(entry.tag + ': timed out with ' + barrier.waiting.length + ' of ' + n);
      }
    }, timeoutMs);
    barriers.set(group, barrier);
  }
  barrier.waiting.push({ res, tag });
  if (barrier.waiting.length < n) return;
  clearTimeout(barrier.timer);
  barriers.delete(group);
  for (const entry of barrier.waiting) {
    entry.res.writeHead(200, { 'Content-Type': 'text/plain' });
    entry.res.end(entry.tag + ': released with ' + n);
  }
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const status = /^\\/status\\/(\\d+)$/.exec(url.pathname);
    if (url.pathname === '/echo') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
    } else if (url.pathname === '/delay') {
      const ms = Number(url.searchParams.get('ms'));
      setTimeout(() => res.end('waited ' + ms), ms);
    } else if (status) {
      res.writeHead(Number(status[1]), { 'Content-Type': 'text/plain' });
      res.end(url.searchParams.get('body') ?? 'status ' + status[1]);
    } else if (url.pathname === '/multi-header') {
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.setHeader('X-Single', 'one');
      res.end('ok');
    } else if (url.pathname === '/barrier') {
      joinBarrier(url, res);
    } else if (url.pathname === '/drop') {
      req.socket.destroy();
    } else if (url.pathname === '/cut') {
      res.writeHead(200, { 'Content-Length': '1000' });
      res.write('partial');
      setTimeout(() => req.socket.destroy(), 20);
    } else {
      res.writeHead(404);
      res.end('no route');
    }
  });
});

server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
`;

export interface EchoServer {
  /** Such as http://127.0.0.1:12345 (no trailing slash). */
  url: string;
  close(): Promise<void>;
}

export function startEchoServer(): Promise<EchoServer> {
  const worker = new Worker(SERVER_SOURCE, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (port: number) =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: async () => {
          await worker.terminate();
        },
      }),
    );
  });
}

/** A URL on 127.0.0.1 where nothing listens: connections are refused. */
export async function refusedUrl(): Promise<string> {
  const server = await startEchoServer();
  await server.close();
  return `${server.url}/echo`;
}
