// Serves the built sidebar page in an ordinary browser, with a stand-in for Apps Script's client API:
// google.script.run posts each call to this server, which hands it to `call` (the real bundle inside the Apps Script
// fakes, or any other implementation) and sends back the value or the error message, as JSON.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SidebarPanel } from '../../src/core/contract';

export interface SidebarBridgeOptions {
  /** The contents of dist/Sidebar.html. */
  html: string;
  /** A synchronous server call, such as bundle.callFromSidebar(name, args, user); a throw becomes the failure. */
  call: (name: string, args: unknown[]) => unknown;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Rewrites the page's data-poll-ms. */
  pollMs?: number;
  /** Rewrites the page's data-initial-panel. */
  initialPanel?: SidebarPanel;
  /** Called when the page calls google.script.host.close(), for a host that then closes the sidebar or dialog. */
  onClose?: () => void;
}

export interface SidebarBridge {
  url: string;
  close(): Promise<void>;
}

/** What POST /__run/<name> answers; the page turns `ok: false` into an Error for the failure handler. */
export type RunReply = { ok: true; value: unknown } | { ok: false; message: string };

const RUN_PATH = '/__run/';
const CLOSE_PATH = '/__close';
const MAX_REQUEST_BYTES = 1_000_000;

/**
 * google.script.run and google.script.host as the page sees them in Apps Script: handlers are set by chaining,
 * calls return nothing, results arrive asynchronously with the user object. Plain ES2017, since it runs as is.
 */
const CLIENT_SCRIPT = `
(function () {
  function runner(onSuccess, onFailure, userObject) {
    var chain = {
      withSuccessHandler: function (handler) { return runner(handler, onFailure, userObject); },
      withFailureHandler: function (handler) { return runner(onSuccess, handler, userObject); },
      withUserObject: function (object) { return runner(onSuccess, onFailure, object); }
    };
    return new Proxy(chain, {
      get: function (target, name) {
        if (typeof name !== 'string' || name === 'then') return undefined;
        if (name in target) return target[name];
        return function () {
          var args = Array.prototype.slice.call(arguments);
          fetch('${RUN_PATH}' + encodeURIComponent(name), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(args)
          })
            .then(function (response) { return response.json(); })
            .then(function (reply) {
              if (reply.ok) { if (onSuccess) onSuccess(reply.value, userObject); }
              else if (onFailure) onFailure(new Error(reply.message), userObject);
            }, function (error) { if (onFailure) onFailure(error, userObject); });
        };
      }
    });
  }
  window.google = {
    script: {
      run: runner(null, null, undefined),
      host: {
        close: function () {
          window.__sidebarClosed = true;
          document.body.hidden = true;
          fetch('${CLOSE_PATH}', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        }
      }
    }
  };
})();
`;

export function startSidebarBridge(opts: SidebarBridgeOptions): Promise<SidebarBridge> {
  const page = preparePage(opts);
  const server = createServer((request, response) => {
    handle(request, response, page, opts).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, 'text/plain', String(error));
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // The browser keeps idle connections open, which would hold close() back.
            server.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * The page with the stand-in script first in <head> (before the page's own script), or first of all for a fragment
 * such as createHtmlOutput('<p>…</p>'), and the data attributes set.
 */
function preparePage({ html, pollMs, initialPanel }: SidebarBridgeOptions): string {
  const client = `<script>${CLIENT_SCRIPT}</script>`;
  const inHead = html.replace(/<head[^>]*>/i, (head) => `${head}${client}`);
  const withClient = inHead === html ? `${client}${html}` : inHead;
  return withClient.replace(/<body[^>]*>/i, (body) => {
    let rewritten = body;
    if (pollMs !== undefined) rewritten = withAttribute(rewritten, 'data-poll-ms', String(pollMs));
    if (initialPanel !== undefined) rewritten = withAttribute(rewritten, 'data-initial-panel', initialPanel);
    return rewritten;
  });
}

function withAttribute(tag: string, name: string, value: string): string {
  const attribute = new RegExp(`\\s${name}="[^"]*"`);
  const replacement = ` ${name}="${value}"`;
  return attribute.test(tag) ? tag.replace(attribute, replacement) : tag.replace(/>$/, `${replacement}>`);
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  page: string,
  { call, onClose }: SidebarBridgeOptions,
): Promise<void> {
  // Only this machine's pages may call: a rebound DNS name fails the Host check, and a cross-site form post cannot
  // send application/json without a CORS preflight, which this server never grants.
  if (!/^(127\.0\.0\.1|localhost)(:\d+)?$/.test(request.headers.host ?? '')) {
    return send(response, 403, 'text/plain', 'Forbidden host.');
  }
  const path = (request.url ?? '/').split('?')[0];
  if (request.method === 'GET' && path === '/') return send(response, 200, 'text/html; charset=utf-8', page);
  if (request.method === 'POST' && !(request.headers['content-type'] ?? '').startsWith('application/json')) {
    return send(response, 415, 'text/plain', 'Send application/json.');
  }
  if (request.method === 'POST' && path.startsWith(RUN_PATH)) {
    const name = decodeURIComponent(path.slice(RUN_PATH.length));
    const reply = await run(call, name, await readBody(request));
    return send(response, 200, 'application/json', JSON.stringify(reply));
  }
  if (request.method === 'POST' && path === CLOSE_PATH) {
    // Once answered: closing may stop this very server.
    response.once('finish', () => onClose?.());
    return send(response, 200, 'application/json', '{}');
  }
  send(response, 404, 'text/plain', 'Not found.');
}

async function run(call: SidebarBridgeOptions['call'], name: string, body: string): Promise<RunReply> {
  try {
    const args: unknown = JSON.parse(body);
    if (!Array.isArray(args)) throw new Error('The arguments must be a JSON array.');
    return { ok: true, value: await call(name, args) };
  } catch (error) {
    // Errors thrown inside the fakes' vm context are not instances of this realm's Error.
    const message = (error as { message?: unknown } | null)?.message;
    return { ok: false, message: typeof message === 'string' ? message : String(error) };
  }
}

/** The request body as text, refused past maxBytes. */
export function readBody(request: IncomingMessage, maxBytes = MAX_REQUEST_BYTES): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) request.destroy(new Error('The request is too large.'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
}
