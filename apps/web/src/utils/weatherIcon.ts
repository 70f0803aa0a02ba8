import { createElement, type ReactElement } from 'react';
import { inPark, parkZone } from './time';

/**
 * Weather condition -> day/night icon (SPEC §3, §9). Conditions are the Chinese phenomenon names that
 * Chinese weather services report (about 65); each belongs to a kind, and a kind has a day and a
 * night icon, drawn as inline SVG from a few shapes (no image assets, no emoji font needed).
 */
type Kind =
  | 'clear'
  | 'fewClouds'
  | 'cloudy'
  | 'overcast'
  | 'breeze'
  | 'gale'
  | 'haze'
  | 'shower'
  | 'thunder'
  | 'hail'
  | 'rain'
  | 'heavyRain'
  | 'sleet'
  | 'snow'
  | 'dust'
  | 'tornado'
  | 'fog'
  | 'hot'
  | 'cold'
  | 'unknown';

/** The drawings an icon is made of (24 x 24 viewBox): a few shapes, combined per kind below. */
type Part =
  | 'sun'
  | 'smallSun'
  | 'moon'
  | 'smallMoon'
  | 'cloud'
  | 'darkCloud'
  | 'rain'
  | 'heavyRain'
  | 'bolt'
  | 'hail'
  | 'snow'
  | 'sleet'
  | 'wind'
  | 'fog'
  | 'dust'
  | 'tornado'
  | 'hot'
  | 'cold'
  | 'thermometer';

const ICONS: Record<Kind, { day: Part[]; night: Part[] }> = {
  clear: { day: ['sun'], night: ['moon'] },
  fewClouds: { day: ['smallSun', 'cloud'], night: ['smallMoon', 'cloud'] },
  cloudy: { day: ['smallSun', 'cloud'], night: ['smallMoon', 'cloud'] },
  overcast: { day: ['darkCloud'], night: ['darkCloud'] },
  breeze: { day: ['wind'], night: ['wind'] },
  gale: { day: ['wind', 'fog'], night: ['wind', 'fog'] },
  haze: { day: ['smallSun', 'fog'], night: ['smallMoon', 'fog'] },
  shower: { day: ['smallSun', 'cloud', 'rain'], night: ['smallMoon', 'cloud', 'rain'] },
  thunder: { day: ['darkCloud', 'bolt'], night: ['darkCloud', 'bolt'] },
  hail: { day: ['darkCloud', 'hail'], night: ['darkCloud', 'hail'] },
  rain: { day: ['cloud', 'rain'], night: ['cloud', 'rain'] },
  heavyRain: { day: ['darkCloud', 'heavyRain'], night: ['darkCloud', 'heavyRain'] },
  sleet: { day: ['cloud', 'sleet'], night: ['cloud', 'sleet'] },
  snow: { day: ['cloud', 'snow'], night: ['cloud', 'snow'] },
  dust: { day: ['dust'], night: ['dust'] },
  tornado: { day: ['tornado'], night: ['tornado'] },
  fog: { day: ['fog'], night: ['fog'] },
  hot: { day: ['hot'], night: ['hot'] },
  cold: { day: ['cold'], night: ['cold'] },
  unknown: { day: ['thermometer'], night: ['thermometer'] },
};

const SUN = '#f5b63c';
const MOON = '#f1d77a';
const CLOUD = '#d5dde6';
const DARK_CLOUD = '#97a4b3';
const WATER = '#4aa3e8';
const el = createElement;
const rays = (cx: number, cy: number, r1: number, r2: number) =>
  Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 4;
    const round = (n: number) => Math.round(n * 100) / 100;
    return el('line', {
      key: `ray${i}`,
      x1: round(cx + r1 * Math.cos(a)),
      y1: round(cy + r1 * Math.sin(a)),
      x2: round(cx + r2 * Math.cos(a)),
      y2: round(cy + r2 * Math.sin(a)),
      stroke: SUN,
      strokeWidth: 1.8,
      strokeLinecap: 'round',
    });
  });
const cloudPath = 'M7 17.5h10.5a3.8 3.8 0 0 0 0-7.6 5.3 5.3 0 0 0-10.2 1.4A3.1 3.1 0 0 0 7 17.5z';
const drops = (xs: number[], color: string, len: number) =>
  xs.map((x, i) =>
    el('line', {
      key: `d${i}`,
      x1: x,
      y1: 19,
      x2: x - 1.2,
      y2: 19 + len,
      stroke: color,
      strokeWidth: 1.6,
      strokeLinecap: 'round',
    }),
  );
const dots = (xs: number[], color: string, r: number) =>
  xs.map((x, i) => el('circle', { key: `o${i}`, cx: x, cy: i % 2 ? 22 : 20.5, r, fill: color }));
const bars = (ys: [number, number, number][], color: string) =>
  ys.map(([y, x1, x2], i) =>
    el('line', { key: `b${i}`, x1, y1: y, x2, y2: y, stroke: color, strokeWidth: 1.8, strokeLinecap: 'round' }),
  );
const thermometer = (fill: string) => [
  el('path', {
    key: 'tube',
    d: 'M10 4.5a2 2 0 0 1 4 0v9.2a4 4 0 1 1-4 0z',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.4,
  }),
  el('circle', { key: 'bulb', cx: 12, cy: 17, r: 2.4, fill }),
  el('line', { key: 'level', x1: 12, y1: 8, x2: 12, y2: 16, stroke: fill, strokeWidth: 1.6 }),
];

const DRAW: Record<Part, () => ReactElement[]> = {
  sun: () => [el('circle', { key: 'sun', cx: 12, cy: 12, r: 4.4, fill: SUN }), ...rays(12, 12, 6.6, 9.4)],
  smallSun: () => [el('circle', { key: 'sun', cx: 8, cy: 8, r: 3.2, fill: SUN }), ...rays(8, 8, 4.6, 6.4)],
  moon: () => [el('path', { key: 'moon', d: 'M19.5 14.6A8 8 0 1 1 9.4 4.5a6.4 6.4 0 0 0 10.1 10.1z', fill: MOON })],
  smallMoon: () => [
    el('path', { key: 'moon', d: 'M12.5 9.6A5.4 5.4 0 1 1 6.4 3.5a4.3 4.3 0 0 0 6.1 6.1z', fill: MOON }),
  ],
  cloud: () => [el('path', { key: 'cloud', d: cloudPath, fill: CLOUD, stroke: DARK_CLOUD, strokeWidth: 0.8 })],
  darkCloud: () => [el('path', { key: 'cloud', d: cloudPath, fill: DARK_CLOUD, stroke: '#6f7d8c', strokeWidth: 0.8 })],
  rain: () => drops([9, 13, 17], WATER, 2.6),
  heavyRain: () => drops([8, 11, 14, 17], '#2b7fd0', 3.6),
  bolt: () => [el('path', { key: 'bolt', d: 'M13 15l-3 4.5h2.6L11 23.5l4.2-5.6h-2.7l1.6-2.9z', fill: '#f5c518' })],
  hail: () => dots([8.5, 12, 15.5], '#9fd3f5', 1.3),
  snow: () => dots([8.5, 12, 15.5, 19], '#9fd3f5', 1.1),
  sleet: () => [...drops([9, 15], WATER, 2.4), ...dots([12, 18], '#9fd3f5', 1.1)],
  wind: () => [
    el('path', {
      key: 'wind',
      d: 'M3 9h11a2.5 2.5 0 1 0-2.5-2.5M3 13h15a2.5 2.5 0 1 1-2.5 2.5M3 17h8',
      fill: 'none',
      stroke: '#7fa7c4',
      strokeWidth: 1.8,
      strokeLinecap: 'round',
    }),
  ],
  fog: () =>
    bars(
      [
        [14, 4, 20],
        [17.5, 6, 18],
        [21, 4, 16],
      ],
      '#a9b4c0',
    ),
  dust: () => [
    ...bars(
      [
        [9, 4, 18],
        [13, 6, 20],
        [17, 4, 16],
      ],
      '#c9a26b',
    ),
    ...dots([19, 21], '#c9a26b', 1),
  ],
  tornado: () =>
    bars(
      [
        [5, 3, 21],
        [9, 5, 19],
        [13, 8, 17],
        [17, 10, 15],
        [21, 11, 13],
      ],
      '#8d99a6',
    ),
  hot: () => [...thermometer('#e5533d'), ...rays(19, 5, 2, 3.6)],
  cold: () => [...thermometer('#3d8be5'), ...dots([19], '#9fd3f5', 1.4)],
  thermometer: () => thermometer('#8d99a6'),
};

const BY_KIND: Record<Kind, string[]> = {
  clear: ['晴'],
  fewClouds: ['少云', '晴间多云'],
  cloudy: ['多云'],
  overcast: ['阴'],
  breeze: ['有风', '平静', '微风', '和风', '清风'],
  gale: ['强风/劲风', '疾风', '大风', '烈风', '风暴', '狂爆风', '飓风', '热带风暴'],
  haze: ['霾', '中度霾', '重度霾', '严重霾'],
  shower: ['阵雨', '强阵雨'],
  thunder: ['雷阵雨', '强雷阵雨'],
  hail: ['雷阵雨并伴有冰雹'],
  rain: ['毛毛雨/细雨', '雨', '小雨', '中雨', '小雨-中雨', '中雨-大雨'],
  heavyRain: ['大雨', '暴雨', '大暴雨', '特大暴雨', '极端降雨', '大雨-暴雨', '暴雨-大暴雨', '大暴雨-特大暴雨'],
  sleet: ['雨雪天气', '雨夹雪', '阵雨夹雪', '冻雨'],
  snow: ['雪', '阵雪', '小雪', '中雪', '大雪', '暴雪', '小雪-中雪', '中雪-大雪', '大雪-暴雪'],
  dust: ['浮尘', '扬沙', '沙尘暴', '强沙尘暴'],
  tornado: ['龙卷风'],
  fog: ['雾', '浓雾', '强浓雾', '轻雾', '大雾', '特强浓雾'],
  hot: ['热'],
  cold: ['冷'],
  unknown: ['未知'],
};

export const WEATHER_KIND: ReadonlyMap<string, Kind> = new Map(
  (Object.entries(BY_KIND) as [Kind, string[]][]).flatMap(([kind, names]) => names.map((n) => [n, kind] as const)),
);

/**
 * The words for a condition: the service's own Chinese name on a Chinese page, the kind's name in
 * English. A park's own station measures but names no sky: then no word at all, rather than "unknown".
 */
export function weatherWord(condition: string, english: boolean, t: (key: string) => string): string | null {
  if (!condition.trim()) return null;
  return english ? t(`weather.kind.${WEATHER_KIND.get(condition.trim()) ?? 'unknown'}`) : condition;
}

/** SPEC §9: night runs from 18:00 to 05:59, at the park (not where the browser is). */
export function isNight(at: Date | number, zone = parkZone()): boolean {
  const h = inPark(at, zone).hour();
  return h >= 18 || h < 6;
}

/** The parts of a condition's icon at that moment, for tests and for `weatherIcon`. */
export function weatherParts(condition: string, at: Date | number = Date.now(), zone = parkZone()): Part[] {
  const kind = WEATHER_KIND.get(condition.trim()) ?? 'unknown';
  return isNight(at, zone) ? ICONS[kind].night : ICONS[kind].day;
}

/**
 * The icon of a condition, day or night at the park, as a small inline SVG of the text's size (1em).
 * Emoji were used before; Linux without an emoji font (many wall screens and kiosks) showed boxes.
 */
export function weatherIcon(condition: string, at: Date | number = Date.now(), zone = parkZone()): ReactElement {
  const parts = weatherParts(condition, at, zone);
  return el(
    'svg',
    {
      viewBox: '0 0 24 24',
      width: '1.25em',
      height: '1.25em',
      role: 'img',
      'aria-hidden': true,
      'data-weather-icon': parts.join(' '),
      style: { verticalAlign: '-0.3em', flex: 'none' },
    },
    ...parts.flatMap((p) => DRAW[p]()),
  );
}
