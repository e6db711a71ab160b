// The one flattening of API records into sheet rows, for the formulas and the research sheets alike.
//
// A field is named by its path: dots between parts, 1-based positions into lists (`experience.1.employer_name`), and
// after a map's name the whole rest is the key (`criteria.Sells to hospitals, U.S.`). Names match ignoring case;
// headers print the canonical name, which parses back to the same field. Names are compiled once into readers.
import type { ModernProfile } from '../api/types';
import type { CellValue } from '../cells';
import { isRecord } from '../json';
import {
  RECORD_CATALOGS,
  modernEducationFields,
  modernExperienceFields,
  text,
  type Catalog,
  type FieldKind,
  type KindName,
  type RecordType,
  type RecordTypes,
} from './catalog';
import { isBlank } from '../text';
import { contactView } from './contacts';
import { closestNames, didYouMean } from './suggest';
import { cellValue } from './values';

/** A column of a sheet: its header and the kind of its values. */
export interface Column {
  readonly name: string;
  readonly kind: KindName;
}

/** A field name resolved against one record type. */
export interface FieldPath<T extends RecordType = RecordType> extends Column {
  readonly recordType: T;
  /** Reads the raw value from the record's view (see RECORD_VIEWS). */
  readonly read: (view: unknown) => unknown;
}

export type FieldListResult<T extends RecordType> =
  { ok: true; fields: FieldPath<T>[] } | { ok: false; message: string };

/**
 * Field names given as text (separated by commas or semicolons; a name holding either is written in double quotes)
 * or as a range (each non-blank cell one name, in reading order). Repeated names give repeated columns. An invalid
 * name is reported with the closest valid names.
 */
export function parseFieldList<T extends RecordType>(
  input: string | readonly (readonly unknown[])[],
  recordType: T,
): FieldListResult<T> {
  const names = typeof input === 'string' ? namesInText(input) : namesInRange(input);
  if (names.length === 0) return { ok: false, message: 'No field names given.' };
  const fields: FieldPath<T>[] = [];
  for (const name of names) {
    const resolved = resolveField(name, recordType);
    if (typeof resolved === 'string') return { ok: false, message: resolved };
    fields.push(resolved);
  }
  return { ok: true, fields };
}

export function headerFor(field: Column): string {
  return field.name;
}

export function flattenRecord<T extends RecordType>(
  record: RecordTypes[T],
  fields: readonly FieldPath<T>[],
): CellValue[] {
  if (fields.length === 0) return [];
  const view = RECORD_VIEWS[fields[0].recordType](record);
  return fields.map((field) => cellValue(field.read(view), field.kind));
}

export function flattenRows<T extends RecordType>(
  records: readonly RecordTypes[T][],
  fields: readonly FieldPath<T>[],
  options: { headers: boolean },
): CellValue[][] {
  const rows = records.map((record) => flattenRecord(record, fields));
  return options.headers ? [fields.map(headerFor), ...rows] : rows;
}

// ---------- Companion sheets (`… · Experience`, `… · Education`) ----------

export type CompanionCollection = 'experience' | 'education';

export const COMPANION_COLLECTIONS: readonly CompanionCollection[] = ['experience', 'education'];

const COMPANION_ENTRY_FIELDS: { readonly [C in CompanionCollection]: Catalog } = {
  experience: modernExperienceFields,
  education: modernEducationFields,
};

/** `profile_id`, then every field of the entry in the catalog's order. */
export function collectionColumns(collection: CompanionCollection): Column[] {
  const entryFields = COMPANION_ENTRY_FIELDS[collection];
  return [
    { name: 'profile_id', kind: 'text' },
    ...Object.keys(entryFields).map((name) => ({ name, kind: entryFields[name].kind })),
  ];
}

/** One row per entry of the profile's collection, in the API's order; entries that are not objects are skipped. */
export function flattenCollection(profile: ModernProfile, collection: CompanionCollection): CellValue[][] {
  const [idColumn, ...entryColumns] = collectionColumns(collection);
  const record: Record<string, unknown> = isRecord(profile) ? profile : {};
  const profileId = cellValue(record.id, idColumn.kind);
  return asList(record[collection])
    .filter(isRecord)
    .map((entry) => [profileId, ...entryColumns.map((column) => cellValue(entry[column.name], column.kind))]);
}

// ---------- Views: what the names of each record type read ----------

const RECORD_VIEWS: { readonly [T in RecordType]: (record: RecordTypes[T]) => unknown } = {
  scrapedProfile: scrapedView,
  company: (record) => record,
  contact: contactView,
  modernProfile: (record) => record,
};

/**
 * The `profile` object's fields lifted to the top, next to experience, education and the other top-level fields.
 * `location` is the top-level one (the API's "current location"), or the profile's when that is blank.
 */
function scrapedView(record: RecordTypes['scrapedProfile']): Record<string, unknown> {
  if (!isRecord(record)) return {};
  const profile: Record<string, unknown> = isRecord(record.profile) ? record.profile : {};
  const location = isBlank(record.location) ? profile.location : record.location;
  return { ...profile, ...record, location };
}

// ---------- Names → readers ----------

type Reader = (value: unknown) => unknown;

/** A FieldPath, or the sentence saying why the name is not one. */
function resolveField<T extends RecordType>(typed: string, recordType: T): FieldPath<T> | string {
  const parts = typed.split('.');
  const canonical: string[] = [];
  const readers: Reader[] = [];
  const pathWith = (...rest: string[]) => [...canonical, ...rest].join('.');
  let kind: FieldKind = { kind: 'object', fields: RECORD_CATALOGS[recordType] };
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index].trim();
    switch (kind.kind) {
      case 'object': {
        const lower = part.toLowerCase();
        const name: string | undefined = Object.keys(kind.fields).find((field) => field.toLowerCase() === lower);
        if (name === undefined) {
          const suggestions = closestNames(part, Object.keys(kind.fields)).map((close) => pathWith(close));
          return [`Unknown field "${typed}".`, didYouMean(suggestions)].filter(Boolean).join(' ');
        }
        canonical.push(name);
        readers.push(readField(name));
        kind = kind.fields[name];
        break;
      }
      case 'list':
      case 'textList': {
        if (!/^\d+$/.test(part)) {
          const example = pathWith('1', ...parts.slice(index));
          return `Invalid field "${typed}": "${pathWith()}" is a list, so a position comes next, as in "${example}".`;
        }
        const position = Number(part);
        if (position < 1 || !Number.isSafeInteger(position)) {
          const example = pathWith('1', ...parts.slice(index + 1));
          return `Invalid field "${typed}": positions are whole numbers from 1, as in "${example}".`;
        }
        canonical.push(String(position));
        readers.push(readPosition(position - 1));
        kind = kind.kind === 'list' ? kind.element : text;
        break;
      }
      case 'map': {
        // A key is free text and may hold dots: it is the whole rest of the name.
        const key = parts.slice(index).join('.').trim();
        if (key === '') return `Invalid field "${typed}": name a key after "${pathWith()}.".`;
        return fieldPath(recordType, [...canonical, key], text, [...readers, readKey(key)]);
      }
      default:
        return `Invalid field "${typed}": "${pathWith()}" has no parts.`;
    }
  }
  return fieldPath(recordType, canonical, kind, readers);
}

function fieldPath<T extends RecordType>(
  recordType: T,
  canonical: readonly string[],
  kind: FieldKind,
  readers: readonly Reader[],
): FieldPath<T> {
  const read: Reader = (view) => {
    let value = view;
    for (const readPart of readers) value = readPart(value);
    return value;
  };
  return { recordType, name: canonical.join('.'), kind: kind.kind, read };
}

/** A field of an object; of a list where an object is expected, the first element's (match_data may be either). */
function readField(name: string): Reader {
  return (value) => {
    const object = Array.isArray(value) ? value[0] : value;
    return isRecord(object) ? object[name] : undefined;
  };
}

function readPosition(index: number): Reader {
  return (value) => asList(value)[index];
}

/** The key as written, else one equal ignoring case and surrounding spaces. */
function readKey(key: string): Reader {
  const wanted = key.toLowerCase();
  return (value) => {
    if (!isRecord(value)) return undefined;
    if (Object.prototype.hasOwnProperty.call(value, key)) return value[key];
    const match = Object.keys(value).find((candidate) => candidate.trim().toLowerCase() === wanted);
    return match === undefined ? undefined : value[match];
  };
}

/** A lone value where a list is expected counts as a list of one. */
function asList(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) return value;
  return value === null || value === undefined ? [] : [value];
}

function namesInText(input: string): string[] {
  const names: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < input.length; index++) {
    const char = input[index];
    if (char === '"' && quoted && input[index + 1] === '"') {
      current += '"';
      index++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && (char === ',' || char === ';')) {
      names.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  names.push(current);
  return names.map((name) => name.trim()).filter((name) => name !== '');
}

function namesInRange(range: readonly (readonly unknown[])[]): string[] {
  return range
    .flat()
    .filter((cell) => cell !== null && cell !== undefined)
    .map((cell) => String(cell).trim())
    .filter((name) => name !== '');
}
