import { placeOf } from './src/models/place';
import { rainRateAtHour, weatherAt } from './src/models/weather';
import { dayOfYear, sunElevation } from './src/sun';

const p = placeOf(39.9, 116.4);
const t0 = Date.UTC(2024, 0, 1);
for (const [name, fn] of [
  ['weatherAt', (t: number) => weatherAt(t, p).airTemp],
  ['rain', (t: number) => rainRateAtHour(p, Math.floor(t / 3.6e6))],
  ['sun', (t: number) => sunElevation(t, 39.9, 116.4)],
  ['doy', (t: number) => dayOfYear(t)],
] as const) {
  let s = 0;
  const a = performance.now();
  for (let i = 0; i < 200_000; i++) s += fn(t0 + i * 600_000);
  console.log(name, ((performance.now() - a) / 200).toFixed(2), 'us/call', s > 0);
}
