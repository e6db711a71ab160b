// The "Job changes" preset of profile-record columns: the job the profile most recently started and the one it most
// recently left, as the record's change tracking reports them (company, title, start, and when the change was seen).
const ENTRY_FIELDS = ['company_name', 'title', 'date_from', 'identification_date'] as const;

function entryFields(collection: 'experience_recently_started' | 'experience_recently_closed'): string[] {
  return ENTRY_FIELDS.map((field) => `${collection}.1.${field}`);
}

/** Field names of the profile record (catalog names), in the order the columns show them. */
export const JOB_CHANGES_FIELDS: readonly string[] = [
  ...entryFields('experience_recently_started'),
  ...entryFields('experience_recently_closed'),
];
