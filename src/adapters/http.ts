import type { Http, HttpOutcome, HttpRequest } from '../core/ports';

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
      // fetchAll throws as a whole when any request cannot connect, so no response of this batch is known.
      const networkError = error instanceof Error ? error.message : String(error);
      return requests.map(() => ({ networkError }));
    }
  },
};

function lowerCaseHeaders(headers: Record<string, unknown>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const name of Object.keys(headers)) lower[name.toLowerCase()] = String(headers[name]);
  return lower;
}
