import { get } from './request';

/** GET /api/merchant/weather/getWeatherNow (apps/server/src/modules/weather). */
export interface WeatherNow {
  source: 'provider' | 'station' | 'none';
  city: string | null;
  temperature: number | null;
  /** A condition name of utils/weatherIcon.ts; '' when unknown. */
  weather: string;
  at: number | null;
}

// silent: the top bar's weather is a nicety; a failure must not toast on every page.
export const getWeatherNow = (groupId: number) =>
  get<WeatherNow>('/api/merchant/weather/getWeatherNow', { groupId }, { silent: true });
