// The playground's HTTP server: the page, and a small JSON API over a Playground. Local only: it answers requests
// for localhost or 127.0.0.1 (a rebound DNS name fails that check), and changes need application/json, which a
// cross-site form cannot send without a CORS preflight this server never grants.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Playground } from './playground';
import type { EditRequest, PasteRequest, RangeRequest, SelectRequest } from './protocol';
import { readBody } from '../sidebar-bridge';

export interface PlaygroundServer {
  port: number;
  close(): Promise<void>;
}

const MAX_REQUEST_BYTES = 200_000;

export function startPlaygroundServer(playground: Playground, page: string, port: number): Promise<PlaygroundServer> {
  const server = createServer((request, response) => {
    route(playground, page, request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: String(error) });
    });
  });
  return listen(server, port);
}

function listen(server: Server, port: number): Promise<PlaygroundServer> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // The page's polling keeps connections open, which would hold close() back.
            server.closeAllConnections();
          }),
      });
    });
  });
}

async function route(
  playground: Playground,
  page: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  if (!/^(127\.0\.0\.1|localhost)(:\d+)?$/.test(request.headers.host ?? '')) {
    return send(response, 403, { error: 'Forbidden host.' });
  }
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'GET') {
    if (url.pathname === '/') return sendPage(response, page);
    if (url.pathname === '/api/state') {
      const revision = url.searchParams.get('revision');
      return send(
        response,
        200,
        playground.state(url.searchParams.get('sheet'), revision === null ? null : Number(revision)),
      );
    }
    return send(response, 404, { error: 'Not found.' });
  }
  if (request.method !== 'POST') return send(response, 405, { error: 'Method not allowed.' });
  if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
    return send(response, 415, { error: 'Send application/json.' });
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(await readBody(request, MAX_REQUEST_BYTES)) as Record<string, unknown>;
  } catch {
    return send(response, 400, { error: 'The request is not JSON.' });
  }
  switch (url.pathname) {
    case '/api/cell':
      return send(response, 200, playground.edit(body as unknown as EditRequest));
    case '/api/activate':
      return send(response, 200, playground.activate(String(body.sheet)));
    case '/api/select':
      return send(response, 200, playground.select(body as unknown as SelectRequest));
    case '/api/paste':
      return send(response, 200, playground.paste(body as unknown as PasteRequest));
    case '/api/fill':
      return send(response, 200, playground.fillDown(body as unknown as RangeRequest));
    case '/api/clear':
      return send(response, 200, playground.clear(body as unknown as RangeRequest));
    case '/api/menu':
      return send(response, 200, await playground.runMenuItem(String(body.functionName)));
    case '/api/sidebar/close':
      await playground.closeSidebar();
      return send(response, 200, {});
    case '/api/dialog/close':
      await playground.closeDialog();
      return send(response, 200, {});
    default:
      return send(response, 404, { error: 'Not found.' });
  }
}

function sendPage(response: ServerResponse, page: string): void {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // Inline script and style only; the sidebar comes from the bridge on another local port.
    'content-security-policy':
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; frame-src http://127.0.0.1:*",
  });
  response.end(page);
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}
