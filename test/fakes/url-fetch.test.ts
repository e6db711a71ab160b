import type { GasEnvironment } from '../../dev/gas-fakes';
import { refusedUrl, startEchoServer, type EchoServer } from './echo-server';
import { OWNER, gas, newEnv } from './gas';

describe('UrlFetchApp', () => {
  let server: EchoServer;
  let env: GasEnvironment;
  const fetchAs = <T>(fn: (app: GoogleAppsScript.URL_Fetch.UrlFetchApp) => T): T =>
    env.run('sidebar', OWNER, () => fn(gas(env).UrlFetchApp));

  beforeAll(async () => {
    server = await startEchoServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    env = newEnv();
  });
  afterEach(() => env.dispose());
  /** A test that needs other options swaps the environment, stopping the replaced one's HTTP worker. */
  const replaceEnv = (options: Parameters<typeof newEnv>[0]) => {
    env.dispose();
    env = newEnv(options);
  };

  it('sends real requests with method, headers and payload, and reads the response', () => {
    const response = fetchAs((app) =>
      app.fetch(`${server.url}/echo?q=1`, {
        method: 'post',
        headers: { Authorization: 'Bearer lk_x' },
        contentType: 'application/json',
        payload: JSON.stringify({ query: 'é' }),
      }),
    );
    expect(response.getResponseCode()).toBe(200);
    const echoed = JSON.parse(response.getContentText());
    expect(echoed).toMatchObject({ method: 'POST', url: '/echo?q=1', body: '{"query":"é"}' });
    expect(echoed.headers).toMatchObject({ authorization: 'Bearer lk_x', 'content-type': 'application/json' });
    expect(response.getHeaders()).toMatchObject({ 'Content-Type': 'application/json' });
    expect(response.getBlob().getDataAsString()).toBe(response.getContentText());
    expect(env.urlFetch.requests).toEqual([
      expect.objectContaining({ url: `${server.url}/echo?q=1`, method: 'post', payload: '{"query":"é"}' }),
    ]);
    expect(env.urlFetch.dailyCount).toBe(1);
  });

  it('defaults to GET, and form-encodes an object payload', () => {
    expect(JSON.parse(fetchAs((app) => app.fetch(`${server.url}/echo`)).getContentText()).method).toBe('GET');
    const echoed = JSON.parse(
      fetchAs((app) => app.fetch(`${server.url}/echo`, { method: 'post', payload: { a: 'b c' } })).getContentText(),
    );
    expect(echoed.body).toBe('a=b%20c');
    expect(echoed.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('gives repeated headers as arrays in getAllHeaders', () => {
    const response = fetchAs((app) => app.fetch(`${server.url}/multi-header`));
    expect(response.getAllHeaders()).toMatchObject({ 'Set-Cookie': ['a=1', 'b=2'], 'X-Single': 'one' });
  });

  it('throws on status >= 400 with a truncated body, unless muteHttpExceptions', () => {
    const body = 'e'.repeat(400);
    expect(() => fetchAs((app) => app.fetch(`${server.url}/status/401?body=${body}`))).toThrow(
      `Request failed for ${server.url} returned code 401. Truncated server response: ${'e'.repeat(300)} (use muteHttpExceptions option to examine full response)`,
    );
    const muted = fetchAs((app) => app.fetch(`${server.url}/status/429?body=slow`, { muteHttpExceptions: true }));
    expect([muted.getResponseCode(), muted.getContentText()]).toEqual([429, 'slow']);
  });

  it('always throws on connection failures', async () => {
    const refused = await refusedUrl();
    expect(() => fetchAs((app) => app.fetch(refused, { muteHttpExceptions: true }))).toThrow(
      `Address unavailable: ${refused}`,
    );
    expect(() => fetchAs((app) => app.fetch(`${server.url}/drop`, { muteHttpExceptions: true }))).toThrow(
      'Address unavailable',
    );
    expect(() => fetchAs((app) => app.fetch(`${server.url}/cut`, { muteHttpExceptions: true }))).toThrow(
      'Address unavailable',
    );
    expect(() => fetchAs((app) => app.fetch('http://no-such-host.invalid/', { muteHttpExceptions: true }))).toThrow(
      'DNS error',
    );
  });

  it('times out a request that gets no answer', () => {
    replaceEnv({ urlFetchTimeoutMs: 200 });
    expect(() => fetchAs((app) => app.fetch(`${server.url}/delay?ms=2000`))).toThrow(
      `Timeout: ${server.url}/delay?ms=2000`,
    );
  });

  // The barrier answers only once all five requests wait at it together; one at a time, each would get a 504.
  it('fetchAll has all its requests in flight at once', () => {
    const barrier = (tag: number) => `${server.url}/barrier?group=fetch-all&n=5&timeoutMs=5000&tag=${tag}`;
    const responses = fetchAs((app) =>
      app.fetchAll([0, 1, 2, 3, 4].map((tag) => ({ url: barrier(tag), muteHttpExceptions: true }))),
    );
    expect(responses.map((r) => [r.getResponseCode(), r.getContentText()])).toEqual(
      [0, 1, 2, 3, 4].map((tag) => [200, `${tag}: released with 5`]),
    );
    expect(env.urlFetch.dailyCount).toBe(5);
  });

  it('the barrier answers 504 to requests that do not all arrive together', () => {
    const response = fetchAs((app) =>
      app.fetch(`${server.url}/barrier?group=alone&n=2&timeoutMs=50&tag=only`, { muteHttpExceptions: true }),
    );
    expect([response.getResponseCode(), response.getContentText()]).toEqual([504, 'only: timed out with 1 of 2']);
  });

  it('fetchAll answers in request order, whatever order the answers arrive in', () => {
    const responses = fetchAs((app) =>
      app.fetchAll([500, 100, 300, 200, 400].map((ms) => ({ url: `${server.url}/delay?ms=${ms}` }))),
    );
    expect(responses.map((r) => r.getContentText())).toEqual([
      'waited 500',
      'waited 100',
      'waited 300',
      'waited 200',
      'waited 400',
    ]);
    expect(env.urlFetch.dailyCount).toBe(5);
  });

  it('fetchAll fails as a whole when one request fails', () => {
    expect(() =>
      fetchAs((app) =>
        app.fetchAll([`${server.url}/echo`, { url: `${server.url}/status/500`, muteHttpExceptions: false }]),
      ),
    ).toThrow('returned code 500');
    expect(() =>
      fetchAs((app) =>
        app.fetchAll([
          { url: `${server.url}/status/500`, muteHttpExceptions: true },
          { url: `${server.url}/drop`, muteHttpExceptions: true },
        ]),
      ),
    ).toThrow('Address unavailable');
  });

  it('refuses URLs whose characters are not percent-encoded', () => {
    for (const bad of [
      `${server.url}/echo?q=jane doe`,
      `${server.url}/echo?q=café`,
      `${server.url}/echo?q=100%`,
      'ftp://x.com/',
    ]) {
      expect(() => fetchAs((app) => app.fetch(bad))).toThrow(`Invalid argument: ${bad}`);
    }
    fetchAs((app) => app.fetch(`${server.url}/echo?q=${encodeURIComponent('jane doe café 100%')}`));
  });

  it('refuses URLs over 2,000 characters', () => {
    const long = `${server.url}/echo?q=${'x'.repeat(2000)}`;
    expect(() => fetchAs((app) => app.fetch(long))).toThrow('Limit Exceeded: URLFetch URL Length.');
    expect(env.urlFetch.requests).toHaveLength(0);
  });

  it('enforces the daily quota', () => {
    replaceEnv({ dailyUrlFetchQuota: 3 });
    fetchAs((app) => app.fetchAll([`${server.url}/echo`, `${server.url}/echo`]));
    expect(() => fetchAs((app) => app.fetchAll([`${server.url}/echo`, `${server.url}/echo`]))).toThrow(
      'Service invoked too many times for one day: urlfetch.',
    );
    fetchAs((app) => app.fetch(`${server.url}/echo`));
    expect(() => fetchAs((app) => app.fetch(`${server.url}/echo`))).toThrow('Service invoked too many times');
    env.clock.advance(24 * 3600_000);
    fetchAs((app) => app.fetch(`${server.url}/echo`));
  });

  it('only reaches whitelisted URL prefixes when a whitelist is set', () => {
    replaceEnv({ urlFetchWhitelist: [`${server.url}/echo`] });
    fetchAs((app) => app.fetch(`${server.url}/echo?x=1`));
    expect(() => fetchAs((app) => app.fetch(`${server.url}/status/200`))).toThrow('not permitted');
  });

  it('fails a custom function whose fetch ran past 30 seconds of fake time', () => {
    expect(() =>
      env.run('customFunction', OWNER, () => {
        env.clock.advance(29_900);
        gas(env).UrlFetchApp.fetch(`${server.url}/delay?ms=200`);
      }),
    ).toThrow('Exceeded maximum execution time');
  });
});
