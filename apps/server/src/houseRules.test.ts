import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  circles,
  files,
  HAND_FILTER,
  HAND_PARK_CHECK,
  IMPORT,
  importGraph,
  longFiles,
  MAX_LINES,
  QUERY,
  queriesOutsideRepositories,
  ROOT,
  rel,
  tenantChecksOutsideScope,
} from './test/houseRules';

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

  it('sees lazy imports and the lines that break the data rules', () => {
    const imports = (src: string) => [...src.matchAll(IMPORT)].map((m) => m[1] ?? m[2]);
    expect(imports("import { a } from './a';\nconst B = lazy(() => import('../b/index'));")).toEqual([
      './a',
      '../b/index',
    ]);
    expect(QUERY.test("  const rows = await db.selectFrom('devices').selectAll().execute();")).toBe(true);
    expect(QUERY.test("import { sql } from 'kysely';")).toBe(true);
    expect(QUERY.test("import type { Transaction } from 'kysely';")).toBe(false);
    expect(HAND_FILTER.test(".where('d.merchant_id', '=', scope.merchantId)")).toBe(true);
    expect(HAND_FILTER.test("eb('group_id', 'in', inList(ids))")).toBe(true);
    expect(HAND_FILTER.test(".innerJoin('groups as g', 'g.id', 'd.group_id')")).toBe(false);
    expect(HAND_PARK_CHECK.test('if (!who.groupIds.includes(groupId)) throw notFound()')).toBe(true);
  });

  it('has no import circle among relative imports', () => {
    expect(circles(importGraph())).toEqual([]);
  });

  it('runs queries only in repository files (a service never imports Kysely)', () => {
    expect(queriesOutsideRepositories()).toEqual([]);
  });

  it('limits tenant data only through the scope modules (scoped(), requirePark), never by hand', () => {
    expect(tenantChecksOutsideScope()).toEqual([]);
  });

  it(`has no source file over ${MAX_LINES} lines, tests included`, () => {
    expect(longFiles()).toEqual([]);
  });
});
