/**
 * No module imports itself back at load time (issue 15: "no import cycles"). Only imports that exist at run time
 * count: `import type`, `export type` and braces of `type` names only are erased by tsc, and a dynamic `import()`
 * loads later, so none of them can make a module see another half-initialised. Checked on the sources (src, bench, fuzz, test,
 * scripts), so it needs no build, and it fails naming the modules of each cycle.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const STATIC_IMPORT = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"](\.[^'"]+)['"]|^\s*import\s+['"](\.[^'"]+)['"]/gm;

/** The relative specifiers a module's text loads at run time. */
export const runtimeImports = (text: string): string[] => {
  const out: string[] = [];
  for (const m of text.matchAll(STATIC_IMPORT)) {
    if (m[5] !== undefined) {
      out.push(m[5]);
      continue;
    }
    if (m[2] !== undefined) continue; // import type / export type
    const clause = m[3]!.trim();
    const braces = /^\{([\s\S]*)\}$/.exec(clause);
    if (braces !== null) {
      const names = braces[1]!.split(',').map((s) => s.trim()).filter((s) => s !== '');
      if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    }
    out.push(m[4]!);
  }
  return out;
};

/** Strongly connected components of more than one module, or a module importing itself (Tarjan). */
export const cycles = (graph: Map<string, string[]>): string[][] => {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
};

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });

const moduleGraph = (): Map<string, string[]> => {
  const graph = new Map<string, string[]>();
  for (const file of ['src', 'bench', 'scripts', 'fuzz', 'test'].flatMap((d) => sources(join(root, d)))) {
    const deps = runtimeImports(readFileSync(file, 'utf8')).map((spec) =>
      relative(root, resolve(dirname(file), spec.replace(/\.js$/, '.ts'))),
    );
    graph.set(relative(root, file), deps);
  }
  return graph;
};

describe('import cycles', () => {
  it('reads run-time imports and skips type-only ones', () => {
    const text = [
      "import { a, type B } from './a.js';",
      "import type { C } from './c.js';",
      "import { type D, type E } from './d.js';",
      "export { f } from './f.js';",
      "export type { G } from './g.js';",
      "import './side.js';",
      "import * as h from './h.js';",
      "import {\n  i,\n  j,\n} from './ij.js';",
      "const k = await import('./k.js');",
      "import { readFileSync } from 'node:fs';",
    ].join('\n');
    expect(runtimeImports(text)).toEqual(['./a.js', './f.js', './side.js', './h.js', './ij.js']);
  });

  it('finds a cycle of three and a self-import, and nothing in a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('src, bench, scripts, fuzz and test load without a cycle', () => {
    const graph = moduleGraph();
    expect(graph.size).toBeGreaterThan(100);
    const unresolved = [...graph].flatMap(([from, deps]) => deps.filter((d) => !graph.has(d)).map((d) => `${from} -> ${d}`));
    expect(unresolved).toEqual([]);
    expect(cycles(graph)).toEqual([]);
  });
});
