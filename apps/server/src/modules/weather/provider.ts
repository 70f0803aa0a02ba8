/**
 * An AMap-compatible weather service (SPEC §7 "External services"): IP location gives the city's
 * adcode, the live weather of that adcode gives lives[0]. Both succeed only on infocode 10000. The key
 * stays on the server; the browser only sees the result.
 */
export interface ProviderConfig {
  key: string;
  baseUrl: string;
}

export interface ProviderWeather {
  city: string;
  temperature: number | null;
  weather: string;
}

const TIMEOUT_MS = 5000;

async function call(
  cfg: ProviderConfig,
  path: string,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const url = new URL(path, `${cfg.baseUrl}/`);
  for (const [k, v] of Object.entries({ ...params, key: cfg.key })) url.searchParams.set(k, v);
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  const body = (await res.json()) as Record<string, unknown>;
  if (String(body.infocode) !== '10000') throw new Error(`${path}: infocode ${String(body.infocode)}`);
  return body;
}

/** The weather where `ip` is; throws when the service is unreachable or cannot place the address. */
export async function providerWeather(cfg: ProviderConfig, ip: string): Promise<ProviderWeather> {
  const place = await call(cfg, 'v3/ip', { ip });
  const adcode = typeof place.adcode === 'string' ? place.adcode : '';
  if (!adcode) throw new Error('v3/ip: no adcode for this address');
  const live = await call(cfg, 'v3/weather/weatherInfo', { city: adcode, extensions: 'base' });
  const first = (Array.isArray(live.lives) ? live.lives[0] : undefined) as Record<string, unknown> | undefined;
  if (!first || typeof first.weather !== 'string') throw new Error('v3/weather/weatherInfo: no lives[0]');
  const temperature = Number(first.temperature);
  return {
    city: typeof first.city === 'string' ? first.city : String(place.city ?? ''),
    temperature: first.temperature === undefined || Number.isNaN(temperature) ? null : temperature,
    weather: first.weather,
  };
}
