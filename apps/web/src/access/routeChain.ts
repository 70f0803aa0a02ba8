import type { AppRoute } from '../config/routeTypes';

/** The routes from the top of the tree down to the one at `pathname` (breadcrumb, title); empty when unknown. */
export function findRouteChain(routes: readonly AppRoute[], pathname: string): AppRoute[] {
  for (const r of routes) {
    if (r.path === pathname) return [r];
    if (r.children && pathname.startsWith(`${r.path}/`)) {
      const rest = findRouteChain(r.children, pathname);
      if (rest.length) return [r, ...rest];
    }
  }
  return [];
}

/** Every route of the tree in depth-first order. */
export function flattenRoutes(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children ?? [])]);
}
