import { zoneListText } from './zoneText';

/**
 * A device command and its parameters as one phrase in the reader's language ("1号阀门：开",
 * "Start irrigation: Zone 1 → Tomato east; 10 min; clear water"). The operation record page, its
 * CSV/XLSX export and the system log all phrase commands here, so page and file read the same and
 * no cell shows a command's raw JSON. Zod-free: the console's record page imports it.
 */
type Lang = 'zh' | 'en';
type Params = Record<string, unknown>;

const WORDS = {
  zh: {
    on: '开',
    off: '关',
    auto: '自动',
    manual: '手动',
    sep: '；',
    list: '、',
    colon: '：',
    names: {
      setActuator: '执行设备开关',
      setMode: '切换模式',
      setLamp: '杀虫灯',
      setHeater: '加热',
      setWorkWindow: '工作时段',
      setWorkPeriod: '工作时段',
      setPhotoInterval: '拍照间隔',
      photograph: '立即拍照',
      capture: '立即采集',
      changeSlide: '更换载玻片',
      startIrrigation: '开始灌溉',
      stopIrrigation: '停止灌溉',
      setValve: '阀门开关',
      setPump: '水泵',
      setStirrer: '搅拌',
    } as Record<string, string>,
    actuators: {
      fan: '风机',
      wetPad: '湿帘',
      shadeScreen: '遮阳网',
      thermalScreen: '保温被',
      topVent: '顶窗',
      sideVent: '侧窗',
      growLight: '补光灯',
      heater: '加热',
      pump: '水泵',
    } as Record<string, string>,
    tanks: { tank1: '1号肥桶', tank2: '2号肥桶', tank3: '3号肥桶', tank4: '酸桶' } as Record<string, string>,
    valve: (n: unknown) => `${n}号阀门`,
    stirrer: (tank: string) => `${tank}搅拌`,
    mode: (m: string) => `切换为${m}模式`,
    window: (s: unknown, e: unknown) => `${s}–${e}`,
    minutes: (n: unknown) => `${n} 分钟`,
    photoEvery: (n: unknown) => `每 ${n} 分钟`,
    volume: (n: unknown) => `${n} m³`,
    water: '清水',
    tankShares: (s: string) => `肥桶比例 ${s}`,
    ec: (ec: unknown, ph: unknown) => (ph === undefined ? `EC 目标 ${ec} mS/cm` : `EC 目标 ${ec} mS/cm，pH 目标 ${ph}`),
    zones: '分区',
  },
  en: {
    on: 'on',
    off: 'off',
    auto: 'auto',
    manual: 'manual',
    sep: '; ',
    list: ', ',
    colon: ': ',
    names: {
      setActuator: 'Switch actuator',
      setMode: 'Change mode',
      setLamp: 'Lamp',
      setHeater: 'Heater',
      setWorkWindow: 'Working hours',
      setWorkPeriod: 'Working hours',
      setPhotoInterval: 'Photo interval',
      photograph: 'Take a photo now',
      capture: 'Capture now',
      changeSlide: 'Change the slide',
      startIrrigation: 'Start irrigation',
      stopIrrigation: 'Stop irrigation',
      setValve: 'Switch valve',
      setPump: 'Pump',
      setStirrer: 'Stirrer',
    } as Record<string, string>,
    actuators: {
      fan: 'Fans',
      wetPad: 'Wet pad',
      shadeScreen: 'Shade screen',
      thermalScreen: 'Thermal screen',
      topVent: 'Roof vent',
      sideVent: 'Side vent',
      growLight: 'Grow lights',
      heater: 'Heating',
      pump: 'Pump',
    } as Record<string, string>,
    tanks: { tank1: 'Tank 1', tank2: 'Tank 2', tank3: 'Tank 3', tank4: 'Acid tank' } as Record<string, string>,
    valve: (n: unknown) => `Valve ${n}`,
    stirrer: (tank: string) => `Stirrer ${tank}`,
    mode: (m: string) => `switch to ${m} mode`,
    window: (s: unknown, e: unknown) => `${s}–${e}`,
    minutes: (n: unknown) => `${n} min`,
    photoEvery: (n: unknown) => `every ${n} min`,
    volume: (n: unknown) => `${n} m³`,
    water: 'clear water',
    tankShares: (s: string) => `tank shares ${s}`,
    ec: (ec: unknown, ph: unknown) =>
      ph === undefined ? `EC target ${ec} mS/cm` : `EC target ${ec} mS/cm, pH target ${ph}`,
    zones: 'zones',
  },
};

const isOnOff = (v: unknown): v is boolean | 0 | 1 => typeof v === 'boolean' || v === 0 || v === 1;
const isObject = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The command's name alone ("开始灌溉" / "Start irrigation"); an unknown name stays as the device knows it. */
export const commandName = (name: string, lang: Lang): string => WORDS[lang].names[name] ?? name;

/** Greenhouse actuator names (fan, wetPad, ...) as commands and the console's command texts word them. */
export const actuatorNames = (lang: Lang): Readonly<Record<string, string>> => WORDS[lang].actuators;

/** A recipe of startIrrigation: tank shares, EC/pH targets, or clear water. */
function recipeText(recipe: unknown, lang: Lang): string {
  const w = WORDS[lang];
  if (!isObject(recipe)) return w.water;
  if (isObject(recipe.tanks)) {
    const shares = Object.entries(recipe.tanks)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => `${w.tanks[k] ?? k} ${v}%`)
      .join(w.list);
    return shares ? w.tankShares(shares) : w.water;
  }
  if (recipe.ecTarget !== undefined) return w.ec(recipe.ecTarget, recipe.phTarget ?? undefined);
  return w.water;
}

/** Parameters no phrase knows, as "name value" pairs (never JSON). */
function paramsText(params: Params, lang: Lang): string {
  const w = WORDS[lang];
  const value = (v: unknown): string =>
    isOnOff(v) && typeof v === 'boolean'
      ? v
        ? w.on
        : w.off
      : Array.isArray(v)
        ? v.map(value).join(w.list)
        : isObject(v)
          ? Object.entries(v)
              .map(([k, x]) => `${k} ${value(x)}`)
              .join(w.list)
          : String(v);
  return Object.entries(params)
    .map(([k, v]) => `${k} ${value(v)}`)
    .join(w.sep);
}

/**
 * The whole command in words. `zoneNames`: the machine's zone names (zone number -> name), so a start
 * names its zones as everywhere else ("1区 → 番茄东棚").
 */
export function commandText(
  name: string,
  params: Params | null | undefined,
  lang: Lang,
  zoneNames?: ReadonlyMap<number, string>,
): string {
  const w = WORDS[lang];
  const p = params ?? {};
  const state = isOnOff(p.on) ? (p.on ? w.on : w.off) : null;
  const said = (what: string, rest: string) => `${what}${w.colon}${rest}`;
  switch (name) {
    case 'setActuator':
      if (typeof p.actuator === 'string' && state) return said(w.actuators[p.actuator] ?? p.actuator, state);
      break;
    case 'setMode': {
      const mode = p.mode === 'auto' ? w.auto : p.mode === 'manual' ? w.manual : null;
      if (!mode) break;
      const change = w.mode(mode);
      if (typeof p.actuator === 'string') return said(w.actuators[p.actuator] ?? p.actuator, change);
      return lang === 'en' ? change.charAt(0).toUpperCase() + change.slice(1) : change;
    }
    case 'setLamp':
    case 'setHeater':
    case 'setPump':
      if (state) return said(w.names[name], state);
      break;
    case 'setWorkWindow':
    case 'setWorkPeriod':
      if (p.start !== undefined && p.end !== undefined) return said(w.names[name], w.window(p.start, p.end));
      break;
    case 'setPhotoInterval':
      if (p.minutes !== undefined) return said(w.names[name], w.photoEvery(p.minutes));
      break;
    case 'setValve':
      if (p.valve !== undefined && state) return said(w.valve(p.valve), state);
      break;
    case 'setStirrer':
      if (typeof p.tank === 'string' && state) return said(w.stirrer(w.tanks[p.tank] ?? p.tank), state);
      break;
    case 'startIrrigation': {
      if (!Array.isArray(p.zones)) break;
      const zones = p.zones.filter((z): z is number => typeof z === 'number');
      const amount =
        p.volumeM3 !== undefined && p.volumeM3 !== null ? w.volume(p.volumeM3) : w.minutes(p.durationMin ?? '-');
      return said(
        w.names.startIrrigation,
        [zoneListText(lang, zones, zoneNames), amount, recipeText(p.recipe, lang)].join(w.sep),
      );
    }
  }
  const rest = Object.keys(p).length ? paramsText(p, lang) : '';
  return rest ? said(commandName(name, lang), rest) : commandName(name, lang);
}
