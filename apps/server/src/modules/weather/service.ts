import type { WeatherNow } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { type ProviderConfig, providerWeather } from './provider';
import { latestStationReadings, type StationReading } from './repo';

/** Readings older than this say nothing about the weather now. */
const FRESH_MS = 3 * 3600_000;
const RAIN_WINDOW_MS = 3600_000;

/**
 * A condition from the station's own sensors: rain when the rain counter rose within the last hour,
 * otherwise by daylight (lux). In the dark the sky cannot be read, so the condition stays unknown.
 */
export function stationCondition(readings: StationReading[], now: number): string {
  const rain = readings.find((r) => r.key === 'rainfall');
  if (
    rain &&
    rain.prevValue !== null &&
    rain.prevTs !== null &&
    rain.value > rain.prevValue &&
    now - rain.ts <= RAIN_WINDOW_MS
  ) {
    const perHour = ((rain.value - rain.prevValue) * 3600_000) / Math.max(rain.ts - rain.prevTs, 60_000);
    return perHour >= 8 ? '大雨' : perHour >= 2.5 ? '中雨' : '小雨';
  }
  const lux = readings.find((r) => r.key === 'illuminance');
  if (!lux || now - lux.ts > FRESH_MS || lux.value < 1000) return '';
  if (lux.value >= 30000) return '晴';
  if (lux.value >= 10000) return '多云';
  return '阴';
}

async function fromStation(db: Db, who: AuthContext, groupId: number, now: number): Promise<WeatherNow> {
  const readings = (await latestStationReadings(db, scopeOf(who), groupId)).filter((r) => now - r.ts <= FRESH_MS);
  const temp = readings.find((r) => r.key === 'airTemp');
  if (readings.length === 0) return { source: 'none', city: null, temperature: null, weather: '', at: null };
  return {
    source: 'station',
    city: null,
    temperature: temp ? Math.round(temp.value * 10) / 10 : null,
    weather: stationCondition(readings, now),
    at: Math.max(...readings.map((r) => r.ts)),
  };
}

/**
 * The top bar's weather (SPEC §3, §7): the weather service where the caller is, when a key is
 * configured and the service answers; otherwise the park's own weather station.
 */
export async function weatherNow(
  db: Db,
  who: AuthContext,
  groupId: number,
  provider: ProviderConfig,
  ip: string,
  now = Date.now(),
): Promise<WeatherNow> {
  if (provider.key) {
    try {
      const w = await providerWeather(provider, ip);
      return { source: 'provider', city: w.city || null, temperature: w.temperature, weather: w.weather, at: null };
    } catch {
      // The service is down or cannot place the address: the park's station still knows the weather.
    }
  }
  return fromStation(db, who, groupId, now);
}
