// The names the Enrich panel offers for an operation: every field of its record, in catalog order, as the formulas
// take them. A list is offered whole and by the fields of its first entry (`experience.1.company_name`); a map (free
// keys, such as `criteria`) only whole, since its keys are known only from the data. Presets are named sets of those
// names; a profile run offers "Job changes", so a first enrichment already shows who moved recently, at the same
// credit a row (fields never change the price).
import type { EnrichOperation, FieldChoices, FieldPreset } from '../contract';
import { RECORD_CATALOGS, type Catalog, type RecordType } from '../fields/catalog';
import { headerFor } from '../fields/flatten';
import { JOB_CHANGES_FIELDS } from '../refresh/job-changes';
import { OPERATIONS } from './operations';

/** By record type, since a preset's names must be fields of the record the operation returns. */
const PRESETS: Partial<Record<RecordType, readonly FieldPreset[]>> = {
  profileRecord: [{ name: 'Job changes', fields: [...JOB_CHANGES_FIELDS] }],
};

function namesOf(catalog: Catalog, prefix: string): string[] {
  return Object.keys(catalog).flatMap((name) => {
    const kind = catalog[name];
    const path = prefix + name;
    if (kind.kind === 'object') return namesOf(kind.fields, `${path}.`);
    if (kind.kind === 'list' && kind.element.kind === 'object') {
      return [path, ...namesOf(kind.element.fields, `${path}.1.`)];
    }
    return [path];
  });
}

export function fieldChoices(operation: EnrichOperation): FieldChoices {
  const spec = OPERATIONS[operation];
  return {
    defaults: spec.defaults().map(headerFor),
    fields: namesOf(RECORD_CATALOGS[spec.recordType], ''),
    presets: (PRESETS[spec.recordType] ?? []).map((preset) => ({ name: preset.name, fields: [...preset.fields] })),
  };
}
