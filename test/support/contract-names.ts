// The sidebar contract's function names as the type checker reads them from src/core/contract.ts, and the names
// src/Code.ts exposes, for the tests that check the entry and the built bundle against the contract.
import { join } from 'node:path';
import ts from 'typescript';

export const ROOT = join(__dirname, '..', '..');
const CONTRACT = join(ROOT, 'src', 'core', 'contract.ts');
export const ENTRY = join(ROOT, 'src', 'Code.ts');

/** The property names of an exported interface, as the type checker sees them. */
function interfaceMembers(program: ts.Program, file: string, name: string): string[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error(`${file} is not in the program.`);
  const symbol = checker.getSymbolAtLocation(source);
  const exported = symbol === undefined ? undefined : checker.getExportsOfModule(symbol).find((s) => s.name === name);
  if (exported === undefined) throw new Error(`${name} is not exported from ${file}.`);
  return checker
    .getDeclaredTypeOfSymbol(exported)
    .getProperties()
    .map((property) => property.name);
}

/** The NAME of every top-level `global.NAME = …` statement of a file. */
export function exposedNames(source: ts.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isExpressionStatement(statement) || !ts.isBinaryExpression(statement.expression)) continue;
    const { left, operatorToken } = statement.expression;
    if (operatorToken.kind !== ts.SyntaxKind.EqualsToken || !ts.isPropertyAccessExpression(left)) continue;
    if (ts.isIdentifier(left.expression) && left.expression.text === 'global') names.push(left.name.text);
  }
  return names;
}

/**
 * A program of the contract and the modules it imports, without the standard library or @types: the members of an
 * interface need neither, and reading them costs a tenth of a second instead of seconds.
 */
function contractProgram(): ts.Program {
  return ts.createProgram([CONTRACT], { noEmit: true, strict: true, noLib: true, types: [] });
}

/** Every function the sidebar may call, read from the contract. */
export function sidebarFunctionNames(): string[] {
  return interfaceMembers(contractProgram(), CONTRACT, 'SidebarServer');
}
