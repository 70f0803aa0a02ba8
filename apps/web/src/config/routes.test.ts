import { PERMISSION_CATALOGUE, type PermitNode } from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { flattenRoutes } from '../access/routeChain';
import { PUBLIC_PATHS, SKIP_CHECK_PATHS } from './publicPaths';
import { CATALOGUE_PAGES, FIXED_ROUTES, PERMISSION_ROUTES, PUBLIC_ROUTES, STANDALONE_ROUTES } from './routes';

const leaves = (nodes: readonly PermitNode[]): string[] =>
  nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n.permitUrl]));

describe('the route table', () => {
  it('binds pages only to catalogue pages, so no binding is silently unreachable', () => {
    const catalogue = new Set(leaves(PERMISSION_CATALOGUE));
    expect(Object.keys(CATALOGUE_PAGES).filter((path) => !catalogue.has(path))).toEqual([]);
  });

  it('gives every catalogue page its bound page and every section none', () => {
    for (const route of flattenRoutes(PERMISSION_ROUTES)) {
      if (route.children) expect(route.component, route.path).toBeUndefined();
      else expect(route.component, route.path).toBe(CATALOGUE_PAGES[route.path]);
    }
    expect(leaves(PERMISSION_CATALOGUE).filter((path) => !CATALOGUE_PAGES[path])).toEqual([]);
  });

  it('has one route per path and name outside the catalogue, each with a page and a title in both languages', () => {
    const outside = [...PUBLIC_ROUTES, ...STANDALONE_ROUTES];
    expect(new Set(outside.map((r) => r.path)).size).toBe(outside.length);
    const named = [...outside, ...FIXED_ROUTES].map((r) => r.name);
    expect(new Set(named).size).toBe(named.length);
    for (const r of [...outside, ...FIXED_ROUTES]) {
      expect(r.component, r.path).toBeDefined();
      expect(r.meta.title.zh && r.meta.title.en, r.path).toBeTruthy();
    }
  });

  it('lets the guard open without a token exactly the public routes', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(PUBLIC_ROUTES.map((r) => r.path).sort());
    expect(SKIP_CHECK_PATHS.every((p) => PUBLIC_PATHS.includes(p))).toBe(true);
  });
});
