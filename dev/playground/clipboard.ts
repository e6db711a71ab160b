// Cells as clipboard text, the way spreadsheets exchange them: one line per row, cells separated by tabs, and a cell
// holding a tab, a line break or a leading quote written in double quotes (a quote inside doubled). Used by the page
// (copy) and the server (paste), so no Node or browser API here.

/** The grid as tab-separated text. */
export function toClipboardText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(quoteIfNeeded).join('\t')).join('\n');
}

function quoteIfNeeded(cell: string): string {
  return /[\t\n\r]|^"/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * Clipboard text as rows of cells: tabs separate cells, line breaks rows (a final line break ends the last row);
 * a cell that starts with a double quote runs to the matching quote, line breaks and tabs included. No text, no rows.
 */
export function parseClipboardText(text: string): string[][] {
  const rows: string[][] = [];
  if (text === '') return rows;
  let row: string[] = [];
  let i = 0;
  const endRow = () => {
    rows.push(row);
    row = [];
  };
  while (i <= text.length) {
    const quoted = text[i] === '"' ? quotedCell(text, i) : null;
    let cell: string;
    if (quoted) {
      cell = quoted.cell;
      i = quoted.end;
    } else {
      const end = nextSeparator(text, i);
      cell = text.slice(i, end);
      i = end;
    }
    row.push(cell);
    const separator = text[i];
    if (separator === '\t') {
      i++;
      continue;
    }
    endRow();
    if (separator === undefined) break;
    i += text.startsWith('\r\n', i) ? 2 : 1;
    if (i === text.length) break;
  }
  return rows;
}

function nextSeparator(text: string, from: number): number {
  const match = /[\t\r\n]/.exec(text.slice(from));
  return match ? from + match.index : text.length;
}

/** A cell in double quotes starting at `open`, when it closes right before a separator or the end; else null. */
function quotedCell(text: string, open: number): { cell: string; end: number } | null {
  let cell = '';
  let i = open + 1;
  while (i < text.length) {
    if (text[i] !== '"') {
      cell += text[i++];
    } else if (text[i + 1] === '"') {
      cell += '"';
      i += 2;
    } else {
      const after = text[i + 1];
      return after === undefined || /[\t\r\n]/.test(after) ? { cell, end: i + 1 } : null;
    }
  }
  return null;
}
