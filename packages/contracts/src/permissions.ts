import type { TypeTag } from './deviceClasses';

/**
 * The permission catalogue: one entry per menu route of SPEC §2, nested as the menu is.
 * `permitUrl` is the route's full path; a role grants a set of them, the server enforces them per
 * API route, and the console builds its menu from them. Titles live here (not only in the console)
 * because the server shows them too: role editor trees, system log.
 */
export interface PermitNode {
  permitUrl: string;
  /** Route name of SPEC §2. */
  name: string;
  title: { zh: string; en: string };
  /** Device type tag: hidden when the active park has no device of that class (inherited by children). */
  type?: TypeTag;
  /** Routable but never shown in the menu (SPEC: device-mgt index and group-var-sort). */
  hidden?: boolean;
  children?: PermitNode[];
}

/**
 * One route a row, in menu order: its name with a leading dot per level below a section (`.parkInfo` is a
 * page of the section above it, `..realTimeData` a page of that page), its titles, and for a device group
 * its type tag (`hidden` for a routable page the menu never shows). Pages many device groups share give
 * only their name; their titles are in SHARED.
 */
type Row = [name: string, zh?: string, en?: string, tag?: TypeTag | 'hidden'];

const SHARED: Record<string, [zh: string, en: string]> = {
  realTimeData: ['实时数据', 'Real-time data'],
  historicalData: ['历史数据', 'Historical data'],
  operationRecord: ['操作记录', 'Operation record'],
  dataAnalysis: ['数据分析', 'Data analysis'],
  HistoricalData: ['历史数据', 'Historical data'],
  deviceStatus: ['设备状态', 'Device status'],
  imageAnalysis: ['图片分析', 'Image analysis'],
};

/** Pages of a device group that other groups have too (their titles are in SHARED). */
const pages = (...names: string[]): Row[] => names.map((n) => [`..${n}`]);
const MONITOR = pages('realTimeData', 'historicalData', 'dataAnalysis');
const CONTROL = pages('realTimeData', 'historicalData', 'operationRecord', 'dataAnalysis');

const MENU: Row[] = [
  ['park', '园区管理', 'Park management'],
  ['.parkInfo', '园区信息', 'Park information'],
  ['irrigation', '灌溉管理', 'Irrigation'],
  ['.irrigationSystem', '水肥一体机', 'Water-fertiliser machine', 'shuifei'],
  ['..listOfEquipment', '设备列表', 'Equipment'],
  ...pages('historicalData', 'operationRecord'),
  ['..runningRecord', '运行记录', 'Running record'],
  ['.irrigationController', '灌溉控制器', 'Irrigation controller', 'shuifei'],
  ...CONTROL,
  ['.irrigationAuto', '智能灌溉机', 'Smart machine', 'shuifei'],
  ...CONTROL,
  ['..smartIrrigation', '智能灌溉', 'Smart irrigation'],
  ['.valve', '阀门控制器', 'Valve controller', 'shuifei'],
  ['..realTimeData'],
  ['..operationRecord', '操作日志', 'Operation log'],
  ['outdoorsEquipment', '户外四情监测', 'Outdoor monitoring'],
  ['.weatherWatches', '气象监测', 'Weather', 'qixiang'],
  ...MONITOR,
  ['.moistureMonitoring', '墒情监测', 'Soil moisture', 'turang'],
  ...MONITOR,
  ['.ehc', '环境监测', 'Environment', 'envi'],
  ...MONITOR,
  ['.worm', '虫情监测', 'Pest monitoring', 'chongqing'],
  ...pages('deviceStatus', 'imageAnalysis'),
  ['..wormStatistical', '虫情统计', 'Pest statistics'],
  ['..wormTrend', '虫情趋势', 'Pest trend'],
  ['..wormCategory', '虫害类别管理', 'Pest categories'],
  ...pages('HistoricalData', 'operationRecord'),
  ['.spore', '孢子监测', 'Spore monitoring', 'baozi'],
  ...pages('deviceStatus', 'imageAnalysis'),
  ...pages('HistoricalData', 'operationRecord'),
  ['envControl', '环境控制', 'Environment control'],
  ['.ehc', '控制柜', 'Control cabinet', 'envi'],
  ...CONTROL,
  ['plantProtect', '植保管理', 'Plant protection'],
  ['.insecticidalLamp', '杀虫灯', 'Insecticidal lamp', 'shachongdeng'],
  ...pages('realTimeData'),
  ['videoEqui', '视频监控', 'Video'],
  ['.seedling', '苗情图片', 'Seedling pictures'],
  ['.disaster', '灾情视频', 'Disaster video'],
  ['.video', '视频监控', 'Video'],
  ['system', '系统管理', 'System'],
  ['.user-mgt', '用户管理', 'Users and roles'],
  ['.device-mgt', '设备管理', 'Devices'],
  ['..index', '设备管理', 'Devices', 'hidden'],
  ['..group-var-sort', '变量分组排序', 'Variable group order', 'hidden'],
  ['.video-setup', '视频设置', 'Video setup'],
  ['.system-log', '系统日志', 'System log'],
  ['.AccountManage', '大屏账号', 'Data-screen accounts'],
  ['.LargeManage', '多园区大屏', 'Multi-park screens'],
  ['.GisMap', 'GIS地图', 'GIS map'],
  ['productionManagement', '生产管理', 'Production'],
  ['.personnel', '人员管理', 'Personnel'],
  ['.plant', '作物管理', 'Crops'],
  ['.growthStage', '作物生长标准', 'Growth standards'],
  ['.farmWork', '农事管理', 'Farm work'],
  ['.pickToStorage', '采收入库', 'Harvest to storage'],
  ['.machinery', '农机管理', 'Machinery'],
  ['.materiel', '农资管理', 'Materials'],
  ['.supplier', '供应商管理', 'Suppliers'],
  ['.videoManagement', '溯源视频', 'Traceability videos'],
  ['tracingCenter', '溯源中心', 'Traceability'],
  ['.rootsReport', '报告库', 'Report library'],
  ['.rootBatch', '溯源批次', 'Trace batches'],
  ['.rootsProductCode', '一物一码', 'One item one code'],
  ['.rootsTreeCode', '一树一码', 'One tree one code'],
  ['alarm', '告警管理', 'Alarms'],
  ['.alarmSet', '告警设置', 'Alarm rules'],
  ['.alarmList', '通知记录', 'Notification records'],
  ['.alarmContacts', '联系人管理', 'Contacts'],
];

/** Nests the rows: a row's parent is the nearest row above it one level up; a device group's tag goes down to its pages. */
function build(rows: readonly Row[]): PermitNode[] {
  const top: PermitNode[] = [];
  const open: PermitNode[] = [];
  for (const [dotted, zh, en, tag] of rows) {
    const name = dotted.replace(/^\.+/, '');
    const depth = dotted.length - name.length;
    const parent = depth > 0 ? open[depth - 1] : undefined;
    const [titleZh, titleEn] = zh !== undefined && en !== undefined ? [zh, en] : SHARED[name];
    const node: PermitNode = {
      permitUrl: `${parent?.permitUrl ?? ''}/${name}`,
      name,
      title: { zh: titleZh, en: titleEn },
    };
    const type = tag === 'hidden' ? parent?.type : (tag ?? parent?.type);
    if (type) node.type = type;
    if (tag === 'hidden') node.hidden = true;
    if (parent) parent.children = [...(parent.children ?? []), node];
    else top.push(node);
    open[depth] = node;
  }
  return top;
}

export const PERMISSION_CATALOGUE: readonly PermitNode[] = build(MENU);

export function flattenCatalogue(nodes: readonly PermitNode[] = PERMISSION_CATALOGUE): PermitNode[] {
  return nodes.flatMap((n) => [n, ...flattenCatalogue(n.children ?? [])]);
}

export const ALL_PERMIT_URLS: readonly string[] = flattenCatalogue().map((n) => n.permitUrl);
const KNOWN = new Set(ALL_PERMIT_URLS);

export function isKnownPermitUrl(url: string): boolean {
  return KNOWN.has(url);
}

/** Permission entry as the console receives it (SPEC §3): `{permitUrl, permitList}`. */
export interface PermitEntry {
  permitUrl: string;
  permitList: PermitEntry[];
}

/**
 * Closes a granted set upward and downward: granting a section grants its pages, and granting a
 * page makes its ancestors reachable (the menu needs the parent to show the child).
 */
export function expandGrants(granted: Iterable<string>): Set<string> {
  const out = new Set<string>();
  const g = new Set(granted);
  const walk = (nodes: readonly PermitNode[], ancestors: string[], inheritedGrant: boolean): boolean => {
    let any = false;
    for (const n of nodes) {
      const self = inheritedGrant || g.has(n.permitUrl);
      const childAny = walk(n.children ?? [], [...ancestors, n.permitUrl], self);
      if (self || childAny) {
        out.add(n.permitUrl);
        for (const a of ancestors) out.add(a);
        any = true;
      }
    }
    return any;
  };
  walk(PERMISSION_CATALOGUE, [], false);
  return out;
}

/** The nested permission list of getMerchantUserInfo, in catalogue order. */
export function permitTree(granted: Iterable<string>): PermitEntry[] {
  const set = expandGrants(granted);
  const walk = (nodes: readonly PermitNode[]): PermitEntry[] =>
    nodes
      .filter((n) => set.has(n.permitUrl))
      .map((n) => ({ permitUrl: n.permitUrl, permitList: walk(n.children ?? []) }));
  return walk(PERMISSION_CATALOGUE);
}

/** True when `granted` (already expanded) allows `permitUrl`. */
export function allows(granted: ReadonlySet<string>, permitUrl: string): boolean {
  return granted.has(permitUrl);
}

/**
 * The nested permission list of a set that is already expanded (e.g. an `expandGrants` result).
 * `permitTree` must not be given such a set: the ancestors it contains would grant whole sections.
 */
export function permitTreeOfExpanded(expanded: ReadonlySet<string>): PermitEntry[] {
  const walk = (nodes: readonly PermitNode[]): PermitEntry[] =>
    nodes
      .filter((n) => expanded.has(n.permitUrl))
      .map((n) => ({ permitUrl: n.permitUrl, permitList: walk(n.children ?? []) }));
  return walk(PERMISSION_CATALOGUE);
}
