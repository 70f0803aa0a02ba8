import {
  DEVICE_CLASS_FLAGS,
  type DeviceClassFlags,
  emptyFlags,
  PERMISSION_CATALOGUE,
  permitTree,
} from '@farmpark/contracts';
import { describe, expect, it } from 'vitest';
import { FIXED_ROUTES, PERMISSION_ROUTES } from '../config/routes';
import type { AppRoute } from '../config/routeTypes';
import { buildMenu, generateRoutes } from './generateRoutes';
import { findRouteChain, flattenRoutes } from './routeChain';

const allFlags = () => Object.fromEntries(DEVICE_CLASS_FLAGS.map((f) => [f, true])) as DeviceClassFlags;
const paths = (routes: readonly AppRoute[]) => routes.map((r) => r.path);
const base = { permissionRoutes: PERMISSION_ROUTES, fixedRoutes: FIXED_ROUTES };

describe('generateRoutes', () => {
  it('gives admin every catalogue route plus the fixed routes, whatever the permission list says', () => {
    const { routes, menu } = generateRoutes({ ...base, roles: ['admin'], permitList: [], flags: allFlags() });
    const staffFixed = FIXED_ROUTES.filter((r) => r.name !== 'screenHome');
    expect(paths(routes)).toEqual([...paths(staffFixed), ...PERMISSION_CATALOGUE.map((n) => n.permitUrl)]);
    expect(paths(menu)).toEqual(['/dashboard', ...PERMISSION_CATALOGUE.map((n) => n.permitUrl)]);
  });

  it('gives other roles only the routes of their permission list', () => {
    const permitList = permitTree(['/park/parkInfo', '/alarm/alarmList']);
    const { routes, menu } = generateRoutes({ ...base, roles: ['operator'], permitList, flags: allFlags() });
    const all = paths(flattenRoutes(routes));
    expect(all).toContain('/park/parkInfo');
    expect(all).toContain('/alarm/alarmList');
    expect(all).not.toContain('/alarm/alarmSet');
    expect(all).not.toContain('/system');
    expect(paths(menu)).toEqual(['/dashboard', '/park', '/alarm']);
    expect(paths(menu[2].children ?? [])).toEqual(['/alarm/alarmList']);
    expect(routes.find((r) => r.path === '/alarm')?.redirect).toBe('/alarm/alarmList');
  });

  it('a section granted with all its pages shows them all', () => {
    const permitList = permitTree(['/tracingCenter']);
    const { routes } = generateRoutes({ ...base, roles: ['r'], permitList, flags: allFlags() });
    const tracing = routes.find((r) => r.path === '/tracingCenter');
    expect(tracing?.children).toHaveLength(4);
  });

  it('a section listed without pages gives no pages and no menu entry', () => {
    const permitList = [{ permitUrl: '/tracingCenter', permitList: [] }];
    const { routes, menu } = generateRoutes({ ...base, roles: ['r'], permitList, flags: allFlags() });
    expect(routes.find((r) => r.path === '/tracingCenter')?.children).toEqual([]);
    expect(paths(menu)).toEqual(['/dashboard']);
  });

  it('filters fixed routes by meta.roles for non-admins only', () => {
    const fixed: AppRoute[] = [
      { path: '/dashboard', name: 'dashboard', meta: { title: { zh: '首页', en: 'Home' } } },
      { path: '/audit', name: 'audit', meta: { title: { zh: '审计', en: 'Audit' }, roles: ['auditor'] } },
    ];
    const run = (roles: string[]) =>
      paths(
        generateRoutes({ permissionRoutes: [], fixedRoutes: fixed, roles, permitList: [], flags: allFlags() }).routes,
      );
    expect(run(['operator'])).toEqual(['/dashboard']);
    expect(run(['auditor'])).toEqual(['/dashboard', '/audit']);
    expect(run(['admin'])).toEqual(['/dashboard', '/audit']);
  });

  it('gives a data-screen account its screens page at home and the hidden helpers, nothing else', () => {
    const { routes, menu } = generateRoutes({ ...base, roles: ['screen'], permitList: [], flags: allFlags() });
    expect(routes.map((r) => r.name)).toEqual(['screenHome', 'password', 'refresh', 'refreshIndex']);
    expect(menu.map((r) => [r.path, r.name])).toEqual([['/dashboard', 'screenHome']]);
    // and no staff user ever gets the screens page in its place
    for (const roles of [['admin'], ['operator']]) {
      const staff = generateRoutes({ ...base, roles, permitList: [], flags: allFlags() }).routes;
      expect(staff.filter((r) => r.path === '/dashboard').map((r) => r.name)).toEqual(['dashboard']);
    }
  });

  it('hides device-class routes the park lacks and drops sections left empty, but keeps them routable', () => {
    const flags = { ...emptyFlags(), weather: true };
    const { routes, menu } = generateRoutes({ ...base, roles: ['admin'], permitList: [], flags });
    const menuPaths = paths(flattenRoutes(menu));
    expect(menuPaths).not.toContain('/irrigation');
    expect(menuPaths).not.toContain('/envControl');
    expect(menuPaths).not.toContain('/plantProtect');
    expect(menuPaths).toContain('/outdoorsEquipment/weatherWatches/realTimeData');
    expect(menuPaths).not.toContain('/outdoorsEquipment/moistureMonitoring');
    expect(menuPaths).not.toContain('/outdoorsEquipment/worm');
    expect(menuPaths).toContain('/videoEqui/video');
    expect(paths(flattenRoutes(routes))).toContain('/irrigation/valve/realTimeData');
    const outdoors = routes.find((r) => r.path === '/outdoorsEquipment');
    expect(outdoors?.redirect).toBe('/outdoorsEquipment/weatherWatches');
  });

  it('keeps hidden routes routable but out of the menu', () => {
    const { routes, menu } = generateRoutes({ ...base, roles: ['admin'], permitList: [], flags: allFlags() });
    const routable = paths(flattenRoutes(routes));
    expect(routable).toContain('/system/device-mgt/index');
    expect(routable).toContain('/system/device-mgt/group-var-sort');
    expect(routable).toContain('/user/password');
    const inMenu = flattenRoutes(menu);
    expect(paths(inMenu)).not.toContain('/system/device-mgt/index');
    expect(paths(inMenu)).not.toContain('/user/password');
    const deviceMgt = inMenu.find((r) => r.path === '/system/device-mgt');
    expect(deviceMgt?.children).toBeUndefined();
    expect(deviceMgt?.redirect).toBe('/system/device-mgt/index');
  });
});

describe('buildMenu', () => {
  it('drops a section whose only children are filtered by type', () => {
    const section: AppRoute = {
      path: '/s',
      name: 's',
      meta: { title: { zh: 's', en: 's' } },
      children: [{ path: '/s/a', name: 'a', meta: { title: { zh: 'a', en: 'a' }, type: 'baozi' } }],
    };
    expect(buildMenu([section], emptyFlags())).toEqual([]);
    expect(buildMenu([section], { ...emptyFlags(), spore: true })).toHaveLength(1);
  });
});

describe('findRouteChain', () => {
  it('walks from the section down to the page', () => {
    const chain = findRouteChain(PERMISSION_ROUTES, '/irrigation/valve/operationRecord');
    expect(chain.map((r) => r.meta.title.en)).toEqual(['Irrigation', 'Valve controller', 'Operation log']);
    expect(findRouteChain(PERMISSION_ROUTES, '/nope')).toEqual([]);
  });
});
