import { inPark, parkZone } from './time';

/**
 * Weather condition -> day/night icon (SPEC §3, §9). Conditions are the Chinese phenomenon names that
 * Chinese weather services report (about 65); each belongs to a kind, and a kind has a day and a
 * night icon. Icons are plain emoji so no image assets are needed.
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

const ICONS: Record<Kind, { day: string; night: string }> = {
  clear: { day: '☀️', night: '🌙' },
  fewClouds: { day: '🌤️', night: '🌙' },
  cloudy: { day: '⛅', night: '☁️' },
  overcast: { day: '☁️', night: '☁️' },
  breeze: { day: '🍃', night: '🍃' },
  gale: { day: '💨', night: '💨' },
  haze: { day: '🌫️', night: '🌫️' },
  shower: { day: '🌦️', night: '🌧️' },
  thunder: { day: '⛈️', night: '⛈️' },
  hail: { day: '🧊', night: '🧊' },
  rain: { day: '🌧️', night: '🌧️' },
  heavyRain: { day: '🌊', night: '🌊' },
  sleet: { day: '🌨️', night: '🌨️' },
  snow: { day: '❄️', night: '❄️' },
  dust: { day: '🏜️', night: '🏜️' },
  tornado: { day: '🌪️', night: '🌪️' },
  fog: { day: '🌁', night: '🌁' },
  hot: { day: '🥵', night: '🥵' },
  cold: { day: '🥶', night: '🥶' },
  unknown: { day: '🌡️', night: '🌡️' },
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

/** SPEC §9: night runs from 18:00 to 05:59, at the park (not where the browser is). */
export function isNight(at: Date | number, zone = parkZone()): boolean {
  const h = inPark(at, zone).hour();
  return h >= 18 || h < 6;
}

export function weatherIcon(condition: string, at: Date | number = Date.now(), zone = parkZone()): string {
  const kind = WEATHER_KIND.get(condition.trim()) ?? 'unknown';
  return isNight(at, zone) ? ICONS[kind].night : ICONS[kind].day;
}
