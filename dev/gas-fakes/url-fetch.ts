// UrlFetchApp over real HTTP, with Apps Script's errors, limits and daily quota.
import { FakeBlob, toSignedBytes } from './blob';
import type { GasShape } from './gas-shape';
import { isPlainObject, type Execution, type Runtime } from './runtime';
import { sharedHttpWorker, type HttpWorker, type WireOutcome, type WireRequest } from './url-fetch-worker';

export const MAX_URL_CHARS = 2000;
export const DEFAULT_DAILY_URL_FETCH_QUOTA = 20_000;
export const DEFAULT_URL_FETCH_TIMEOUT_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;
const TRUNCATED_RESPONSE_CHARS = 300;
/** Apps Script refuses URLs with characters that should have been percent-encoded (spaces, quotes, non-ASCII…). */
const URL_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;
const USER_AGENT = 'Mozilla/5.0 (compatible; Google-Apps-Script; beanserver; +https://script.google.com; id: fake)';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The body as text; undefined when none was sent. */
  payload?: string;
}

export interface UrlFetchOptions {
  /** When set, only URLs starting with one of these prefixes may be fetched (the manifest's urlFetchWhitelist). */
  whitelist?: string[];
  dailyQuota: number;
  timeoutMs: number;
}

/** What the tests can inspect. */
export class UrlFetchLog {
  readonly requests: RecordedRequest[] = [];
  dailyCount = 0;
  /** Start of the current quota day, on the fake clock. */
  dayStartedAt = 0;
}

type RequestParams = GoogleAppsScript.URL_Fetch.URLFetchRequestOptions;

type ResponseMembers = 'getResponseCode' | 'getContentText' | 'getContent' | 'getHeaders' | 'getAllHeaders' | 'getBlob';

export class FakeHttpResponse implements GasShape<GoogleAppsScript.URL_Fetch.HTTPResponse, ResponseMembers> {
  constructor(
    private readonly runtime: Runtime,
    private readonly status: number,
    private readonly rawHeaders: string[],
    private readonly body: Uint8Array,
  ) {}

  getResponseCode(): number {
    return this.status;
  }

  getContentText(charset: string = 'UTF-8'): string {
    return new FakeBlob(this.body).getDataAsString(charset);
  }

  getContent(): number[] {
    return this.runtime.toScript(toSignedBytes(this.body));
  }

  /** Header names as the server sent them; for a repeated header, its first value. */
  getHeaders(): Record<string, string> {
    const headers: Record<string, string> = {};
    for (let i = 0; i < this.rawHeaders.length; i += 2) headers[this.rawHeaders[i]] ??= this.rawHeaders[i + 1];
    return this.runtime.toScript(headers);
  }

  /** Like getHeaders, but a repeated header gives an array of its values. */
  getAllHeaders(): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = {};
    for (let i = 0; i < this.rawHeaders.length; i += 2) {
      const [name, value] = [this.rawHeaders[i], this.rawHeaders[i + 1]];
      const previous = headers[name];
      headers[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    }
    return this.runtime.toScript(headers);
  }

  getBlob(): FakeBlob {
    const index = this.rawHeaders.findIndex((name, i) => i % 2 === 0 && name.toLowerCase() === 'content-type');
    return new FakeBlob(this.body, index >= 0 ? this.rawHeaders[index + 1] : null);
  }
}

interface PreparedRequest {
  wire: WireRequest;
  muteHttpExceptions: boolean;
}

export class FakeUrlFetchApp implements GasShape<GoogleAppsScript.URL_Fetch.UrlFetchApp, 'fetch' | 'fetchAll'> {
  private worker: HttpWorker | null = null;

  constructor(
    private readonly runtime: Runtime,
    private readonly log: UrlFetchLog,
    private readonly options: UrlFetchOptions,
  ) {}

  fetch(url: string, params: RequestParams = {}): FakeHttpResponse {
    const execution = this.runtime.use('urlFetch', 'UrlFetchApp.fetch');
    return this.send(execution, [this.prepare(url, params)])[0];
  }

  /** Runs the requests in parallel; any connection failure, or any status >= 400 not muted, fails the whole call. */
  fetchAll(requests: Array<GoogleAppsScript.URL_Fetch.URLFetchRequest | string>): FakeHttpResponse[] {
    const execution = this.runtime.use('urlFetch', 'UrlFetchApp.fetchAll');
    if (!Array.isArray(requests)) throw this.runtime.exception('Invalid argument: requests');
    const prepared = requests.map((request) =>
      typeof request === 'string' ? this.prepare(request, {}) : this.prepare(request.url, request),
    );
    return this.runtime.toScript(this.send(execution, prepared));
  }

  dispose(): void {
    // The worker is shared by the process's environments (sharedHttpWorker); this one only lets go of it.
    this.worker = null;
  }

  private prepare(url: unknown, params: RequestParams): PreparedRequest {
    if (typeof url !== 'string') throw this.runtime.exception('Invalid argument: url');
    if (url.length > MAX_URL_CHARS) throw this.runtime.exception('Limit Exceeded: URLFetch URL Length.');
    if (!/^https?:\/\/[^/?#]+/i.test(url) || !URL_CHARACTERS.test(url) || /%(?![0-9a-f]{2})/i.test(url)) {
      throw this.runtime.exception(`Invalid argument: ${url}`);
    }
    const whitelist = this.options.whitelist;
    if (whitelist && !whitelist.some((prefix) => url.startsWith(prefix))) {
      throw this.runtime.exception(`UrlFetch calls to ${url} are not permitted by the manifest's urlFetchWhitelist.`);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(params.headers ?? {})) headers[name] = String(value);
    const body = this.encodePayload(params.payload);
    if (body !== undefined) {
      const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
      if (params.contentType) headers['Content-Type'] = params.contentType;
      else if (!hasContentType) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'user-agent')) headers['User-Agent'] = USER_AGENT;
    const method = String(params.method ?? 'get').toUpperCase();
    return { wire: { url, method, headers, body }, muteHttpExceptions: params.muteHttpExceptions === true };
  }

  /** A string is sent as UTF-8, a byte array as is, an object form-encoded. */
  private encodePayload(payload: RequestParams['payload']): Uint8Array | undefined {
    if (payload === undefined || payload === null) return undefined;
    if (typeof payload === 'string') return new Uint8Array(Buffer.from(payload, 'utf8'));
    if (Array.isArray(payload)) return Uint8Array.from(payload as number[], (byte) => byte & 0xff);
    if (isPlainObject(payload)) {
      const form = Object.entries(payload).map(
        ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`,
      );
      return new Uint8Array(Buffer.from(form.join('&'), 'utf8'));
    }
    throw this.runtime.exception('Invalid argument: payload');
  }

  private send(execution: Execution, requests: PreparedRequest[]): FakeHttpResponse[] {
    this.countAgainstQuota(requests.length);
    for (const { wire } of requests) {
      this.log.requests.push({
        url: wire.url,
        method: wire.method.toLowerCase(),
        headers: { ...wire.headers },
        payload: wire.body && Buffer.from(wire.body).toString('utf8'),
      });
    }
    this.worker ??= sharedHttpWorker();
    const outcomes = this.worker.send(
      requests.map((request) => request.wire),
      this.options.timeoutMs,
    );
    this.runtime.enforceTimeLimit(execution);
    return outcomes.map((outcome, i) => this.toResponse(outcome, requests[i]));
  }

  private toResponse(outcome: WireOutcome, request: PreparedRequest): FakeHttpResponse {
    const url = request.wire.url;
    if ('failure' in outcome) {
      if (outcome.failure === 'dns') throw this.runtime.exception(`DNS error: ${url}`);
      if (outcome.failure === 'timeout') throw this.runtime.exception(`Timeout: ${url}`);
      throw this.runtime.exception(`Address unavailable: ${url}`);
    }
    const response = new FakeHttpResponse(this.runtime, outcome.status, outcome.rawHeaders, outcome.body);
    if (outcome.status >= 400 && !request.muteHttpExceptions) {
      const truncated = response.getContentText().slice(0, TRUNCATED_RESPONSE_CHARS);
      throw this.runtime.exception(
        `Request failed for ${new URL(url).origin} returned code ${outcome.status}. Truncated server response: ${truncated} (use muteHttpExceptions option to examine full response)`,
      );
    }
    return response;
  }

  private countAgainstQuota(requests: number): void {
    const now = this.runtime.clock.now();
    if (now - this.log.dayStartedAt >= DAY_MS) {
      this.log.dayStartedAt = now;
      this.log.dailyCount = 0;
    }
    if (this.log.dailyCount + requests > this.options.dailyQuota) {
      throw this.runtime.exception('Service invoked too many times for one day: urlfetch.');
    }
    this.log.dailyCount += requests;
  }
}
