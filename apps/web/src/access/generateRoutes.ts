import { type DeviceClassFlags, type PermitEntry, SCREEN_ROLE, TAG_TO_FLAG } from '@farmpark/contracts';
import type { AppRoute } from '../config/routeTypes';

export const ADMIN_ROLE = 'admin';

const onlyForScreens = (r: AppRoute) => r.meta.roles?.length === 1 && r.meta.roles[0] === SCREEN_ROLE;

/**
 * A data-screen account gets the routes made for it and the hidden helpers (refresh, password),
 * nothing else: its menu is its screens page alone.
 */
export function screenAccountRoutes(fixed: readonly AppRoute[]): AppRoute[] {
  return fixed.filter((r) => r.meta.roles?.includes(SCREEN_ROLE) || (r.hidden && !r.meta.roles)).map((r) => ({ ...r }));
}

export interface AccessInput {
  roles: readonly string[];
  /** Nested permission list of the session (SPEC §3). */
  permitList: readonly PermitEntry[];
  /** Device class flags of the active park. */
  flags: DeviceClassFlags;
  permissionRoutes: readonly AppRoute[];
  fixedRoutes: readonly AppRoute[];
}

export interface AccessResult {
  /** Everything the user may open. */
  routes: AppRoute[];
  /** What the sidebar shows. */
  menu: AppRoute[];
}

export function flattenPermitList(list: readonly PermitEntry[]): string[] {
  return list.flatMap((e) => [e.permitUrl, ...flattenPermitList(e.permitList ?? [])]);
}

/**
 * Keeps catalogue routes whose permitUrl is in the list. The server sends the list already closed
 * (contracts permitTree: a granted section lists its pages, a granted page its ancestors), so the
 * match is exact: widening here would hand a page's siblings to whoever may see one page.
 */
export function filterByPermits(routes: readonly AppRoute[], granted: ReadonlySet<string>): AppRoute[] {
  return routes
    .filter((r) => r.permitUrl !== undefined && granted.has(r.permitUrl))
    .map((r) => (r.children ? { ...r, children: filterByPermits(r.children, granted) } : { ...r }));
}

/** SPEC §6: a fixed route with meta.roles is kept only for those roles. */
export function filterByRoles(routes: readonly AppRoute[], roles: readonly string[]): AppRoute[] {
  return routes
    .filter((r) => !r.meta.roles || r.meta.roles.some((role) => roles.includes(role)))
    .map((r) => (r.children ? { ...r, children: filterByRoles(r.children, roles) } : { ...r }));
}

export function hiddenByType(route: AppRoute, flags: DeviceClassFlags): boolean {
  return route.meta.type !== undefined && !flags[TAG_TO_FLAG[route.meta.type]];
}

/** SPEC §2: each section redirects to its first child; the first one the menu shows wins. */
export function withRedirects(routes: readonly AppRoute[], flags: DeviceClassFlags): AppRoute[] {
  return routes.map((r) => {
    if (!r.children) return r;
    const children = withRedirects(r.children, flags);
    const first =
      children.find((c) => !c.hidden && !hiddenByType(c, flags)) ?? children.find((c) => !c.hidden) ?? children[0];
    return { ...r, children, redirect: first?.path };
  });
}

/**
 * The menu: hidden routes leave; routes of device classes the park lacks leave; a section emptied
 * by that filtering leaves too. A node whose remaining children are all hidden (device-mgt) stays
 * as a single entry.
 */
export function buildMenu(routes: readonly AppRoute[], flags: DeviceClassFlags): AppRoute[] {
  const out: AppRoute[] = [];
  for (const r of routes) {
    if (r.hidden || hiddenByType(r, flags)) continue;
    if (!r.children) {
      out.push(r);
      continue;
    }
    const kept = r.children.filter((c) => !hiddenByType(c, flags));
    if (kept.length === 0) continue;
    const visible = buildMenu(kept, flags);
    if (visible.length > 0) out.push({ ...r, children: visible });
    else if (kept.every((c) => c.hidden)) out.push({ ...r, children: undefined });
  }
  return out;
}

/**
 * SPEC §6: admin gets every permission route; other roles those in their permission list. Fixed routes
 * follow meta.roles; a data-screen account (role `screen`, no permissions) gets only its own routes.
 */
export function generateRoutes(input: AccessInput): AccessResult {
  const isAdmin = input.roles.includes(ADMIN_ROLE);
  const permitted = isAdmin
    ? input.permissionRoutes.map((r) => ({ ...r }))
    : filterByPermits(input.permissionRoutes, new Set(flattenPermitList(input.permitList)));
  const fixed = input.roles.includes(SCREEN_ROLE)
    ? screenAccountRoutes(input.fixedRoutes)
    : isAdmin
      ? input.fixedRoutes.filter((r) => !onlyForScreens(r)).map((r) => ({ ...r }))
      : filterByRoles(input.fixedRoutes, input.roles);
  const routes = withRedirects([...fixed, ...permitted], input.flags);
  return { routes, menu: buildMenu(routes, input.flags) };
}
