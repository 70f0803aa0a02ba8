import type { DeviceClass } from '@farmpark/contracts';

/** The demo world: two merchants, their parks, devices, screens and logins (printed by main). */
export const DEMO_PASSWORD = 'demo123456';

export const DEMO_LOGINS = [
  { loginName: 'demo', note: 'Demo Farm administrator: every menu, 3 parks' },
  { loginName: 'operator', note: 'Demo Farm operator (生产操作员): part of the menu, 1 park' },
  { loginName: 'demo2', note: 'Green Valley Orchard administrator: another company, 1 park' },
] as const;

export interface DemoPark {
  name: string;
  holderMan: string;
  address: string;
  /** In mu (亩); stored as hectares. */
  area: number;
  longitude: number;
  latitude: number;
  crops: string;
  remark: string;
  /** Its plots (area points), numbered as on the ground: laid out by layout.ts. */
  plots: { name: string; crop: string }[];
  devices: DemoDevice[];
}

export interface DemoDevice {
  serial: string;
  name: string;
  deviceClass: DeviceClass;
  /** A model of DEVICE_MODEL; the class's first when absent. */
  model?: string;
}

export const OPERATOR_GRANTS = [
  '/irrigation',
  '/outdoorsEquipment/weatherWatches',
  '/outdoorsEquipment/moistureMonitoring',
  '/alarm/alarmList',
];

/** A plot: its name and crop. */
type PlotRow = [name: string, crop: string];
/** A device: serial, name and class (its model is the class's first unless MODELS names another). */
type DeviceRow = [serial: string, name: string, deviceClass: DeviceClass];

const MODELS: Record<string, string> = {
  'DF-WF-0001': 'SF-6',
  'DF-WS-0001': 'QX-12',
  'DF-WS-0003': 'QX-8',
  'DF-WS-0002': 'QX-8',
};

type ParkRows = Omit<DemoPark, 'plots' | 'devices'> & { plots: PlotRow[]; devices: DeviceRow[] };

function park(p: ParkRows): DemoPark {
  return {
    ...p,
    plots: p.plots.map(([name, crop]) => ({ name, crop })),
    devices: p.devices.map(([serial, name, deviceClass]) => ({
      serial,
      name,
      deviceClass,
      ...(MODELS[serial] && { model: MODELS[serial] }),
    })),
  };
}

export const DEMO_FARM_PARKS: DemoPark[] = (
  [
    {
      name: '寿光蔬菜高科技示范园',
      holderMan: '王建国',
      address: '山东省潍坊市寿光市洛城街道蔬菜高科技示范园',
      area: 120.5,
      longitude: 118.7912,
      latitude: 36.8553,
      crops: '番茄,黄瓜,彩椒',
      remark: '日光温室与连栋温室综合示范区',
      plots: [
        ['1号日光温室', '番茄'],
        ['2号日光温室', '番茄'],
        ['3号日光温室', '黄瓜'],
        ['4号日光温室', '黄瓜'],
        ['5号连栋温室', '彩椒'],
        ['6号连栋温室', '彩椒'],
        ['7号日光温室', '番茄'],
        ['8号育苗棚', '番茄'],
      ],
      devices: [
        ['DF-WF-0001', '1号水肥一体机', 'waterFertilizer'],
        ['DF-IC-0001', '东区灌溉控制器', 'irrigationController'],
        ['DF-SI-0001', '智能灌溉机', 'smartIrrigation'],
        ['DF-VC-0001', '3号棚阀门控制器', 'valveController'],
        ['DF-WS-0001', '园区气象站', 'weatherStation'],
        ['DF-SS-0001', '1号墒情站', 'soilStation'],
        ['DF-IT-0001', '虫情测报灯', 'insectTrap'],
        ['DF-ST-0001', '孢子捕捉仪', 'sporeTrap'],
        ['DF-EC-0001', '5号棚环境控制柜', 'envCabinet'],
        ['DF-IL-0001', '太阳能杀虫灯', 'insectLamp'],
        ['DF-CM-0001', '大门监控摄像头', 'camera'],
        ['DF-WS-0003', '温室区小型气象站', 'weatherStation'],
        ['DF-SS-0004', '2号墒情站', 'soilStation'],
        ['DF-SS-0005', '3号墒情站', 'soilStation'],
        ['DF-VC-0002', '7号棚阀门控制器', 'valveController'],
        ['DF-IT-0003', '西区虫情测报灯', 'insectTrap'],
        ['DF-EC-0002', '8号棚环境控制柜', 'envCabinet'],
        ['DF-IL-0004', '北区杀虫灯', 'insectLamp'],
        ['DF-IL-0005', '南区杀虫灯', 'insectLamp'],
        ['DF-CM-0002', '育苗棚摄像头', 'camera'],
      ],
    },
    {
      name: '稻田镇智慧灌溉基地',
      holderMan: '李秀英',
      address: '山东省潍坊市寿光市稻田镇崔岭西村',
      area: 85,
      longitude: 118.8531,
      latitude: 36.7967,
      crops: '小麦,玉米',
      remark: '大田节水灌溉试点',
      plots: [
        ['北一地块', '小麦'],
        ['北二地块', '玉米'],
        ['南一地块', '小麦'],
        ['南二地块', '玉米'],
      ],
      devices: [
        ['DF-WS-0002', '基地气象站', 'weatherStation'],
        ['DF-SS-0002', '北地墒情站', 'soilStation'],
        ['DF-SS-0003', '南地墒情站', 'soilStation'],
        ['DF-IC-0002', '大田灌溉控制器', 'irrigationController'],
      ],
    },
    {
      name: '古城街道绿色植保园',
      holderMan: '张明',
      address: '山东省潍坊市寿光市古城街道东方村',
      area: 46.2,
      longitude: 118.7036,
      latitude: 36.9162,
      crops: '韭菜,茄子',
      remark: '病虫害绿色防控示范点',
      plots: [
        ['韭菜一区', '韭菜'],
        ['韭菜二区', '韭菜'],
        ['茄子一区', '茄子'],
        ['茄子二区', '茄子'],
      ],
      devices: [
        ['DF-IT-0002', '智能虫情测报仪', 'insectTrap'],
        ['DF-ST-0002', '孢子捕捉仪', 'sporeTrap'],
        ['DF-IL-0002', '1号杀虫灯', 'insectLamp'],
        ['DF-IL-0003', '2号杀虫灯', 'insectLamp'],
      ],
    },
  ] satisfies ParkRows[]
).map(park);

export const ORCHARD_PARK: DemoPark = park({
  name: '青谷果园一号园',
  holderMan: 'Chen Li',
  address: '陕西省延安市洛川县凤栖街道',
  area: 30,
  longitude: 109.4326,
  latitude: 35.7618,
  crops: '苹果',
  remark: 'Green Valley Orchard main block',
  plots: [
    ['东坡苹果园', '苹果'],
    ['西坡苹果园', '苹果'],
  ],
  devices: [
    ['GV-WS-0001', '果园气象站', 'weatherStation'],
    ['GV-SS-0001', '果园墒情站', 'soilStation'],
    ['GV-IL-0001', '果园杀虫灯', 'insectLamp'],
  ],
});

/**
 * How often a demo device of this class reports: controllers often (their state changes with commands),
 * stations and traps less. Cameras only send their status: the last will, not silence, tells when one is gone.
 */
export function demoReportIntervalMs(deviceClass: DeviceClass): number {
  switch (deviceClass) {
    case 'camera':
      return 86_400_000;
    case 'waterFertilizer':
    case 'irrigationController':
    case 'smartIrrigation':
    case 'valveController':
    case 'envCabinet':
      return 10_000;
    case 'weatherStation':
    case 'soilStation':
      return 20_000;
    default:
      return 30_000;
  }
}
