// The names the Enrich panel offers for an operation: every field of its record, in catalog order, as the formulas
// take them. A list is offered whole and by the fields of its first entry (`experience.1.company_name`); a map (free
// keys, such as `criteria`) only whole, since its keys are known only from the data.
import type { EnrichOperation, FieldChoices } from '../contract';
import { RECORD_CATALOGS, type Catalog } from '../fields/catalog';
import { headerFor } from '../fields/flatten';
import { OPERATIONS } from './operations';

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
  };
}
