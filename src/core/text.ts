// Small text rules of the core: the one way a message repeats outside text (user input, a service's detail), on one
// line and never too long (quoted: `quote`); how long a stored sentence may be; and what counts as blank.

/** Whitespace runs (newlines included) as single spaces, trimmed, and cut to at most max characters with "…". */
export function shorten(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? oneLine.slice(0, max - 1).trimEnd() + '…' : oneLine;
}

/** Outside text as a message repeats it: quoted, on one line, at most max characters, so never a long paste. */
export function quote(text: string, max: number): string {
  return `"${shorten(text, max)}"`;
}

/** "a, b or c" (or "and"): items as a sentence lists them. */
export function listed(items: readonly string[], conjunction: 'and' | 'or'): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** Longest sentence a property entry keeps (a run's or job's message or error), so an entry fits the 9 KB a property holds. */
export const MAX_STORED_TEXT = 500;

/** The text whole when it is at most MAX_STORED_TEXT characters, else cut to that length with "…". */
export function capStoredText(text: string): string {
  return text.length <= MAX_STORED_TEXT ? text : `${text.slice(0, MAX_STORED_TEXT - 1)}…`;
}

/** Nothing to read: null, undefined, or text of only whitespace (the empty string included). */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** The message of anything thrown. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Bytes of the text in UTF-8, as the platform's size limits count them. A native regex sets the ASCII aside: each
 * execution runs the bundle cold, where a loop over every character of a 90 KB cache value is slow.
 */
export function utf8Length(text: string): number {
  const wide = text.replace(ASCII_RUNS, '');
  let bytes = text.length - wide.length;
  for (let i = 0; i < wide.length; i++) bytes += utf8Size(wide.charCodeAt(i));
  return bytes;
}

/** Splits text into the longest pieces of at most maxBytes UTF-8 bytes, never inside a surrogate pair. */
export function splitByBytes(text: string, maxBytes: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    // No piece holds more characters than bytes: measure that much, then give back characters until it fits.
    let end = Math.min(text.length, start + maxBytes);
    let bytes = utf8Length(text.slice(start, end));
    while (end > start + 1 && (bytes > maxBytes || splitsPair(text, end))) bytes -= utf8Size(text.charCodeAt(--end));
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces.length === 0 ? [''] : pieces;
}

const ASCII_RUNS = /[^\u0080-\uffff]+/g;

/** UTF-8 bytes of one UTF-16 code unit: a surrogate is half of a 4-byte character. */
function utf8Size(code: number): number {
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdfff ? 2 : 3;
}

/** Whether cutting before index `at` would part a surrogate pair. */
function splitsPair(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  const after = text.charCodeAt(at);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}
