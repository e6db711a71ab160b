// The API client over the Http and Clock ports: one method per single call (searches, research jobs). The per-row
// operations (scrape, profile record, contact lookup) are never single calls: the fetch engine (../fetch/engine)
// prepares them with FETCH_SPECS and sends them in batches. execute sends prepared operations of any kind at once.
import type { Clock, Http } from '../ports';
import type { ApiResult } from './errors';
import { DEFAULT_RETRY_POLICY, execute, type ExecuteOptions, type RetryPolicy, type Transport } from './execute';
import {
  prepareCancelResearch,
  prepareCompanySearch,
  prepareJobStatus,
  preparePeopleSearch,
  prepareStartResearch,
  type ApiEndpoint,
  type CompanySearchParams,
  type JobPage,
  type PeopleSearchParams,
  type Prepared,
} from './operations';
import type {
  CancelResearchResponse,
  CompanySearchResponse,
  JobStatusResponse,
  PeopleSearchResponse,
  StartResearchRequest,
  StartResearchResponse,
} from './types';

export interface ApiClientOptions extends ApiEndpoint {
  http: Http;
  clock: Clock;
  /** Defaults to Math.random; tests script it. */
  random?: () => number;
  retry?: Partial<RetryPolicy>;
}

export class ApiClient {
  /** For the prepare* functions. */
  readonly endpoint: ApiEndpoint;
  private readonly transport: Transport;

  /** The caller has checked that a key is set (else it reports noKeyError()). */
  constructor(options: ApiClientOptions) {
    this.endpoint = { baseUrl: options.baseUrl, apiKey: options.apiKey };
    this.transport = {
      http: options.http,
      clock: options.clock,
      random: options.random ?? Math.random,
      retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    };
  }

  /** Sends many prepared operations at once; answers in the same order. */
  execute<T>(prepared: ReadonlyArray<Prepared<T>>, options?: ExecuteOptions): Array<ApiResult<T>> {
    return execute(this.transport, prepared, options);
  }

  private call<T>(prepared: Prepared<T>, options?: ExecuteOptions): ApiResult<T> {
    return this.execute([prepared], options)[0];
  }

  searchCompanies(params: CompanySearchParams, options?: ExecuteOptions): ApiResult<CompanySearchResponse> {
    return this.call(prepareCompanySearch(this.endpoint, params), options);
  }

  startResearch(request: StartResearchRequest, options?: ExecuteOptions): ApiResult<StartResearchResponse> {
    return this.call(prepareStartResearch(this.endpoint, request), options);
  }

  getResearchJob(jobId: string, page?: JobPage, options?: ExecuteOptions): ApiResult<JobStatusResponse> {
    return this.call(prepareJobStatus(this.endpoint, jobId, page), options);
  }

  cancelResearch(jobId: string, options?: ExecuteOptions): ApiResult<CancelResearchResponse> {
    return this.call(prepareCancelResearch(this.endpoint, jobId), options);
  }

  searchPeople(params: PeopleSearchParams, options?: ExecuteOptions): ApiResult<PeopleSearchResponse> {
    return this.call(preparePeopleSearch(this.endpoint, params), options);
  }
}
