// The one flattening of API records into sheet rows, for the formulas and the research sheets alike.
//
// A field is named by its path: dots between parts, 1-based positions into lists (`experience.1.employer_name`), and
// after a map's name the whole rest is the key (`criteria.Sells to hospitals, U.S.`). Names match ignoring case;
// headers print the canonical name, which parses back to the same field. Names are compiled once into readers.
import { invalidInput, type ApiFailure } from '../api/errors';
import type { ProfileRecord } from '../api/types';
import type { CellValue } from '../cells';
import { isRecord } from '../json';
import {
  RECORD_CATALOGS,
  profileRecordEducationFields,
  profileRecordExperienceFields,
  text,
  type Catalog,
  type FieldKind,
  type KindName,
  type RecordType,
  type RecordTypes,
} from './catalog';
import { contactView } from './contacts';
import { EXAMPLE_NAMES, FORMULAS_OF, sameFactIn } from './name-help';
import { closestNames, didYouMean } from './suggest';
import { isBlank, listed, quote } from '../text';
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

export type FieldListResult<T extends RecordType> = { ok: true; fields: FieldPath<T>[] } | ApiFailure;

/** Longer names are refused: a criterion's text is the longest a name gets, far shorter than this. */
export const MAX_FIELD_NAME_LENGTH = 500;
/** How many invalid names one message describes (the rest are counted), so a long bad list costs little. */
export const MAX_DESCRIBED_PROBLEMS = 5;
/** How much of a typed field name a message repeats: enough for most criteria. */
const MAX_QUOTED_NAME = 60;

/**
 * Field names given as text (separated by commas or semicolons; a name holding either is written in double quotes)
 * or as a range (each non-blank cell one name, in reading order). Repeated names give repeated columns. Every
 * invalid name is reported in one message, each with what would help (see explainUnknown).
 */
export function parseFieldList<T extends RecordType>(
  input: string | readonly (readonly unknown[])[],
  recordType: T,
): FieldListResult<T> {
  const names = typeof input === 'string' ? namesInText(input) : namesInRange(input);
  if (names.length === 0) return invalidInput('No field names given.');
  const fields: FieldPath<T>[] = [];
  const problems: FieldProblem[] = [];
  for (const name of names) {
    const resolved =
      name.length > MAX_FIELD_NAME_LENGTH
        ? invalid(name, `a field name has at most ${MAX_FIELD_NAME_LENGTH} characters`)
        : resolveField(name, recordType);
    if (isProblem(resolved)) problems.push(resolved);
    else fields.push(resolved);
  }
  return problems.length === 0 ? { ok: true, fields } : invalidInput(problemsMessage(problems));
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
  experience: profileRecordExperienceFields,
  education: profileRecordEducationFields,
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
export function flattenCollection(profile: ProfileRecord, collection: CompanionCollection): CellValue[][] {
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
  profileRecord: (record) => record,
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

/** Why a name is not a field. What would help is worked out only for the names a message describes. */
interface FieldProblem {
  readonly typed: string;
  readonly unknown: boolean;
  explain(): { reason?: string; suggestions: readonly string[] };
}

function isProblem(value: FieldPath | FieldProblem): value is FieldProblem {
  return 'explain' in value;
}

function invalid(typed: string, reason: string): FieldProblem {
  return { typed, unknown: false, explain: () => ({ reason, suggestions: [] }) };
}

/** A FieldPath, or why the name is not one. */
function resolveField<T extends RecordType>(typed: string, recordType: T): FieldPath<T> | FieldProblem {
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
        const known: string[] = Object.keys(kind.fields);
        const name: string | undefined = known.find((field) => field.toLowerCase() === lower);
        if (name === undefined) {
          const at = { part, prefix: pathWith(), rest: parts.slice(index + 1) };
          return { typed, unknown: true, explain: () => explainUnknown(typed, recordType, at, known) };
        }
        canonical.push(name);
        readers.push(readField(name));
        kind = kind.fields[name];
        break;
      }
      case 'list':
      case 'textList': {
        if (!/^\d+$/.test(part)) {
          const example = quoteName(pathWith('1', ...parts.slice(index)));
          return invalid(typed, `${quoteName(pathWith())} is a list, so a position comes next, as in ${example}`);
        }
        const position = Number(part);
        if (position < 1 || !Number.isSafeInteger(position)) {
          const example = quoteName(pathWith('1', ...parts.slice(index + 1)));
          return invalid(typed, `positions are whole numbers from 1, as in ${example}`);
        }
        canonical.push(String(position));
        readers.push(readPosition(position - 1));
        kind = kind.kind === 'list' ? kind.element : text;
        break;
      }
      case 'map': {
        // A key is free text and may hold dots: it is the whole rest of the name.
        const key = parts.slice(index).join('.').trim();
        if (key === '') return invalid(typed, `name a key after ${quoteName(`${pathWith()}.`)}`);
        return fieldPath(recordType, [...canonical, key], text, [...readers, readKey(key)]);
      }
      default:
        return invalid(typed, `${quoteName(pathWith())} has no parts`);
    }
  }
  return fieldPath(recordType, canonical, kind, readers);
}

/** Record types in the order an unknown name is looked up in the others. */
const RECORD_TYPES: readonly RecordType[] = ['scrapedProfile', 'profileRecord', 'contact', 'company'];

/** Where in a name the unknown part is: the canonical path before it, and the parts typed after it. */
interface UnknownPart {
  part: string;
  prefix: string;
  rest: readonly string[];
}

/**
 * What helps with an unknown name, first that applies: names run together without commas (`name headline`); a name
 * of another record (`full_name` in a scraped profile: `name`); the closest names at the unknown part; else examples.
 */
function explainUnknown(
  typed: string,
  recordType: RecordType,
  { part, prefix, rest }: UnknownPart,
  known: readonly string[],
): { reason?: string; suggestions: readonly string[] } {
  const words = typed.trim().split(/\s+/);
  const resolvingWords = words.length <= 10 ? words.filter((word) => !isProblem(resolveField(word, recordType))) : [];
  if (resolvingWords.length >= 2) {
    return { reason: `separate field names with commas, as in ${quoteName(words.join(', '))}`, suggestions: [] };
  }
  const close = correctedNames(
    recordType,
    closestNames(part, known).map((name) => (prefix === '' ? name : `${prefix}.${name}`)),
    rest,
  );
  for (const other of RECORD_TYPES.filter((type) => type !== recordType)) {
    const elsewhere = resolveField(typed, other);
    if (isProblem(elsewhere)) continue;
    const same = sameFactIn(elsewhere.name, other, recordType);
    const reason = `it is a field of ${FORMULAS_OF[other]}, not of ${FORMULAS_OF[recordType]}`;
    return { reason, suggestions: same === undefined ? close : [same] };
  }
  if (close.length > 0) return { suggestions: close };
  if (prefix !== '') {
    const examples = known.slice(0, 3).map((name) => quoteName(`${prefix}.${name}`));
    return { reason: `${quoteName(prefix)} has fields such as ${listed(examples, 'or')}`, suggestions: [] };
  }
  const examples = EXAMPLE_NAMES[recordType].map(quoteName);
  return { reason: `names are the API's own, such as ${listed(examples, 'or')}`, suggestions: [] };
}

/**
 * The whole names the corrected parts lead to (`experiance.1.employer_name`: `experience.1.employer_name`): each
 * corrected part with the parts typed after it, corrected in turn when one of those is mistyped too; the corrected
 * part alone when what follows cannot be put right.
 */
function correctedNames(recordType: RecordType, corrected: readonly string[], rest: readonly string[]): string[] {
  if (rest.length === 0) return [...corrected];
  const names = corrected.map((head) => {
    const whole = resolveField([head, ...rest].join('.'), recordType);
    if (!isProblem(whole)) return whole.name;
    return whole.unknown ? (whole.explain().suggestions[0] ?? head) : head;
  });
  return [...new Set(names)];
}

/** One problem as a sentence; several as one sentence describing the first few. A name repeated is told once. */
function problemsMessage(all: readonly FieldProblem[]): string {
  const byName = new Map<string, FieldProblem>();
  for (const problem of all) {
    const key = problem.typed.trim().toLowerCase();
    if (!byName.has(key)) byName.set(key, problem);
  }
  const problems = Array.from(byName.values());
  if (problems.length === 1) {
    const [problem] = problems;
    const { reason, suggestions } = problem.explain();
    const head = `${problem.unknown ? 'Unknown' : 'Invalid'} field ${quoteName(problem.typed)}`;
    return [`${head}${reason ? `: ${reason}` : ''}.`, didYouMean(suggestions)].filter(Boolean).join(' ');
  }
  const described = problems.slice(0, MAX_DESCRIBED_PROBLEMS).map((problem) => {
    const { reason, suggestions } = problem.explain();
    const question = didYouMean(suggestions).replace(/^Did/, 'did');
    return `${quoteName(problem.typed)} (${[reason, question].filter(Boolean).join('; ')})`;
  });
  const more = problems.length - described.length;
  if (more > 0) described.push(`${more} more`);
  return `${problems.length} field names are not valid: ${listed(described, 'and')}.`;
}

/** "a", "a or b", "a, b or c". */
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

/** A name as a message repeats it. */
function quoteName(name: string): string {
  return quote(name, MAX_QUOTED_NAME);
}
