// The one way a message repeats outside text (user input, a service's detail): on one line and never too long.

/** Whitespace runs (newlines included) as single spaces, trimmed, and cut to at most max characters with "…". */
export function shorten(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? oneLine.slice(0, max - 1) + '…' : oneLine;
}
