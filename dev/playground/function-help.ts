// The argument hints Sheets shows while a formula is typed, read as Sheets reads them: from the JSDoc block with
// @customfunction above each top-level function of the built script. Used by `npm start` (reading dist/Code.js)
// and by the page (finding which call, and which of its arguments, the text being typed is in); no Node or browser
// API here.

export interface ParameterHelp {
  name: string;
  /** The text in the braces of @param, which Sheets shows in its example call. */
  example: string;
  description: string;
  /** Its description starts with "Optional.". */
  optional: boolean;
}

export interface FunctionHelp {
  name: string;
  summary: string;
  params: ParameterHelp[];
}

const DOC_BLOCK = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*function\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(/g;
const PARAM = /^@param\s+\{([^}]*)\}\s+(\S+)\s*(.*)$/;

/** Every function of the script documented with @customfunction, in the script's order. */
export function customFunctionHelp(code: string): FunctionHelp[] {
  const functions: FunctionHelp[] = [];
  for (const [, body, name] of code.matchAll(DOC_BLOCK)) {
    const lines = body.split('\n').map((line) => line.replace(/^\s*\*\s?/, '').trim());
    if (!lines.includes('@customfunction')) continue;
    const firstTag = lines.findIndex((line) => line.startsWith('@'));
    const summary = lines
      .slice(0, firstTag < 0 ? undefined : firstTag)
      .filter(Boolean)
      .join(' ');
    const params = lines.flatMap((line): ParameterHelp[] => {
      const param = PARAM.exec(line);
      if (param === null) return [];
      const [, example, paramName, description] = param;
      return [{ name: paramName, example, description, optional: description.startsWith('Optional.') }];
    });
    functions.push({ name, summary, params });
  }
  return functions;
}

/** The call of a known function the end of `text` is inside, and which of its arguments (from 0) is being typed. */
export interface CallPosition {
  help: FunctionHelp;
  argument: number;
}

/**
 * Where a formula being typed stands: the innermost unclosed call of one of `functions` at its end (as in
 * `=SCRAPE_PROFILE(A2, "na`), skipping text in double quotes, nested parentheses and array braces. Null outside
 * a formula or a known call.
 */
export function callAt(text: string, functions: readonly FunctionHelp[]): CallPosition | null {
  if (!text.startsWith('=')) return null;
  const open: { name: string | null; argument: number }[] = [];
  for (let i = 1; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      const close = text.indexOf('"', i + 1);
      if (close < 0) break;
      i = close;
    } else if (char === '(' || char === '{') {
      const name = char === '(' ? /([A-Za-z_][A-Za-z0-9_.]*)\s*$/.exec(text.slice(0, i))?.[1] : undefined;
      open.push({ name: name?.toUpperCase() ?? null, argument: 0 });
    } else if (char === ')' || char === '}') {
      open.pop();
    } else if (char === ',' && open.length > 0) {
      open[open.length - 1].argument++;
    }
  }
  for (let depth = open.length - 1; depth >= 0; depth--) {
    const help = functions.find((one) => one.name === open[depth].name);
    if (help) return { help, argument: open[depth].argument };
  }
  return null;
}
