import type { Http, HttpNetworkError, HttpOutcome, HttpRequest } from '../core/ports';
import { refusedPermission } from '../core/scopes';

/** What UrlFetchApp throws once the day's quota of calls is used up. */
const DAILY_QUOTA_ERROR = /Service invoked too many times for one day: urlfetch/i;

/** Http over UrlFetchApp. HTTP errors come back as responses; connection failures as networkError outcomes. */
export const urlFetchHttp: Http = {
  fetchAll(requests: HttpRequest[]): HttpOutcome[] {
    if (requests.length === 0) return [];
    const params = requests.map((request) => ({
      url: request.url,
      method: request.method,
      headers: request.headers,
      contentType: request.body === undefined ? undefined : 'application/json',
      payload: request.body,
      muteHttpExceptions: true,
      followRedirects: true,
    }));
    try {
      return UrlFetchApp.fetchAll(params).map((response) => ({
        status: response.getResponseCode(),
        headers: lowerCaseHeaders(response.getHeaders() as Record<string, unknown>),
        body: response.getContentText(),
      }));
    } catch (error) {
      // fetchAll throws as a whole when any request cannot connect, so no response of this batch is known; it also
      // throws, sending nothing, once the account's daily UrlFetch quota is used up or when the user did not allow
      // connecting to an external service.
      const failure = networkFailure(error instanceof Error ? error.message : String(error));
      return requests.map(() => ({ ...failure }));
    }
  },
};

function networkFailure(networkError: string): HttpNetworkError {
  if (DAILY_QUOTA_ERROR.test(networkError)) return { networkError, dailyQuota: true };
  if (refusedPermission(networkError) === 'externalRequest') return { networkError, notAllowed: true };
  return { networkError };
}

function lowerCaseHeaders(headers: Record<string, unknown>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const name of Object.keys(headers)) lower[name.toLowerCase()] = String(headers[name]);
  return lower;
}
