import type { RegisteredRoute } from './routeGuard';

export const INDEX_START = '<!-- route-index:start (generated from the route table; see routeIndex.test.ts) -->';
export const INDEX_END = '<!-- route-index:end -->';

/** The module a path belongs to: `/api/merchant/device/addDevice` -> `device`. */
const areaOf = (url: string) =>
  url.startsWith('/sqdApi/') ? 'sqdApi' : url.replace(/^\/api\/(merchant\/)?/, '').split('/')[0];

function who(r: RegisteredRoute): string {
  if (r.public) return 'public';
  const staff =
    r.permitUrl === null
      ? 'any signed-in user'
      : [r.permitUrl, ...r.alsoPermitUrls].map((u) => `\`${u}\``).join(' or ');
  // data-screen accounts may call these and no other route (screenAccounts/screenRoutes.test.ts walks them all)
  return r.screenAccess ? `${staff}; data screens` : staff;
}

/**
 * Every /api and /sqdApi route as a Markdown table per area, from the live route table, so API.md can never
 * miss a route: the test compares this with the file and names what changed.
 */
export function renderRouteIndex(routes: readonly RegisteredRoute[]): string {
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  const areas = new Map<string, RegisteredRoute[]>();
  for (const r of sorted) {
    const area = areaOf(r.url);
    areas.set(area, [...(areas.get(area) ?? []), r]);
  }
  const out: string[] = [];
  for (const [area, list] of [...areas].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`### ${area}`, '', '| method | path | permission | input |', '| --- | --- | --- | --- |');
    for (const r of list) {
      const input = [...r.queryKeys, ...r.bodyKeys].map((k) => `\`${k}\``).join(', ') || '–';
      out.push(`| ${r.method} | \`${r.url}\` | ${who(r)} | ${input} |`);
    }
    out.push('');
  }
  return out.join('\n').trimEnd();
}

/** Puts `index` between the markers of `doc` (which must have both). */
export function replaceRouteIndex(doc: string, index: string): string {
  const start = doc.indexOf(INDEX_START);
  const end = doc.indexOf(INDEX_END);
  if (start < 0 || end < start) throw new Error('docs/API.md lacks the route-index markers');
  return `${doc.slice(0, start + INDEX_START.length)}\n\n${index}\n\n${doc.slice(end)}`;
}
