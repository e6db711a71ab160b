// Small helpers for answering HTTP requests the way the service does (FastAPI-style error bodies).

import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Credits charged when the reply is sent (only for status 200). */
  credits?: number;
  /** Sent verbatim instead of `body` as JSON (for deliberately broken answers). */
  rawText?: string;
}

export function ok(body: unknown, credits = 0): Reply {
  return { status: 200, body, credits };
}

/** Every error except 422 has the body `{"detail": "<sentence>"}`. */
export function failure(status: number, sentence: string, headers?: Record<string, string>): Reply {
  return { status, body: { detail: sentence }, headers };
}

/** FastAPI's request-validation error. */
export function validationError(loc: Array<string | number>, msg: string, type: string): Reply {
  return { status: 422, body: { detail: [{ loc, msg, type }] } };
}

export function missingField(location: 'query' | 'body', field: string): Reply {
  return validationError([location, field], 'Field required', 'missing');
}

export function sendReply(res: ServerResponse, reply: Reply): void {
  const text = reply.rawText ?? JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...reply.headers,
  });
  res.end(text);
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A whole decimal integer ("10", "-3"), or null for anything else ("10.0", "1e2", "", " 5"). */
export function strictInteger(text: string): number | null {
  return /^-?\d{1,9}$/.test(text) ? Number(text) : null;
}

/** Integer query parameter within [min, max], its default when absent, or null when invalid. */
export function integerParam(value: string | null, min: number, max: number, fallback: number): number | null {
  if (value === null) return fallback;
  const parsed = strictInteger(value);
  return parsed !== null && parsed >= min && parsed <= max ? parsed : null;
}
