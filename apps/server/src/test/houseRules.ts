import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Rules of the house that no single module's tests see (houseRules.test.ts checks them):
 * - source files stay small enough to read (tests and end-to-end tests too);
 * - relative imports never go round in a circle (a circle makes start-up order matter and one half see the
 *   other's exports as undefined). Type-only and lazy imports count too: two files that load each other
 *   cannot be read apart, whenever the loading happens;
 * - one door for data: queries only in repository files, tenant limits only through the scope modules.
 */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const MAX_LINES = 450;

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

export const files = sourceRoots().flatMap((d) => walk(join(ROOT, d)));
export const rel = (f: string) => relative(ROOT, f);

/**
 * `import ... from './x'`, `export ... from './x'`, `import './x'` and lazy `import('./x')`: a lazy import
 * breaks no start-up order, but two files that load each other still cannot be read apart.
 */
export const IMPORT =
  /^\s*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]*)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]*)['"]\s*\)/gm;

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps: string[] = [];
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2]);
      if (target && /\.tsx?$/.test(target)) deps.push(target);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan), each a circle or several. */
export function circles(graph: Map<string, string[]>): string[][] {
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

const SERVER = 'apps/server/src/';
/** Where queries may be written: repositories (`repo.ts`, `*Repo.ts`) and the database layer itself. */
const isRepository = (f: string) => /(^|\/)(repo|\w+Repo)\.ts$/.test(f) || f.startsWith(`${SERVER}db/`);
/** Code that sets up data rather than serving it: tests, their fixtures, the demo seed, the cluster harness. */
const isSetup = (f: string) =>
  /\.test\.ts$|(^|\/)\w*[fF]ixture\.ts$/.test(f) ||
  ['test/', 'demo/', 'cluster/harness/', 'db/migrations/'].some((d) => f.startsWith(SERVER + d));
const serverCode = () => files.map(rel).filter((f) => f.startsWith(SERVER) && !isSetup(f));

/** Lines of a file that match, as `file:line: text`. */
function offending(file: string, pattern: RegExp): string[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

/** A query built or run: Kysely's builders, or a value import of Kysely (its `sql` tag). Type imports are fine. */
export const QUERY =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\(|^import \{(?!\s*type\b)[^}]*\} from 'kysely'|^import (?!type\b)\w+.* from 'kysely'/;
/** A tenant filter written by hand (`where('x.merchant_id', '=', ...)`, `eb('group_id', 'in', ...)`). */
export const HAND_FILTER = /(['"`])(\w+\.)?(merchant_id|group_id)\1\s*,\s*['"](=|in|<>|!=|is|not in)['"]/;
/** A park check by hand: the caller's park list searched outside the scope modules. */
export const HAND_PARK_CHECK = /groupIds\??\.(includes|indexOf|some|find|filter)\(/;
const SCOPE_MODULES = [`${SERVER}db/scope.ts`, `${SERVER}db/tenantScope.ts`, `${SERVER}http/scope.ts`];

export function queriesOutsideRepositories(): string[] {
  return serverCode()
    .filter((f) => !isRepository(f))
    .flatMap((f) => offending(f, QUERY));
}

export function tenantChecksOutsideScope(): string[] {
  return serverCode()
    .filter((f) => !SCOPE_MODULES.includes(f))
    .flatMap((f) => [...offending(f, HAND_FILTER), ...offending(f, HAND_PARK_CHECK)]);
}

export function longFiles(): string[] {
  return files
    .map((f) => ({ file: rel(f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
    .filter((f) => f.lines > MAX_LINES)
    .map((f) => `${f.file}: ${f.lines} lines`);
}

// `npx tsx apps/server/src/test/houseRules.ts [path prefix]` lists what breaks the rules (under the prefix).
if (process.argv[1]?.endsWith('houseRules.ts')) {
  const under = process.argv[2] ?? '';
  const all = [
    ...circles(importGraph()).map((c) => `circle: ${c.join(' -> ')}`),
    ...queriesOutsideRepositories(),
    ...tenantChecksOutsideScope(),
    ...longFiles(),
  ];
  for (const line of all.filter((l) => l.includes(under))) console.log(line);
}
