import type { DeviceClass } from './deviceClasses';

/**
 * The device model: for each class its models, variable groups and parameters. A parameter key is
 * what a device sends in its telemetry; per-device overrides (name, unit, decimals, hidden, order)
 * live in the database. Ranges are physical limits used to refuse nonsense readings, not alarm
 * thresholds.
 */
export interface ParamDef {
  key: string;
  zh: string;
  en: string;
  unit: string;
  decimals: number;
  min: number;
  max: number;
  /** Variable group key (SPEC group-var-sort orders these per device). */
  group: string;
  /** measure: a sampled value; state: 0/1 or an enumeration; counter: grows and resets daily. */
  kind: 'measure' | 'state' | 'counter';
}

export interface GroupDef {
  key: string;
  zh: string;
  en: string;
}

export interface ModelDef {
  model: string;
  zh: string;
  en: string;
}

export interface ClassDef {
  key: DeviceClass;
  zh: string;
  en: string;
  models: ModelDef[];
  groups: GroupDef[];
  params: ParamDef[];
}

type P = [
  key: string,
  zh: string,
  en: string,
  unit: string,
  decimals: number,
  min: number,
  max: number,
  kind?: ParamDef['kind'],
];
const group = (key: string, zh: string, en: string, rows: P[]) => ({
  def: { key, zh, en },
  params: rows.map(([k, pzh, pen, unit, decimals, min, max, kind]) => ({
    key: k,
    zh: pzh,
    en: pen,
    unit,
    decimals,
    min,
    max,
    group: key,
    kind: kind ?? 'measure',
  })),
});
const cls = (
  key: DeviceClass,
  zh: string,
  en: string,
  models: [string, string, string][],
  groups: ReturnType<typeof group>[],
): ClassDef => ({
  key,
  zh,
  en,
  models: models.map(([model, mzh, men]) => ({ model, zh: mzh, en: men })),
  groups: groups.map((g) => g.def),
  params: groups.flatMap((g) => g.params),
});

const ON_OFF = (key: string, zh: string, en: string): P => [key, zh, en, '', 0, 0, 1, 'state'];
const AIR: P[] = [
  ['airTemp', '空气温度', 'Air temperature', '°C', 1, -40, 70],
  ['airHumidity', '空气湿度', 'Air humidity', '%RH', 1, 0, 100],
];
const POWER: P[] = [
  ['voltage', '电压', 'Voltage', 'V', 1, 0, 60],
  ['battery', '电量', 'Battery', '%', 0, 0, 100],
];
const FLOW: P[] = [
  ['flow', '瞬时流量', 'Flow', 'm³/h', 2, 0, 500],
  ['pressure', '管道压力', 'Pressure', 'MPa', 2, 0, 2],
  ['totalWater', '累计水量', 'Total water', 'm³', 2, 0, 1e9, 'counter'],
];
const valves = (n: number): P[] =>
  Array.from({ length: n }, (_, i) => ON_OFF(`valve${i + 1}`, `${i + 1}号阀门`, `Valve ${i + 1}`));

export const DEVICE_MODEL: Record<DeviceClass, ClassDef> = {
  weatherStation: cls(
    'weatherStation',
    '气象站',
    'Weather station',
    [
      ['QX-8', '八要素气象站', '8-element weather station'],
      ['QX-12', '十二要素气象站', '12-element weather station'],
    ],
    [
      group('air', '空气', 'Air', [
        ...AIR,
        ['dewPoint', '露点温度', 'Dew point', '°C', 1, -60, 50],
        ['airPressure', '大气压', 'Air pressure', 'hPa', 1, 300, 1100],
        ['co2', '二氧化碳', 'CO₂', 'ppm', 0, 0, 10000],
        ['pm25', 'PM2.5', 'PM2.5', 'μg/m³', 0, 0, 1000],
      ]),
      group('wind', '风', 'Wind', [
        ['windSpeed', '风速', 'Wind speed', 'm/s', 1, 0, 75],
        ['windDirection', '风向', 'Wind direction', '°', 0, 0, 360],
      ]),
      group('rain', '降水', 'Precipitation', [
        ['rainfall', '降雨量', 'Rainfall', 'mm', 1, 0, 500, 'counter'],
        ['evaporation', '蒸发量', 'Evaporation', 'mm', 1, 0, 100, 'counter'],
      ]),
      group('light', '光照', 'Light', [
        ['solarRadiation', '总辐射', 'Solar radiation', 'W/m²', 0, 0, 2000],
        ['illuminance', '光照度', 'Illuminance', 'lux', 0, 0, 200000],
        ['uvIndex', '紫外线指数', 'UV index', '', 1, 0, 16],
      ]),
    ],
  ),
  soilStation: cls(
    'soilStation',
    '墒情站',
    'Soil station',
    [['TR-4', '四层墒情站', '4-depth soil station']],
    [
      group('moisture', '土壤水分', 'Soil moisture', [
        ['soilMoisture10', '10cm土壤水分', 'Moisture 10 cm', '%', 1, 0, 100],
        ['soilMoisture20', '20cm土壤水分', 'Moisture 20 cm', '%', 1, 0, 100],
        ['soilMoisture40', '40cm土壤水分', 'Moisture 40 cm', '%', 1, 0, 100],
      ]),
      group('temperature', '土壤温度', 'Soil temperature', [
        ['soilTemp10', '10cm土壤温度', 'Soil temp. 10 cm', '°C', 1, -30, 60],
        ['soilTemp20', '20cm土壤温度', 'Soil temp. 20 cm', '°C', 1, -30, 60],
        ['soilTemp40', '40cm土壤温度', 'Soil temp. 40 cm', '°C', 1, -30, 60],
      ]),
      group('nutrients', '土壤养分', 'Nutrients', [
        ['soilEc', '土壤电导率', 'Soil EC', 'mS/cm', 2, 0, 20],
        ['soilPh', '土壤pH', 'Soil pH', '', 1, 0, 14],
        ['nitrogen', '氮', 'Nitrogen', 'mg/kg', 0, 0, 2000],
        ['phosphorus', '磷', 'Phosphorus', 'mg/kg', 0, 0, 2000],
        ['potassium', '钾', 'Potassium', 'mg/kg', 0, 0, 2000],
      ]),
    ],
  ),
  envCabinet: cls(
    'envCabinet',
    '环境控制柜',
    'Environment control cabinet',
    [['EHC-10', '温室控制柜', 'Greenhouse control cabinet']],
    [
      group('sensors', '环境传感器', 'Sensors', [
        ...AIR,
        ['co2', '二氧化碳', 'CO₂', 'ppm', 0, 0, 10000],
        ['illuminance', '光照度', 'Illuminance', 'lux', 0, 0, 200000],
        ['soilMoisture', '土壤水分', 'Soil moisture', '%', 1, 0, 100],
        ['soilTemp', '土壤温度', 'Soil temperature', '°C', 1, -30, 60],
      ]),
      group('actuators', '执行设备', 'Actuators', [
        ON_OFF('fan', '风机', 'Fans'),
        ON_OFF('wetPad', '湿帘', 'Wet pad'),
        ON_OFF('shadeScreen', '遮阳网', 'Shade screen'),
        ON_OFF('thermalScreen', '保温被', 'Thermal screen'),
        ON_OFF('topVent', '顶窗', 'Roof vent'),
        ON_OFF('sideVent', '侧窗', 'Side vent'),
        ON_OFF('growLight', '补光灯', 'Grow lights'),
        ON_OFF('heater', '加热', 'Heating'),
        ON_OFF('pump', '水泵', 'Pump'),
      ]),
    ],
  ),
  insectLamp: cls(
    'insectLamp',
    '杀虫灯',
    'Insecticidal lamp',
    [['SC-30', '太阳能杀虫灯', 'Solar insecticidal lamp']],
    [
      group('state', '运行状态', 'State', [
        ON_OFF('lamp', '灯状态', 'Lamp'),
        ['mode', '工作模式', 'Mode', '', 0, 0, 1, 'state'],
        ['killCount', '今日杀虫数', 'Kills today', '', 0, 0, 1e6, 'counter'],
        ON_OFF('rain', '雨控', 'Rain sensor'),
        ['lightLevel', '光控照度', 'Light level', 'lux', 0, 0, 200000],
      ]),
      group('power', '电源', 'Power', POWER),
    ],
  ),
  insectTrap: cls(
    'insectTrap',
    '虫情测报灯',
    'Insect trap',
    [['CQ-15', '智能虫情测报灯', 'Smart insect forecasting lamp']],
    [
      group('state', '运行状态', 'State', [
        ON_OFF('lamp', '诱虫灯', 'Attracting lamp'),
        ON_OFF('heater', '烘干仓', 'Drying chamber'),
        ['chamberTemp', '杀虫仓温度', 'Chamber temperature', '°C', 1, -30, 150],
        ['photoInterval', '拍照间隔', 'Photo interval', 'min', 0, 1, 1440, 'state'],
      ]),
      group('environment', '环境', 'Environment', AIR),
      group('power', '电源', 'Power', POWER),
    ],
  ),
  sporeTrap: cls(
    'sporeTrap',
    '孢子捕捉仪',
    'Spore trap',
    [['BZ-10', '智能孢子捕捉仪', 'Smart spore trap']],
    [
      group('state', '运行状态', 'State', [
        ['slideState', '载玻片状态', 'Slide state', '', 0, 0, 2, 'state'],
        ['slideUses', '载玻片使用次数', 'Slide uses', '', 0, 0, 1000, 'counter'],
      ]),
      group('environment', '环境', 'Environment', AIR),
      group('power', '电源', 'Power', POWER),
    ],
  ),
  waterFertilizer: cls(
    'waterFertilizer',
    '水肥一体机',
    'Water-fertiliser machine',
    [
      ['SF-4', '四通道水肥机', '4-channel fertigation machine'],
      ['SF-6', '六通道水肥机', '6-channel fertigation machine'],
    ],
    [
      group('run', '运行', 'Run', [
        ['runState', '运行状态', 'Run state', '', 0, 0, 3, 'state'],
        ['currentZone', '当前分区', 'Current zone', '', 0, 0, 64, 'state'],
      ]),
      group('water', '水', 'Water', FLOW),
      group('fertiliser', '肥', 'Fertiliser', [
        ['ec', 'EC值', 'EC', 'mS/cm', 2, 0, 10],
        ['ph', 'pH值', 'pH', '', 2, 0, 14],
        ['tank1', 'A肥桶液位', 'Tank A level', '%', 0, 0, 100],
        ['tank2', 'B肥桶液位', 'Tank B level', '%', 0, 0, 100],
        ['tank3', 'C肥桶液位', 'Tank C level', '%', 0, 0, 100],
        ['tank4', '酸桶液位', 'Acid tank level', '%', 0, 0, 100],
        // Dosing-channel meters: litres injected from each tank since the machine was installed.
        ['dosed1', 'A肥累计注入', 'Tank A dosed', 'L', 2, 0, 1e9, 'counter'],
        ['dosed2', 'B肥累计注入', 'Tank B dosed', 'L', 2, 0, 1e9, 'counter'],
        ['dosed3', 'C肥累计注入', 'Tank C dosed', 'L', 2, 0, 1e9, 'counter'],
        ['dosed4', '酸累计注入', 'Acid dosed', 'L', 2, 0, 1e9, 'counter'],
      ]),
    ],
  ),
  irrigationController: cls(
    'irrigationController',
    '灌溉控制器',
    'Irrigation controller',
    [['GG-8', '八路灌溉控制器', '8-zone irrigation controller']],
    [group('water', '水', 'Water', FLOW), group('valves', '阀门', 'Valves', valves(8))],
  ),
  smartIrrigation: cls(
    'smartIrrigation',
    '智能灌溉机',
    'Smart irrigation machine',
    [['ZN-8', '八路智能灌溉机', '8-zone smart irrigation machine']],
    [group('water', '水', 'Water', FLOW), group('valves', '阀门', 'Valves', valves(8))],
  ),
  valveController: cls(
    'valveController',
    '阀门控制器',
    'Valve controller',
    [['FM-4', '四路阀门控制器', '4-way valve controller']],
    [group('valves', '阀门', 'Valves', valves(4)), group('power', '电源', 'Power', POWER)],
  ),
  camera: cls('camera', '摄像头', 'Camera', [['IPC', '网络摄像机', 'IP camera']], []),
};

export function paramDef(deviceClass: DeviceClass, key: string): ParamDef | undefined {
  return DEVICE_MODEL[deviceClass]?.params.find((p) => p.key === key);
}

/** The one name of every device class in a language (issue 12: one name per class everywhere). */
export function deviceClassNames(lang: 'zh' | 'en'): Record<DeviceClass, string> {
  return Object.fromEntries(Object.values(DEVICE_MODEL).map((c) => [c.key, c[lang]])) as Record<DeviceClass, string>;
}
