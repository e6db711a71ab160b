// Results sheets are named `Research · <short brief> · <tag>`, the tag being the job's short id (with " (2)"… when
// needed). Each job also gets companion sheets named by that tag alone (`Experience · <tag>`), short enough that
// many jobs' tabs stay in view. A tag is chosen so that the results sheet and its companions are all new names.
import { shorten } from '../text';

const MAX_BRIEF = 32;
const SEPARATOR = ' · ';
// Control characters cannot stand in a sheet name.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

export type CompanionSheet = 'Experience' | 'Education';
const COMPANIONS: readonly CompanionSheet[] = ['Experience', 'Education'];

export function researchSheetName(query: string, jobId: string, taken: (name: string) => boolean): string {
  const brief = shorten(query.replace(CONTROL_CHARACTERS, ' '), MAX_BRIEF);
  const shortId = jobId.replace(/[^A-Za-z0-9]/g, '').slice(0, 6) || 'job';
  const nameOf = (tag: string) => `Research${SEPARATOR}${brief}${SEPARATOR}${tag}`;
  const free = (tag: string) =>
    !taken(nameOf(tag)) && COMPANIONS.every((collection) => !taken(companionOfTag(tag, collection)));
  let tag = shortId;
  for (let n = 2; !free(tag); n++) tag = `${shortId} (${n})`;
  return nameOf(tag);
}

/** The companion sheet of a results sheet: named by the results sheet's tag, its last part. */
export function companionSheetName(resultsSheet: string, collection: CompanionSheet): string {
  return companionOfTag(resultsSheet.slice(resultsSheet.lastIndexOf(SEPARATOR) + SEPARATOR.length), collection);
}

const companionOfTag = (tag: string, collection: CompanionSheet) => `${collection}${SEPARATOR}${tag}`;

/**
 * The name companions had before they were named by the tag alone (`<results sheet> · Experience`): a job started
 * then goes on writing into the tab it began, rather than splitting its rows over two.
 */
export function legacyCompanionSheetName(resultsSheet: string, collection: CompanionSheet): string {
  return `${resultsSheet}${SEPARATOR}${collection}`;
}
