// House rule: no import cycles in server/, client/ or shared/, type-only imports included (a cycle of
// types is still two files that cannot be read, moved or tested one without the other). The walk reads
// every static `import … from`, `export … from` and bare `import '…'` with a relative specifier.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['server', 'client', 'shared'];

type Graph = Map<string, string[]>;

/** The relative specifiers a source file imports or re-exports (comments are not code). */
export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\n])\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g)) found.push(m[1]!);
  for (const m of code.matchAll(/(?:^|[;\n])\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g)) found.push(m[1]!);
  return found;
}

/** Every cycle of the graph, each as its files (strongly connected components of more than one file, or a file importing itself). */
export function cyclesOf(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The import graph of the tree, by path from the repository root. */
function treeGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of FOLDERS.flatMap((f) => sourceFiles(join(ROOT, f)))) {
    const targets = importsOf(readFileSync(file, 'utf8'))
      .map((spec) => resolve(dirname(file), spec))
      .map((target) => [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')].find((c) => /\.tsx?$/.test(c) && existsSync(c)))
      .filter((t): t is string => t !== undefined)
      .map((t) => relative(ROOT, t));
    graph.set(relative(ROOT, file), targets);
  }
  return graph;
}

describe('import cycles', () => {
  it('reads every kind of import, type-only and multi-line ones too', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      'import {',
      '  c,',
      '  type C,',
      "} from './c.tsx';",
      "export { d } from './d.ts';",
      "export type { E } from './e.ts';",
      "import './side-effect.ts';",
      "import { ext } from 'react';",
      "// import { gone } from './comment.ts';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['./a.ts', '../b.ts', './c.tsx', './d.ts', './e.ts', './side-effect.ts']);
  });

  it('finds a cycle, however long, and nothing in a graph without one', () => {
    const cyclic: Graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(cyclesOf(cyclic)).toEqual(expect.arrayContaining([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]));
    expect(cyclesOf(cyclic)).toHaveLength(2);
    const acyclic: Graph = new Map([
      ['a.ts', ['b.ts', 'c.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', []],
    ]);
    expect(cyclesOf(acyclic)).toEqual([]);
  });

  it('has none in server/, client/ and shared/', () => {
    const graph = treeGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(cyclesOf(graph).map((files) => files.join(' ↔ '))).toEqual([]);
  });
});
