// How Sheets reads a string written with setValues/setValue/appendRow: as if a person typed it (US locale).
// Text only survives unchanged in a cell formatted as plain text ('@') or behind a leading apostrophe, or when it is
// written as a rich-text value (never parsed).

export type CellValue = string | number | boolean | Date;

export const GENERAL_FORMAT = 'General';
export const PLAIN_TEXT_FORMAT = '@';
export const DATE_FORMAT = 'M/d/yyyy';
export const DATE_TIME_FORMAT = 'M/d/yyyy H:mm:ss';
export const TIME_FORMAT = 'h:mm:ss am/pm';
export const MAX_CELL_CHARS = 50_000;

/** What getValues shows for a formula; the fakes never evaluate formulas. */
export const FORMULA_PLACEHOLDER = '#NAME?';
/** What a cell shows when typed text starting with + or - is not a number: Sheets reads it as a broken formula. */
export const FORMULA_PARSE_ERROR = '#ERROR!';

export interface TypedInput {
  value: CellValue;
  /** The formula the cell now holds, '' for none. */
  formula: string;
  /** A number format Sheets picks for what was typed; only applied to cells still in the General format. */
  impliedFormat?: string;
}

const NUMBER_BODY = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+`;
const PLAIN_NUMBER = new RegExp(`^([+-]?)(${NUMBER_BODY})(?:[eE]([+-]?\\d+))?$`);
const PERCENT = new RegExp(`^([+-]?)(${NUMBER_BODY})%$`);
const CURRENCY = new RegExp(`^([+-]?)\\$(${NUMBER_BODY})$`);

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const TIME_PART = String.raw`(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?`;
const MONTH_DAY = /^(\d{1,2})[/-](\d{1,2})$/;
const MONTH_DAY_YEAR = new RegExp(String.raw`^(\d{1,2})([/-])(\d{1,2})\2(\d{4}|\d{2})(?:\s+${TIME_PART})?$`, 'i');
const YEAR_MONTH_DAY = new RegExp(String.raw`^(\d{4})([/-])(\d{1,2})\2(\d{1,2})(?:\s+${TIME_PART})?$`, 'i');
const YEAR_MONTH = /^(\d{4})[/-](\d{1,2})$/;
const MONTH_YEAR = /^(\d{1,2})[/-](\d{4})$/;
const NAME_DAY_YEAR = /^([a-z]{3,9})\.?\s+(\d{1,2})(?:,?\s+(\d{4}))?$/i;
const DAY_NAME_YEAR = /^(\d{1,2})\s+([a-z]{3,9})\.?(?:,?\s+(\d{4}))?$/i;
const NAME_YEAR = /^([a-z]{3,9})\.?,?\s+(\d{4})$/i;
const TIME_ONLY = new RegExp(`^${TIME_PART}$`, 'i');

/** Sheets' day zero, 1899-12-30: a time typed alone is a Date on that day. */
const SHEETS_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * Reads `text` as Sheets does when it is typed into a cell whose number format is `format`. Whether a plain-text
 * format keeps text as it is when a script writes it with setValues is not documented: `plainTextKeepsText` plays
 * either answer (true: kept as typed, as in the Sheets UI; false: parsed as in a General cell).
 */
export function readTypedText(text: string, format: string, now: number, plainTextKeepsText = true): TypedInput {
  if (format === PLAIN_TEXT_FORMAT && plainTextKeepsText) return { value: text, formula: '' };
  if (text.startsWith("'")) return { value: text.slice(1), formula: '' };
  if (text.startsWith('=')) return { value: FORMULA_PLACEHOLDER, formula: text };
  const trimmed = text.trim();
  if (trimmed === '') return { value: text, formula: '' };
  const number = readNumber(trimmed);
  if (number) return { formula: '', ...number };
  if (/^(true|false)$/i.test(trimmed)) return { value: trimmed.toLowerCase() === 'true', formula: '' };
  const date = readDate(trimmed, new Date(now).getUTCFullYear());
  if (date) return { formula: '', ...date };
  if (text.startsWith('+') || text.startsWith('-')) return { value: FORMULA_PARSE_ERROR, formula: `=${text}` };
  return { value: text, formula: '' };
}

function readNumber(text: string): { value: number; impliedFormat?: string } | null {
  const plain = PLAIN_NUMBER.exec(text);
  if (plain) {
    const [, sign, body, exponent] = plain;
    const value = signed(sign, body) * 10 ** Number(exponent ?? 0);
    return body.includes(',') ? { value, impliedFormat: '#,##0' } : { value };
  }
  const percent = PERCENT.exec(text);
  if (percent) {
    const body = percent[2];
    return { value: signed(percent[1], body) / 100, impliedFormat: body.includes('.') ? '0.00%' : '0%' };
  }
  const currency = CURRENCY.exec(text);
  if (currency) return { value: signed(currency[1], currency[2]), impliedFormat: '"$"#,##0.00' };
  return null;
}

function signed(sign: string, body: string): number {
  const magnitude = Number(body.replace(/,/g, ''));
  return sign === '-' ? -magnitude : magnitude;
}

function readDate(text: string, currentYear: number): { value: Date; impliedFormat: string } | null {
  let match = MONTH_DAY.exec(text);
  if (match) return calendarDate(currentYear, Number(match[1]), Number(match[2]));
  match = MONTH_DAY_YEAR.exec(text);
  if (match) return calendarDate(fullYear(match[4]), Number(match[1]), Number(match[3]), match.slice(5));
  match = YEAR_MONTH_DAY.exec(text);
  if (match) return calendarDate(Number(match[1]), Number(match[3]), Number(match[4]), match.slice(5));
  match = YEAR_MONTH.exec(text);
  if (match) return calendarDate(Number(match[1]), Number(match[2]), 1);
  match = MONTH_YEAR.exec(text);
  if (match) return calendarDate(Number(match[2]), Number(match[1]), 1);
  match = NAME_DAY_YEAR.exec(text);
  if (match) return namedMonthDate(match[1], Number(match[2]), match[3], currentYear);
  match = DAY_NAME_YEAR.exec(text);
  if (match) return namedMonthDate(match[2], Number(match[1]), match[3], currentYear);
  match = NAME_YEAR.exec(text);
  if (match) return namedMonthDate(match[1], 1, match[2], currentYear);
  match = TIME_ONLY.exec(text);
  if (match) {
    const ms = timeOfDayMs(match.slice(1));
    return ms === null ? null : { value: new Date(SHEETS_EPOCH_MS + ms), impliedFormat: TIME_FORMAT };
  }
  return null;
}

function fullYear(digits: string): number {
  if (digits.length === 4) return Number(digits);
  const year = Number(digits);
  return year < 30 ? 2000 + year : 1900 + year;
}

function namedMonthDate(name: string, day: number, year: string | undefined, currentYear: number) {
  const lower = name.toLowerCase();
  const month = MONTHS.findIndex((full) => full.startsWith(lower)) + 1;
  return month === 0 ? null : calendarDate(year ? Number(year) : currentYear, month, day);
}

function calendarDate(year: number, month: number, day: number, time: Array<string | undefined> = []) {
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  const hasTime = time[0] !== undefined;
  const timeMs = hasTime ? timeOfDayMs(time) : 0;
  if (timeMs === null) return null;
  return {
    value: new Date(Date.UTC(year, month - 1, day) + timeMs),
    impliedFormat: hasTime ? DATE_TIME_FORMAT : DATE_FORMAT,
  };
}

function timeOfDayMs([hours, minutes, seconds, meridiem]: Array<string | undefined>): number | null {
  let h = Number(hours);
  const m = Number(minutes);
  const s = Number(seconds ?? 0);
  if (meridiem) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0);
  }
  if (h > 23 || m > 59 || s > 59) return null;
  return ((h * 60 + m) * 60 + s) * 1000;
}

/** The text Sheets shows for a value in a number format (the formats the fakes produce, plus simple custom ones). */
export function displayValue(value: CellValue, format: string): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') return value;
  if (value instanceof Date || Object.prototype.toString.call(value) === '[object Date]') {
    return formatSheetsDate(
      value as Date,
      format === GENERAL_FORMAT || format === PLAIN_TEXT_FORMAT ? DATE_TIME_FORMAT : format,
    );
  }
  return formatNumber(value, format);
}

function formatNumber(value: number, format: string): string {
  if (format === GENERAL_FORMAT || format === PLAIN_TEXT_FORMAT || !/[0#]/.test(format)) return String(value);
  const percent = format.includes('%');
  const scaled = percent ? value * 100 : value;
  const decimals = /\.([0#]+)/.exec(format)?.[1].length ?? 0;
  let text = Math.abs(scaled).toFixed(decimals);
  if (format.includes(',')) text = text.replace(/^\d+/, (digits) => digits.replace(/\B(?=(\d{3})+$)/g, ','));
  const currency = format.includes('$') ? '$' : '';
  return `${scaled < 0 ? '-' : ''}${currency}${text}${percent ? '%' : ''}`;
}

function formatSheetsDate(date: Date, format: string): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const hours = date.getUTCHours();
  const twelveHour = /am\/pm/i.test(format);
  return format.replace(/yyyy|yy|MM|M|dd|d|HH|H|hh|h|mm|ss|am\/pm|AM\/PM/g, (token) => {
    switch (token) {
      case 'yyyy':
        return String(date.getUTCFullYear());
      case 'yy':
        return pad(date.getUTCFullYear() % 100);
      case 'MM':
        return pad(date.getUTCMonth() + 1);
      case 'M':
        return String(date.getUTCMonth() + 1);
      case 'dd':
        return pad(date.getUTCDate());
      case 'd':
        return String(date.getUTCDate());
      case 'HH':
      case 'hh':
        return pad(twelveHour ? hours % 12 || 12 : hours);
      case 'H':
      case 'h':
        return String(twelveHour ? hours % 12 || 12 : hours);
      case 'mm':
        return pad(date.getUTCMinutes());
      case 'ss':
        return pad(date.getUTCSeconds());
      default:
        return hours < 12 ? 'AM' : 'PM';
    }
  });
}
