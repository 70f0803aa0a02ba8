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

export const DEMO_FARM_PARKS: DemoPark[] = [
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
      { name: '1号日光温室', crop: '番茄' },
      { name: '2号日光温室', crop: '番茄' },
      { name: '3号日光温室', crop: '黄瓜' },
      { name: '4号日光温室', crop: '黄瓜' },
      { name: '5号连栋温室', crop: '彩椒' },
      { name: '6号连栋温室', crop: '彩椒' },
      { name: '7号日光温室', crop: '番茄' },
      { name: '8号育苗棚', crop: '番茄' },
    ],
    devices: [
      { serial: 'DF-WF-0001', name: '1号水肥一体机', deviceClass: 'waterFertilizer', model: 'SF-6' },
      { serial: 'DF-IC-0001', name: '东区灌溉控制器', deviceClass: 'irrigationController' },
      { serial: 'DF-SI-0001', name: '智能灌溉机', deviceClass: 'smartIrrigation' },
      { serial: 'DF-VC-0001', name: '3号棚阀门控制器', deviceClass: 'valveController' },
      { serial: 'DF-WS-0001', name: '园区气象站', deviceClass: 'weatherStation', model: 'QX-12' },
      { serial: 'DF-SS-0001', name: '1号墒情站', deviceClass: 'soilStation' },
      { serial: 'DF-IT-0001', name: '虫情测报灯', deviceClass: 'insectTrap' },
      { serial: 'DF-ST-0001', name: '孢子捕捉仪', deviceClass: 'sporeTrap' },
      { serial: 'DF-EC-0001', name: '5号棚环境控制柜', deviceClass: 'envCabinet' },
      { serial: 'DF-IL-0001', name: '太阳能杀虫灯', deviceClass: 'insectLamp' },
      { serial: 'DF-CM-0001', name: '大门监控摄像头', deviceClass: 'camera' },
      { serial: 'DF-WS-0003', name: '温室区小型气象站', deviceClass: 'weatherStation', model: 'QX-8' },
      { serial: 'DF-SS-0004', name: '2号墒情站', deviceClass: 'soilStation' },
      { serial: 'DF-SS-0005', name: '3号墒情站', deviceClass: 'soilStation' },
      { serial: 'DF-VC-0002', name: '7号棚阀门控制器', deviceClass: 'valveController' },
      { serial: 'DF-IT-0003', name: '西区虫情测报灯', deviceClass: 'insectTrap' },
      { serial: 'DF-EC-0002', name: '8号棚环境控制柜', deviceClass: 'envCabinet' },
      { serial: 'DF-IL-0004', name: '北区杀虫灯', deviceClass: 'insectLamp' },
      { serial: 'DF-IL-0005', name: '南区杀虫灯', deviceClass: 'insectLamp' },
      { serial: 'DF-CM-0002', name: '育苗棚摄像头', deviceClass: 'camera' },
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
      { name: '北一地块', crop: '小麦' },
      { name: '北二地块', crop: '玉米' },
      { name: '南一地块', crop: '小麦' },
      { name: '南二地块', crop: '玉米' },
    ],
    devices: [
      { serial: 'DF-WS-0002', name: '基地气象站', deviceClass: 'weatherStation', model: 'QX-8' },
      { serial: 'DF-SS-0002', name: '北地墒情站', deviceClass: 'soilStation' },
      { serial: 'DF-SS-0003', name: '南地墒情站', deviceClass: 'soilStation' },
      { serial: 'DF-IC-0002', name: '大田灌溉控制器', deviceClass: 'irrigationController' },
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
      { name: '韭菜一区', crop: '韭菜' },
      { name: '韭菜二区', crop: '韭菜' },
      { name: '茄子一区', crop: '茄子' },
      { name: '茄子二区', crop: '茄子' },
    ],
    devices: [
      { serial: 'DF-IT-0002', name: '智能虫情测报仪', deviceClass: 'insectTrap' },
      { serial: 'DF-ST-0002', name: '孢子捕捉仪', deviceClass: 'sporeTrap' },
      { serial: 'DF-IL-0002', name: '1号杀虫灯', deviceClass: 'insectLamp' },
      { serial: 'DF-IL-0003', name: '2号杀虫灯', deviceClass: 'insectLamp' },
    ],
  },
];

export const ORCHARD_PARK: DemoPark = {
  name: '青谷果园一号园',
  holderMan: 'Chen Li',
  address: '陕西省延安市洛川县凤栖街道',
  area: 30,
  longitude: 109.4326,
  latitude: 35.7618,
  crops: '苹果',
  remark: 'Green Valley Orchard main block',
  plots: [
    { name: '东坡苹果园', crop: '苹果' },
    { name: '西坡苹果园', crop: '苹果' },
  ],
  devices: [
    { serial: 'GV-WS-0001', name: '果园气象站', deviceClass: 'weatherStation' },
    { serial: 'GV-SS-0001', name: '果园墒情站', deviceClass: 'soilStation' },
    { serial: 'GV-IL-0001', name: '果园杀虫灯', deviceClass: 'insectLamp' },
  ],
};

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
