// What the sidebar sends to start a job, checked before anything is sent or created.
import { MAX_RESEARCH_LIMIT, MAX_RESEARCH_QUERY_LENGTH } from '../api/limits';
import type { ResearchColumns, ResearchRequest } from '../contract';
import { UserError } from '../user-error';

export const DEFAULT_RESEARCH_LIMIT = 25;

/** The sentence for a limit out of range, said alike by the sidebar's form and the server. */
export const RESEARCH_LIMIT_RULE = `The result limit must be a whole number from 1 to ${MAX_RESEARCH_LIMIT}.`;

export function validateResearchRequest(input: unknown): Required<ResearchRequest> {
  if (typeof input !== 'object' || input === null) throw new UserError('Describe who to research.');
  const { query, limit, columns } = input as Record<string, unknown>;
  const brief = typeof query === 'string' ? query.trim() : '';
  if (brief === '') throw new UserError('Describe who to research: the brief is empty.');
  if (brief.length > MAX_RESEARCH_QUERY_LENGTH) {
    throw new UserError(`The brief is too long: at most ${MAX_RESEARCH_QUERY_LENGTH} characters.`);
  }
  // A number only: Number() would make true a limit of 1 and [5] one of 5, and start a real job with it.
  const count = limit === undefined || limit === null ? DEFAULT_RESEARCH_LIMIT : limit;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_RESEARCH_LIMIT) {
    throw new UserError(RESEARCH_LIMIT_RULE);
  }
  const set: ResearchColumns = columns === undefined ? 'essentials' : (columns as ResearchColumns);
  if (set !== 'essentials' && set !== 'all') throw new UserError('The columns must be "essentials" or "all".');
  return { query: brief, limit: count, columns: set };
}
