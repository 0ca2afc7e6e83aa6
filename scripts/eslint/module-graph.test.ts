import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// docs/architecture.md: the module graph is one-way. Every import between two modules (test
// files aside) is an edge; the commerce modules count as one (decision 027). Any cycle fails.
// Files within src do not import each other in a circle either, type-only imports included:
// a circle makes the load order decide what a module sees at start-up.

const ROOT = new URL('../../src/server/modules/', import.meta.url).pathname;
const SRC = new URL('../../src/', import.meta.url).pathname;
const GROUPS: Record<string, string> = {
  orders: 'commerce',
  payments: 'commerce',
  tickets: 'commerce',
};
const groupOf = (name: string) => GROUPS[name] ?? name;

function files(dir: string, pattern = /\.ts$/): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full, pattern);
    return pattern.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The file a relative specifier names, as the bundler resolves it; undefined outside src. */
function resolveFile(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => {
    try {
      return statSync(c).isFile();
    } catch {
      return false;
    }
  });
}

/** Every static import and re-export between two files of src (test files aside). */
function fileGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files(SRC, /\.tsx?$/)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    // Statements only: an example in a comment is not an import.
    for (const [, spec] of text.matchAll(/^\s*(?:import|export)\b[^;]*?from '(\.[^']+)'/gm)) {
      const target = resolveFile(file, spec as string);
      if (target && target !== file) targets.add(path.relative(SRC, target));
    }
    graph.set(path.relative(SRC, file), targets);
  }
  return graph;
}

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(ROOT)) {
    if (!statSync(path.join(ROOT, name)).isDirectory()) continue;
    for (const file of files(path.join(ROOT, name))) {
      const text = readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/from '(\.[^']+)'/g)) {
        const target = path.relative(ROOT, path.resolve(path.dirname(file), spec as string));
        const parts = target.split(path.sep);
        if (target.startsWith('..') || parts.length < 2) continue;
        const from = groupOf(name);
        const to = groupOf(parts[0] as string);
        if (from === to) continue;
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from)?.add(to);
      }
    }
  }
  return graph;
}

/** Strongly connected components of more than one module (Tarjan), each sorted. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w !== undefined) component.push(w);
      } while (w !== v && w !== undefined);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

it('has no cycle between modules', () => {
  expect(cycles(moduleGraph()).map((c) => c.join(' <-> '))).toEqual([]);
});

it('has no circle between files', () => {
  const graph = fileGraph();
  expect(graph.size).toBeGreaterThan(1000);
  expect(cycles(graph).map((c) => c.join(' <-> '))).toEqual([]);
});

it('finds a cycle when there is one', () => {
  const graph = new Map([
    ['a', new Set(['b'])],
    ['b', new Set(['c'])],
    ['c', new Set(['a'])],
    ['d', new Set(['a'])],
  ]);
  expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
});
