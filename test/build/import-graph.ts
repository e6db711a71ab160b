// The import graph of the TypeScript sources, read with a regular expression (relative imports and re-exports, of
// types too: a cycle through types alone still ties the modules into one), and the cycles in it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Module (path relative to the root, with its extension) -> the modules it imports. */
export type ImportGraph = Map<string, string[]>;

const IMPORT = /^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The relative specifiers a source file imports or re-exports from. */
export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => match[1]);
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The graph of every .ts file under `directory`, paths relative to `root`. */
export function importGraph(root: string, directory: string): ImportGraph {
  const files = sourceFiles(join(root, directory));
  const known = new Set(files.map((file) => relative(root, file)));
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const targets = importsOf(readFileSync(file, 'utf8')).flatMap((specifier) => {
      const base = relative(root, resolve(dirname(file), specifier));
      return [`${base}.ts`, join(base, 'index.ts')].filter((candidate) => known.has(candidate)).slice(0, 1);
    });
    graph.set(relative(root, file), targets);
  }
  return graph;
}

/** Every cycle once, each as the modules along it with the first repeated at the end; [] when there is none. */
export function findCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (module: string) => {
    seen.add(module);
    path.push(module);
    for (const next of graph.get(module) ?? []) {
      if (!seen.has(next)) visit(next);
      else if (!done.has(next)) cycles.push([...path.slice(path.indexOf(next)), next]);
    }
    path.pop();
    done.add(module);
  };
  for (const module of [...graph.keys()].sort()) if (!seen.has(module)) visit(module);
  return cycles;
}
