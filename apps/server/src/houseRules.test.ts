import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Rules of the house that no single module's tests see: source files stay small enough to read
 * (tests and end-to-end tests too), and relative imports never go round in a circle (a circle makes
 * start-up order matter and one half see the other's exports as undefined). Type-only imports count
 * too: they vanish at run time, but a circle of types is still two files that cannot be read apart.
 */
const ROOT = resolve(__dirname, '../../..');
const MAX_LINES = 450;

function sourceRoots(): string[] {
  const packages = readdirSync(join(ROOT, 'packages')).map((p) => join('packages', p, 'src'));
  return ['apps/server/src', 'apps/web/src', 'apps/web/e2e', ...packages].filter((d) => existsSync(join(ROOT, d)));
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path, out);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const files = sourceRoots().flatMap((d) => walk(join(ROOT, d)));
const rel = (f: string) => relative(ROOT, f);

/** `import ... from './x'`, `export ... from './x'` and `import './x'`; dynamic `import()` is lazy by design. */
const IMPORT = /^\s*(?:import|export)\s+(?:([^'";]*?)\s+from\s+)?['"](\.{1,2}\/[^'"]*)['"]/gm;

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps: string[] = [];
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, m[2]);
      if (target && /\.tsx?$/.test(target)) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan), each a circle or several. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, order.get(w) as number));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(rel(w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return found;
}

describe('house rules', () => {
  it('reads the server, the console and every package', () => {
    expect(files.some((f) => rel(f).startsWith('apps/server/src/'))).toBe(true);
    expect(files.some((f) => rel(f).startsWith('apps/web/src/'))).toBe(true);
    expect(files.some((f) => rel(f).startsWith('packages/contracts/src/'))).toBe(true);
  });

  it('finds a circle when there is one', () => {
    const a = join(ROOT, 'a.ts');
    const b = join(ROOT, 'b.ts');
    const c = join(ROOT, 'c.ts');
    const graph = new Map([
      [a, [b]],
      [b, [a, c]],
      [c, []],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts']]);
  });

  it('has no import circle among relative imports', () => {
    expect(circles(importGraph())).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines, tests included`, () => {
    const long = files
      .map((f) => ({ file: rel(f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines} lines`);
    expect(long).toEqual([]);
  });
});
