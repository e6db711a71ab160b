// In-memory ports for the client's unit tests: an Http that records requests and answers from a script, and a
// Clock whose sleep only moves virtual time.
import type { Clock, Http, HttpOutcome, HttpRequest, HttpResponse } from '../../../src/core/ports';
import { ApiClient } from '../../../src/core/api/client';
import type { RetryPolicy } from '../../../src/core/api/execute';

export const API_KEY = 'lk_test_0123456789abcdef0123456789ab';
export const BASE_URL = 'https://api.test';

export class FakeClock implements Clock {
  readonly sleeps: number[] = [];
  constructor(public time = 1_700_000_000_000) {}
  now(): number {
    return this.time;
  }
  sleep(ms: number): void {
    this.sleeps.push(ms);
    this.time += ms;
  }
}

export type Responder = (request: HttpRequest, callNumber: number) => HttpOutcome;

export class FakeHttp implements Http {
  readonly requests: HttpRequest[] = [];
  readonly batches: HttpRequest[][] = [];
  /** Virtual time each fetchAll takes. */
  batchMs = 0;
  constructor(
    private readonly respond: Responder,
    private readonly clock?: FakeClock,
  ) {}
  fetchAll(requests: HttpRequest[]): HttpOutcome[] {
    this.batches.push(requests);
    if (this.clock) this.clock.time += this.batchMs;
    return requests.map((request) => {
      this.requests.push(request);
      return this.respond(request, this.requests.length);
    });
  }
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

/** Answers in turn; the last answer repeats. */
export function script(...outcomes: HttpOutcome[]): Responder {
  return (_request, callNumber) => outcomes[Math.min(callNumber, outcomes.length) - 1];
}

export function setup(respond: Responder, retry: Partial<RetryPolicy> = {}, random: () => number = () => 0.5) {
  const clock = new FakeClock();
  const http = new FakeHttp(respond, clock);
  const client = new ApiClient({ http, clock, baseUrl: BASE_URL, apiKey: API_KEY, random, retry });
  return { clock, http, client };
}

/** Decoded query parameters of a recorded request. */
export function queryOf(request: HttpRequest): Record<string, string> {
  const query = request.url.split('?')[1] ?? '';
  const params: Record<string, string> = {};
  for (const pair of query.split('&').filter(Boolean)) {
    const [name, value] = pair.split('=');
    params[decodeURIComponent(name)] = decodeURIComponent(value);
  }
  return params;
}

export function profileRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'p1',
    name: 'Ada Lovelace',
    full_name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    headline: 'Analyst',
    network_url: 'https://www.network.com/in/ada',
    experience: [{ position_title: 'Analyst', company_name: 'Engines', date_from_year: 1842, date_from_month: 1 }],
    education: [],
    ...overrides,
  };
}

export function legacyProfile(): Record<string, unknown> {
  return {
    id: 'p1',
    name: 'Ada Lovelace',
    profile_url: 'https://www.network.com/in/ada',
    company: 'Engines',
    title: 'Analyst',
    experience: [{ company: 'Engines', title: 'Analyst', start_date: '1842-01' }],
  };
}

export function scrapedProfile(): Record<string, unknown> {
  return {
    profile: { id: '1', name: 'Ada Lovelace', headline: 'Analyst', network_url: 'https://www.network.com/in/ada' },
    experience: [],
    education: [],
    skills: ['maths'],
    languages: [],
    location: 'London',
    certifications: [],
    honors: [],
    posts: [],
  };
}

export function jobStatus(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    job_id: 'job-1',
    status: 'processing',
    message: 'Validating',
    created_at: 1_700_000_000,
    total_results_found: 40,
    final_results_count: 2,
    filtered_results_count: 5,
    chunks_processed: 1,
    total_chunks: 4,
    results: [profileRecord(), profileRecord({ id: 'p2' })],
    ...overrides,
  };
}
