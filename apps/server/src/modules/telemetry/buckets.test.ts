import { expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { DAY_MS, HOUR_MS, hourBucket, zoneClock } from './buckets';

it('starts days at local midnight of a fixed-offset zone', () => {
  const c = zoneClock('Asia/Shanghai');
  const ts = Date.UTC(2026, 10, 22, 3, 16, 0); // 11:16 local
  expect(c.dayBucket(ts)).toBe(Date.UTC(2026, 10, 21, 16, 0, 0));
  expect(c.dayBucket(Date.UTC(2026, 10, 21, 15, 59, 59))).toBe(Date.UTC(2026, 10, 20, 16, 0, 0));
  expect(c.monthBucket(ts)).toBe(Date.UTC(2026, 9, 31, 16, 0, 0));
  expect(c.nextMonth(c.monthBucket(ts))).toBe(Date.UTC(2026, 10, 30, 16, 0, 0));
  expect(hourBucket(ts)).toBe(Date.UTC(2026, 10, 22, 3, 0, 0));
});

it('follows daylight saving: a 23-hour and a 25-hour local day', () => {
  const c = zoneClock('America/New_York');
  // 2026-03-08 springs forward, 2026-11-01 falls back
  const spring = c.dayBucket(Date.UTC(2026, 2, 8, 12));
  expect(spring).toBe(Date.UTC(2026, 2, 8, 5));
  expect(c.dayBucket(Date.UTC(2026, 2, 9, 12)) - spring).toBe(DAY_MS - HOUR_MS);
  const fall = c.dayBucket(Date.UTC(2026, 10, 1, 12));
  expect(fall).toBe(Date.UTC(2026, 10, 1, 4));
  expect(c.dayBucket(Date.UTC(2026, 10, 2, 12)) - fall).toBe(DAY_MS + HOUR_MS);
  // every instant of a day maps to that day's start
  for (let t = fall; t < fall + DAY_MS + HOUR_MS; t += 15 * 60_000) expect(c.dayBucket(t)).toBe(fall);
});

it('refuses a zone or a sync mode it does not know, naming the variable', () => {
  expect(() => loadConfig({ TZ_NAME: 'Mars/Olympus' })).toThrow(/TZ_NAME/);
  expect(() => loadConfig({ TELEMETRY_SYNC: 'sometimes' })).toThrow(/TELEMETRY_SYNC/);
  expect(() => loadConfig({ MQTT_URL: 'http://broker' })).toThrow(/MQTT_URL/);
  expect(loadConfig({}).tzName).toBe('Asia/Shanghai');
  expect(loadConfig({ MQTT_URL: 'mqtts://broker:8883' }).mqttUrl).toBe('mqtts://broker:8883');
});
