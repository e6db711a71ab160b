// The formulas the playground understands: a literal (text, number, TRUE/FALSE), a reference (A2, $A$2, A2:A10,
// A2:A, 'Other sheet'!B1:F1) or a function call whose arguments are any of these. Operators are not supported:
// the playground exists to run sheet-enrich's custom functions, not to be a spreadsheet engine.
import { parseA1 } from '../gas-fakes/a1';

export type Expr =
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'reference'; sheetName: string | null; cells: string }
  | { kind: 'call'; name: string; args: Array<Expr | null> };

export type ErrorCode = '#ERROR!' | '#NAME?' | '#REF!' | '#VALUE!';

export type ParsedFormula = { ok: true; expr: Expr } | { ok: false; code: ErrorCode; message: string };

const PARSE_ERROR = 'Formula parse error.';
/** Large enough for any grid; open ranges (A2:A) are only checked for shape here. */
const ANY_SIZE = 1_000_000;
const REFERENCE_SHAPE = /^\$?[A-Za-z]{0,3}\$?\d*(?::\$?[A-Za-z]{0,3}\$?\d*)?$/;
const FUNCTION_NAME = /^[A-Za-z_][A-Za-z0-9_.]*$/;
const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const WORD = /^[A-Za-z0-9_.$:]+/;

class ParseFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Parses the text of a cell that starts with "=". */
export function parseFormula(text: string): ParsedFormula {
  if (!text.startsWith('=')) return { ok: false, code: '#ERROR!', message: PARSE_ERROR };
  const parser = new Parser(text.slice(1));
  try {
    const expr = parser.expression();
    parser.expectEnd();
    return { ok: true, expr };
  } catch (error) {
    if (error instanceof ParseFailure) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/** Every reference in the expression, nested calls included. */
export function referencesOf(expr: Expr): Array<Extract<Expr, { kind: 'reference' }>> {
  if (expr.kind === 'reference') return [expr];
  if (expr.kind === 'call') return expr.args.flatMap((arg) => (arg ? referencesOf(arg) : []));
  return [];
}

class Parser {
  private at = 0;

  constructor(private readonly source: string) {}

  expression(): Expr {
    this.skipSpace();
    const char = this.source[this.at];
    if (char === undefined) throw new ParseFailure('#ERROR!', PARSE_ERROR);
    if (char === '"') return { kind: 'literal', value: this.text() };
    if (char === "'") return this.reference(this.quotedSheetName());
    if (char === '-' || char === '+') {
      this.at++;
      const number = this.number();
      if (number === null) throw new ParseFailure('#ERROR!', PARSE_ERROR);
      return { kind: 'literal', value: char === '-' ? -number : number };
    }
    const number = this.number();
    if (number !== null) return { kind: 'literal', value: number };
    return this.wordExpression();
  }

  expectEnd(): void {
    this.skipSpace();
    if (this.at < this.source.length) throw new ParseFailure('#ERROR!', PARSE_ERROR);
  }

  private wordExpression(): Expr {
    const word = this.word();
    this.skipSpace();
    const next = this.source[this.at];
    if (next === '(') {
      if (!FUNCTION_NAME.test(word)) throw new ParseFailure('#ERROR!', PARSE_ERROR);
      this.at++;
      return { kind: 'call', name: word, args: this.argumentList() };
    }
    if (next === '!') return this.reference(word);
    if (/^(true|false)$/i.test(word)) return { kind: 'literal', value: word.toUpperCase() === 'TRUE' };
    if (isReference(word)) return { kind: 'reference', sheetName: null, cells: word };
    throw new ParseFailure('#NAME?', `Unknown range name: '${word.toUpperCase()}'.`);
  }

  /** After the opening parenthesis: arguments up to the closing one. An empty argument (f(A1,,TRUE)) is null. */
  private argumentList(): Array<Expr | null> {
    const args: Array<Expr | null> = [];
    this.skipSpace();
    if (this.source[this.at] === ')') {
      this.at++;
      return args;
    }
    for (;;) {
      this.skipSpace();
      const char = this.source[this.at];
      args.push(char === ',' || char === ')' ? null : this.expression());
      this.skipSpace();
      const separator = this.source[this.at++];
      if (separator === ')') return args;
      if (separator !== ',') throw new ParseFailure('#ERROR!', PARSE_ERROR);
    }
  }

  /** At "!" after a sheet name: the cell part. */
  private reference(sheetName: string): Expr {
    this.skipSpace();
    if (this.source[this.at++] !== '!') throw new ParseFailure('#ERROR!', PARSE_ERROR);
    const cells = this.word();
    if (!isReference(cells)) throw new ParseFailure('#ERROR!', PARSE_ERROR);
    return { kind: 'reference', sheetName, cells };
  }

  /** 'Sheet name' with '' standing for one quote. */
  private quotedSheetName(): string {
    const match = /^'((?:[^']|'')*)'/.exec(this.source.slice(this.at));
    if (!match) throw new ParseFailure('#ERROR!', PARSE_ERROR);
    this.at += match[0].length;
    return match[1].replace(/''/g, "'");
  }

  /** "text" with "" standing for one quote. */
  private text(): string {
    const match = /^"((?:[^"]|"")*)"/.exec(this.source.slice(this.at));
    if (!match) throw new ParseFailure('#ERROR!', PARSE_ERROR);
    this.at += match[0].length;
    return match[1].replace(/""/g, '"');
  }

  /** A number, unless the digits start a row reference such as 2:2. */
  private number(): number | null {
    const rest = this.source.slice(this.at);
    const match = NUMBER.exec(rest);
    if (!match || /^[A-Za-z_:$]/.test(rest.slice(match[0].length))) return null;
    this.at += match[0].length;
    return Number(match[0]);
  }

  private word(): string {
    const match = WORD.exec(this.source.slice(this.at));
    if (!match) throw new ParseFailure('#ERROR!', PARSE_ERROR);
    this.at += match[0].length;
    return match[0];
  }

  private skipSpace(): void {
    while (/\s/.test(this.source[this.at] ?? '')) this.at++;
  }
}

function isReference(word: string): boolean {
  return REFERENCE_SHAPE.test(word) && parseA1(word, ANY_SIZE, ANY_SIZE) !== null;
}
