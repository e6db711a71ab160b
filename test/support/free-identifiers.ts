// The free identifiers of a script: every name it reads or writes that no declaration of the script itself binds
// at that place (so a global it expects its host to provide). A small scope analysis over acorn's ESTree, for plain
// scripts up to ES2020 (Apps Script's syntax); acorn-walk is not a dependency, so the walk is written out here.
import { parse } from 'acorn';

interface AstNode {
  type: string;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

class Scope {
  readonly names = new Set<string>();
  constructor(readonly parent: Scope | null) {}

  binds(name: string): boolean {
    return this.names.has(name) || (this.parent !== null && this.parent.binds(name));
  }
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** The names a binding pattern (`a`, `{ a, b: [c = 1] }`, `...d`) declares. */
function boundNames(pattern: AstNode | null, into: Set<string>): void {
  if (pattern === null) return;
  switch (pattern.type) {
    case 'Identifier':
      into.add(pattern.name as string);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties as AstNode[]) {
        boundNames((property.type === 'RestElement' ? property.argument : property.value) as AstNode, into);
      }
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements as Array<AstNode | null>) boundNames(element, into);
      break;
    case 'RestElement':
      boundNames(pattern.argument as AstNode, into);
      break;
    case 'AssignmentPattern':
      boundNames(pattern.left as AstNode, into);
      break;
    default:
      throw new Error(`Unexpected binding pattern ${pattern.type}`);
  }
}

/** `var` declarations and (sloppy-mode, Annex B) nested function declarations, hoisted to the enclosing function. */
function hoistedNames(node: unknown, into: Set<string>, topLevel: boolean): void {
  if (Array.isArray(node)) return node.forEach((child) => hoistedNames(child, into, topLevel));
  if (!isNode(node)) return;
  if (node.type === 'VariableDeclaration') {
    if (node.kind === 'var')
      for (const declarator of node.declarations as AstNode[]) boundNames(declarator.id as AstNode, into);
    return;
  }
  if (node.type === 'FunctionDeclaration') {
    if (!topLevel) into.add((node.id as AstNode).name as string);
    return;
  }
  if (FUNCTION_TYPES.has(node.type) || node.type.startsWith('Class') || node.type.endsWith('Expression')) return;
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'type') hoistedNames(child, into, false);
  }
}

/** let, const, class and function declarations directly in a list of statements. */
function lexicalNames(statements: AstNode[], into: Set<string>): void {
  for (const statement of statements) {
    if (statement.type === 'VariableDeclaration' && statement.kind !== 'var') {
      for (const declarator of statement.declarations as AstNode[]) boundNames(declarator.id as AstNode, into);
    } else if (statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') {
      into.add((statement.id as AstNode).name as string);
    }
  }
}

export function freeIdentifiers(code: string): string[] {
  const program = parse(code, { ecmaVersion: 2020, sourceType: 'script' }) as unknown as AstNode;
  const free = new Set<string>();

  const reference = (name: string, scope: Scope) => {
    if (!scope.binds(name)) free.add(name);
  };

  /**
   * Walks a destructuring pattern: computed keys and defaults are read; each leaf (a name, or for assignments any
   * expression such as `a.b`) goes to `leaf`.
   */
  function walkPattern(pattern: AstNode, scope: Scope, leaf: (node: AstNode) => void): void {
    switch (pattern.type) {
      case 'ObjectPattern':
        for (const property of pattern.properties as AstNode[]) {
          if (property.type === 'RestElement') walkPattern(property.argument as AstNode, scope, leaf);
          else {
            if (property.computed) visit(property.key, scope);
            walkPattern(property.value as AstNode, scope, leaf);
          }
        }
        return;
      case 'ArrayPattern':
        for (const element of pattern.elements as Array<AstNode | null>) if (element) walkPattern(element, scope, leaf);
        return;
      case 'RestElement':
        return walkPattern(pattern.argument as AstNode, scope, leaf);
      case 'AssignmentPattern':
        walkPattern(pattern.left as AstNode, scope, leaf);
        return visit(pattern.right, scope);
      default:
        return leaf(pattern);
    }
  }

  /** A pattern being declared: its names are bindings. */
  function bindingPattern(pattern: AstNode, scope: Scope): void {
    walkPattern(pattern, scope, (node) => {
      if (node.type !== 'Identifier') throw new Error(`Unexpected binding pattern ${node.type}`);
    });
  }

  /** A pattern being assigned to (`[a, b] = …`): its names are references. */
  function assignmentTarget(target: AstNode, scope: Scope): void {
    walkPattern(target, scope, (node) => visit(node, scope));
  }

  function visitFunction(fn: AstNode, outer: Scope): void {
    const scope = new Scope(outer);
    if (fn.type !== 'ArrowFunctionExpression') scope.names.add('arguments');
    if (fn.type === 'FunctionExpression' && fn.id) scope.names.add((fn.id as AstNode).name as string);
    for (const param of fn.params as AstNode[]) boundNames(param, scope.names);
    const body = fn.body as AstNode;
    if (body.type === 'BlockStatement') {
      hoistedNames(body.body, scope.names, true);
      lexicalNames(body.body as AstNode[], scope.names);
    }
    for (const param of fn.params as AstNode[]) bindingPattern(param, scope);
    if (body.type === 'BlockStatement') (body.body as AstNode[]).forEach((statement) => visit(statement, scope));
    else visit(body, scope);
  }

  function visitClass(node: AstNode, outer: Scope): void {
    const scope = new Scope(outer);
    if (node.id) scope.names.add((node.id as AstNode).name as string);
    if (node.superClass) visit(node.superClass, scope);
    for (const member of (node.body as AstNode).body as AstNode[]) {
      if (member.computed) visit(member.key, scope);
      visit(member.value, scope);
    }
  }

  /** A scope for the let/const of a for head or the declarations of a block or switch. */
  function blockScope(outer: Scope, statements: AstNode[]): Scope {
    const scope = new Scope(outer);
    lexicalNames(statements, scope.names);
    return scope;
  }

  function visit(node: unknown, scope: Scope): void {
    if (Array.isArray(node)) return node.forEach((child) => visit(child, scope));
    if (!isNode(node)) return;
    switch (node.type) {
      case 'Identifier':
        return reference(node.name as string, scope);
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return visitFunction(node, scope);
      case 'ClassDeclaration':
      case 'ClassExpression':
        return visitClass(node, scope);
      case 'VariableDeclaration':
        for (const declarator of node.declarations as AstNode[]) {
          bindingPattern(declarator.id as AstNode, scope);
          visit(declarator.init, scope);
        }
        return;
      case 'BlockStatement': {
        const inner = blockScope(scope, node.body as AstNode[]);
        return (node.body as AstNode[]).forEach((statement) => visit(statement, inner));
      }
      case 'SwitchStatement': {
        visit(node.discriminant, scope);
        const cases = node.cases as AstNode[];
        const inner = blockScope(
          scope,
          cases.flatMap((c) => c.consequent as AstNode[]),
        );
        for (const c of cases) {
          visit(c.test, inner);
          visit(c.consequent, inner);
        }
        return;
      }
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement': {
        const head = (node.type === 'ForStatement' ? node.init : node.left) as AstNode | null;
        const inner = blockScope(scope, head && head.type === 'VariableDeclaration' ? [head] : []);
        if (head && head.type !== 'VariableDeclaration') assignmentTarget(head, inner);
        else visit(head, inner);
        for (const key of ['test', 'update', 'right', 'body']) visit(node[key], inner);
        return;
      }
      case 'CatchClause': {
        const inner = new Scope(scope);
        if (node.param) {
          boundNames(node.param as AstNode, inner.names);
          bindingPattern(node.param as AstNode, inner);
        }
        return visit(node.body, inner);
      }
      case 'AssignmentExpression':
        assignmentTarget(node.left as AstNode, scope);
        return visit(node.right, scope);
      case 'MemberExpression':
        visit(node.object, scope);
        if (node.computed) visit(node.property, scope);
        return;
      case 'Property':
        if (node.computed) visit(node.key, scope);
        return visit(node.value, scope);
      case 'LabeledStatement':
        return visit(node.body, scope);
      case 'BreakStatement':
      case 'ContinueStatement':
      case 'MetaProperty':
        return;
      default:
        for (const [key, child] of Object.entries(node)) {
          if (key !== 'type') visit(child, scope);
        }
    }
  }

  const globalScope = new Scope(null);
  const statements = program.body as AstNode[];
  hoistedNames(statements, globalScope.names, true);
  lexicalNames(statements, globalScope.names);
  statements.forEach((statement) => visit(statement, globalScope));
  return [...free].sort();
}
