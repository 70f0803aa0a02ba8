import {
  AlertOutlined,
  CloudOutlined,
  ControlOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  HomeOutlined,
  QrcodeOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SettingOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { PERMISSION_CATALOGUE, type PermitNode, SCREEN_ROLE } from '@farmpark/contracts';
import type { ComponentType, ReactNode } from 'react';
import { lazyNamed, lazyPage } from '../router/lazyPage';
import ServerPage from '../router/ServerPage';
import type { AppRoute } from './routeTypes';

/**
 * The ONE route table (ARCHITECTURE "one route table drives router, menu, breadcrumb and guard").
 * Permission routes come from the catalogue in contracts, so server and console agree on every
 * permitUrl, title and device-type tag; this file adds what only the console knows: icons, the page
 * bound to each path and the fixed and public routes. No other file binds a page to a path.
 */

const SECTION_ICONS: Record<string, ReactNode> = {
  '/park': <EnvironmentOutlined />,
  '/irrigation': <ExperimentOutlined />,
  '/outdoorsEquipment': <CloudOutlined />,
  '/envControl': <ControlOutlined />,
  '/plantProtect': <SafetyOutlined />,
  '/videoEqui': <VideoCameraOutlined />,
  '/system': <SettingOutlined />,
  '/productionManagement': <ScheduleOutlined />,
  '/tracingCenter': <QrcodeOutlined />,
  '/alarm': <AlertOutlined />,
};

// Sections whose pages share one chunk and are named exports of the section's index.
const monitoring = (name: keyof typeof import('../pages/monitoring')) =>
  lazyNamed(() => import('../pages/monitoring'), name);
const ehc = (name: keyof typeof import('../pages/envControl/ehc')) =>
  lazyNamed(() => import('../pages/envControl/ehc'), name);
const irrigation = (name: keyof typeof import('../pages/irrigation')) =>
  lazyNamed(() => import('../pages/irrigation'), name);
const pests = (name: keyof typeof import('../pages/pests')) => lazyNamed(() => import('../pages/pests'), name);

/**
 * The page of each catalogue path. Every catalogue page has one, and a key that is not a catalogue path is
 * a mistake (config/routes.test.ts).
 */
export const CATALOGUE_PAGES: Record<string, ComponentType> = {
  '/park/parkInfo': lazyPage(() => import('../pages/park/parkInfo')),
  '/system/user-mgt': lazyPage(() => import('../pages/system/user-mgt')),
  '/system/system-log': lazyPage(() => import('../pages/system/system-log')),
  '/system/AccountManage': lazyPage(() => import('../pages/system/AccountManage')),
  '/system/LargeManage': lazyPage(() => import('../pages/system/LargeManage')),
  '/system/device-mgt/index': lazyPage(() => import('../pages/system/device-mgt')),
  '/system/device-mgt/group-var-sort': lazyPage(() => import('../pages/system/device-mgt/group-var-sort')),
  '/system/GisMap': lazyPage(() => import('../pages/system/GisMap')),
  '/alarm/alarmSet': lazyPage(() => import('../pages/alarm/alarmSet')),
  '/alarm/alarmList': lazyPage(() => import('../pages/alarm/alarmList')),
  '/alarm/alarmContacts': lazyPage(() => import('../pages/alarm/alarmContacts')),
  '/productionManagement/personnel': lazyPage(() => import('../pages/production/core/personnel')),
  '/productionManagement/plant': lazyPage(() => import('../pages/production/core/plant')),
  '/productionManagement/growthStage': lazyPage(() => import('../pages/production/core/growthStage')),
  '/productionManagement/pickToStorage': lazyPage(() => import('../pages/production/core/pickToStorage')),
  '/productionManagement/materiel': lazyPage(() => import('../pages/production/stock/materiel')),
  '/productionManagement/supplier': lazyPage(() => import('../pages/production/stock/supplier')),
  '/productionManagement/machinery': lazyPage(() => import('../pages/production/stock/machinery')),
  '/productionManagement/farmWork': lazyPage(() => import('../pages/production/stock/farmWork')),
  '/productionManagement/videoManagement': lazyPage(() => import('../pages/production/stock/videoManagement')),
  '/tracingCenter/rootsReport': lazyPage(() => import('../pages/tracing/report')),
  '/tracingCenter/rootBatch': lazyPage(() => import('../pages/tracing/batch')),
  '/tracingCenter/rootsProductCode': lazyPage(() => import('../pages/tracing/code')),
  '/tracingCenter/rootsTreeCode': lazyPage(() => import('../pages/tracing/tree')),
  '/outdoorsEquipment/weatherWatches/realTimeData': monitoring('WeatherRealtime'),
  '/outdoorsEquipment/weatherWatches/historicalData': monitoring('WeatherHistory'),
  '/outdoorsEquipment/weatherWatches/dataAnalysis': monitoring('WeatherAnalysis'),
  '/outdoorsEquipment/moistureMonitoring/realTimeData': monitoring('SoilRealtime'),
  '/outdoorsEquipment/moistureMonitoring/historicalData': monitoring('SoilHistory'),
  '/outdoorsEquipment/moistureMonitoring/dataAnalysis': monitoring('SoilAnalysis'),
  '/outdoorsEquipment/ehc/realTimeData': monitoring('EnvironmentRealtime'),
  '/outdoorsEquipment/ehc/historicalData': monitoring('EnvironmentHistory'),
  '/outdoorsEquipment/ehc/dataAnalysis': monitoring('EnvironmentAnalysis'),
  '/outdoorsEquipment/worm/deviceStatus': pests('WormDeviceStatus'),
  '/outdoorsEquipment/worm/imageAnalysis': pests('WormImageAnalysis'),
  '/outdoorsEquipment/worm/wormStatistical': pests('WormStatistical'),
  '/outdoorsEquipment/worm/wormTrend': pests('WormTrend'),
  '/outdoorsEquipment/worm/wormCategory': pests('WormCategory'),
  '/outdoorsEquipment/worm/HistoricalData': pests('WormHistory'),
  '/outdoorsEquipment/worm/operationRecord': pests('WormOperationRecord'),
  '/outdoorsEquipment/spore/deviceStatus': pests('SporeDeviceStatus'),
  '/outdoorsEquipment/spore/imageAnalysis': pests('SporeImageAnalysis'),
  '/outdoorsEquipment/spore/HistoricalData': pests('SporeHistory'),
  '/outdoorsEquipment/spore/operationRecord': pests('SporeOperationRecord'),
  '/envControl/ehc/realTimeData': ehc('EhcRealtime'),
  '/envControl/ehc/historicalData': ehc('EhcHistory'),
  '/envControl/ehc/operationRecord': ehc('EhcOperationRecord'),
  '/envControl/ehc/dataAnalysis': ehc('EhcAnalysis'),
  '/plantProtect/insecticidalLamp/realTimeData': lazyPage(() => import('../pages/plantProtect/insecticidalLamp')),
  '/irrigation/irrigationSystem/listOfEquipment': irrigation('SystemEquipment'),
  '/irrigation/irrigationSystem/historicalData': irrigation('SystemHistory'),
  '/irrigation/irrigationSystem/operationRecord': irrigation('SystemOperation'),
  '/irrigation/irrigationSystem/runningRecord': irrigation('SystemRunning'),
  '/irrigation/irrigationController/realTimeData': irrigation('ControllerRealtime'),
  '/irrigation/irrigationController/historicalData': irrigation('ControllerHistory'),
  '/irrigation/irrigationController/operationRecord': irrigation('ControllerOperation'),
  '/irrigation/irrigationController/dataAnalysis': irrigation('ControllerAnalysis'),
  '/irrigation/irrigationAuto/realTimeData': irrigation('AutoRealtime'),
  '/irrigation/irrigationAuto/historicalData': irrigation('AutoHistory'),
  '/irrigation/irrigationAuto/operationRecord': irrigation('AutoOperation'),
  '/irrigation/irrigationAuto/dataAnalysis': irrigation('AutoAnalysis'),
  '/irrigation/irrigationAuto/smartIrrigation': irrigation('AutoSmart'),
  '/irrigation/valve/realTimeData': irrigation('ValveRealtime'),
  '/irrigation/valve/operationRecord': irrigation('ValveOperation'),
  '/videoEqui/seedling': lazyPage(() => import('../pages/video/seedling')),
  '/videoEqui/video': lazyNamed(() => import('../pages/video/wall'), 'VideoWall'),
  '/videoEqui/disaster': lazyNamed(() => import('../pages/video/wall'), 'DisasterWall'),
  '/system/video-setup': lazyPage(() => import('../pages/video/setup')),
};

function fromCatalogue(node: PermitNode): AppRoute {
  const route: AppRoute = {
    path: node.permitUrl,
    name: node.name,
    permitUrl: node.permitUrl,
    meta: { title: node.title, icon: SECTION_ICONS[node.permitUrl], type: node.type },
  };
  if (node.hidden) route.hidden = true;
  if (node.children?.length) {
    route.alwaysShow = true;
    route.children = node.children.map(fromCatalogue);
  } else {
    route.component = CATALOGUE_PAGES[node.permitUrl];
  }
  return route;
}

export const PERMISSION_ROUTES: readonly AppRoute[] = PERMISSION_CATALOGUE.map(fromCatalogue);

/** Inside the layout for every signed-in user (filtered by meta.roles for non-admins). */
export const FIXED_ROUTES: readonly AppRoute[] = [
  {
    path: '/dashboard',
    name: 'dashboard',
    meta: { title: { zh: '首页', en: 'Home' }, icon: <HomeOutlined /> },
    component: lazyPage(() => import('../pages/dashboard')),
  },
  {
    // A data-screen account's home sits at the home path, so every "home" link works for it too.
    path: '/dashboard',
    name: 'screenHome',
    meta: { title: { zh: '数据大屏', en: 'Data screens' }, icon: <DesktopOutlined />, roles: [SCREEN_ROLE] },
    component: lazyPage(() => import('../pages/screens')),
  },
  {
    path: '/user/password',
    name: 'password',
    hidden: true,
    meta: { title: { zh: '修改密码', en: 'Change password' } },
    component: lazyPage(() => import('../pages/user/password')),
  },
  {
    path: '/refresh',
    name: 'refresh',
    hidden: true,
    meta: { title: { zh: '刷新', en: 'Refresh' } },
    component: lazyPage(() => import('../pages/refresh/RefreshRedirect')),
  },
  {
    path: '/refresh/index',
    name: 'refreshIndex',
    hidden: true,
    meta: { title: { zh: '刷新', en: 'Refresh' } },
    component: lazyPage(() => import('../pages/refresh')),
  },
];

/** Full-screen routes outside the layout; they need a session. */
export const STANDALONE_ROUTES: readonly AppRoute[] = [
  {
    path: '/large-screen',
    name: 'largeScreen',
    hidden: true,
    meta: { title: { zh: '数据大屏', en: 'Data screen' } },
    component: lazyNamed(() => import('../pages/largeScreen'), 'DarkScreen'),
  },
  {
    path: '/large-screen-tint',
    name: 'largeScreenTint',
    hidden: true,
    meta: { title: { zh: '数据大屏（浅色）', en: 'Data screen (light)' } },
    component: lazyNamed(() => import('../pages/largeScreen'), 'TintScreen'),
  },
  {
    path: '/large-screen-multi',
    name: 'largeScreenMulti',
    hidden: true,
    meta: { title: { zh: '多园区数据大屏', en: 'Multi-park data screen' } },
    component: lazyNamed(() => import('../pages/largeScreen'), 'DarkMultiScreen'),
  },
];

/** SPEC §2 public routes (see config/publicPaths.ts for which skip the token check). */
export const PUBLIC_ROUTES: readonly AppRoute[] = [
  {
    path: '/login',
    name: 'login',
    hidden: true,
    meta: { title: { zh: '登录', en: 'Sign in' } },
    component: lazyPage(() => import('../pages/login')),
  },
  {
    path: '/testing',
    name: 'testing',
    hidden: true,
    meta: { title: { zh: '设备调试', en: 'Device debugging' } },
    component: lazyPage(() => import('../pages/testing')),
  },
  {
    path: '/OC',
    name: 'OC',
    hidden: true,
    meta: { title: { zh: '溯源详情', en: 'Traceability detail' } },
    component: ServerPage,
  },
  {
    path: '/TC',
    name: 'TC',
    hidden: true,
    meta: { title: { zh: '一树一码', en: 'One tree one code' } },
    component: ServerPage,
  },
  {
    path: '/download-app',
    name: 'downloadApp',
    hidden: true,
    meta: { title: { zh: 'App 下载', en: 'App download' } },
    component: lazyPage(() => import('../pages/download-app')),
  },
  {
    path: '/404',
    name: 'notFound',
    hidden: true,
    meta: { title: { zh: '页面不存在', en: 'Page not found' } },
    component: lazyPage(() => import('../pages/404')),
  },
];
