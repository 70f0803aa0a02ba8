/** GET /api/merchant/weather/getWeatherNow: the top bar's weather of a park. */
export interface WeatherNow {
  /** provider: the configured weather service; station: the park's own weather station; none: neither. */
  source: 'provider' | 'station' | 'none';
  city: string | null;
  temperature: number | null;
  /** A condition name of the console's weather icon table (utils/weatherIcon.ts); '' when unknown. */
  weather: string;
  /** When the station read it (epoch ms); null for the provider. */
  at: number | null;
}
