// No module of src/ imports itself through others: a cycle makes the bundle's load order decide whether a value
// exists yet when a module's top level reads it.
import { join } from 'node:path';
import { findCycles, importGraph, importsOf } from './import-graph';

const ROOT = join(__dirname, '..', '..');

describe('the import graph of src/', () => {
  it('has no cycle', () => {
    const graph = importGraph(ROOT, 'src');
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get(join('src', 'server', 'background.ts'))).toContain(join('src', 'server', 'background-work.ts'));
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});

describe('the cycle finder', () => {
  const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

  it('names each cycle along its modules', () => {
    const cycles = findCycles(graph({ a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'] }));
    expect(cycles).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
  });

  it('finds none in a graph where modules share imports without a loop', () => {
    expect(findCycles(graph({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }))).toEqual([]);
  });

  it('reads imports, type imports, re-exports and multi-line imports, not packages', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "import { type H, h } from './h';",
      "export type { I } from './i';",
      'import {',
      '  c,',
      '  d,',
      "} from './cd';",
      "export { e } from './e';",
      "export * from './f';",
      "import './g';",
      "import tseslint from 'typescript-eslint';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['./a', '../b', './h', './i', './cd', './e', './f', './g']);
  });
});
