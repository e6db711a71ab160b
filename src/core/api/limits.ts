// Parameter ranges and defaults, checked before any request so that bad input costs nothing.

/** Sent when the user gives no limit: every company or people result costs a credit. */
export const DEFAULT_SEARCH_LIMIT = 10;
/** The API documents two maxima (30 and 100); we follow the larger, which the service accepts (docs/api.md). */
export const MAX_SEARCH_LIMIT = 100;
/** The service's own default, used when the caller gives no threshold (we then leave the parameter out). */
export const DEFAULT_ACCEPTANCE_THRESHOLD = 73;
export const MAX_ACCEPTANCE_THRESHOLD = 100;
export const MAX_RESEARCH_LIMIT = 1000;
export const MAX_RESEARCH_QUERY_LENGTH = 2000;
/** The service's default page size when a page is asked for without one. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** The platform's web requests refuse longer URLs. */
export const MAX_URL_LENGTH = 2048;
/** What a research job id may be: status and cancel requests refuse any other, and so does reading a start answer. */
export const MAX_JOB_ID_LENGTH = 128;
export const JOB_ID = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_JOB_ID_LENGTH}}$`);
