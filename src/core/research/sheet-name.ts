// Results sheets are named `Research · <short brief> · <short id>`, unique in the spreadsheet.
import { shorten } from '../text';

const MAX_BRIEF = 32;
// Control characters cannot stand in a sheet name.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

export function researchSheetName(query: string, jobId: string, taken: (name: string) => boolean): string {
  const brief = shorten(query.replace(CONTROL_CHARACTERS, ' '), MAX_BRIEF);
  const shortId = jobId.replace(/[^A-Za-z0-9]/g, '').slice(0, 6) || 'job';
  const base = `Research · ${brief} · ${shortId}`;
  let name = base;
  for (let n = 2; taken(name); n++) name = `${base} (${n})`;
  return name;
}

export function companionSheetName(resultsSheet: string, collection: 'Experience' | 'Education'): string {
  return `${resultsSheet} · ${collection}`;
}
