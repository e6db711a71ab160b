// Http over the fakes' UrlFetchApp: answers in request order with lower-case headers, HTTP errors as responses, and a
// connection that fails as a network error for every request of the batch.
import { urlFetchHttp } from '../../src/adapters/http';
import { isNetworkError } from '../../src/core/ports';
import { refusedUrl, startEchoServer, type EchoServer } from '../fakes/echo-server';
import { SCOPES } from '../../dev/gas-fakes';
import { newEnv } from '../fakes/gas';
import { inScript } from './gas-globals';

describe('urlFetchHttp', () => {
  let server: EchoServer;
  beforeAll(async () => {
    server = await startEchoServer();
  });
  afterAll(() => server.close());

  it('sends each request and answers in order, headers in lower case', () => {
    const env = newEnv();
    try {
      const [first, second] = inScript(env, () =>
        urlFetchHttp.fetchAll([
          { url: `${server.url}/echo?n=1`, method: 'get', headers: { Authorization: 'Bearer k' } },
          { url: `${server.url}/echo?n=2`, method: 'post', headers: {}, body: '{"q":1}' },
        ]),
      );
      if (isNetworkError(first) || isNetworkError(second)) throw new Error('no answer');
      expect(JSON.parse(first.body)).toMatchObject({ method: 'GET', url: '/echo?n=1' });
      expect(JSON.parse(second.body)).toMatchObject({ method: 'POST', body: '{"q":1}' });
      expect(JSON.parse(second.body).headers['content-type']).toBe('application/json');
      expect(first.headers['content-type']).toBe('application/json');
      expect(inScript(env, () => urlFetchHttp.fetchAll([]))).toEqual([]);
    } finally {
      env.dispose();
    }
  });

  it('answers a refused connection as a network error for each request', async () => {
    const refused = await refusedUrl();
    const env = newEnv();
    try {
      const outcomes = inScript(env, () =>
        urlFetchHttp.fetchAll([
          { url: refused, method: 'get', headers: {} },
          { url: `${server.url}/echo`, method: 'get', headers: {} },
        ]),
      );
      expect(outcomes.map((outcome) => isNetworkError(outcome) && outcome.dailyQuota === undefined)).toEqual([
        true,
        true,
      ]);
    } finally {
      env.dispose();
    }
  });

  it('answers a connection the user did not allow as not allowed for each request, sending nothing', () => {
    const env = newEnv({ grantedScopes: [SCOPES.spreadsheetsCurrentOnly, SCOPES.containerUi, SCOPES.scriptApp] });
    try {
      const outcomes = inScript(env, () =>
        urlFetchHttp.fetchAll([
          { url: `${server.url}/echo?n=1`, method: 'get', headers: {} },
          { url: `${server.url}/echo?n=2`, method: 'get', headers: {} },
        ]),
      );
      expect(outcomes.map((outcome) => isNetworkError(outcome) && outcome.notAllowed)).toEqual([true, true]);
      expect(env.urlFetch.requests).toEqual([]);
    } finally {
      env.dispose();
    }
  });
});
