import type { WeatherNow } from '@farmpark/contracts';
import { get } from './request';

// silent: the top bar's weather is a nicety; a failure must not toast on every page.
export const getWeatherNow = (groupId: number) =>
  get<WeatherNow>('/api/merchant/weather/getWeatherNow', { groupId }, { silent: true });
