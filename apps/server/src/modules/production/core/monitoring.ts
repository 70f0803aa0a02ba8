import type { IdealRange, PlantingParamStatus, PlotSensor } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { sensorDevices, servingKey } from './plotSensors';
import { hourlyOf, latestOf } from './plotsRepo';

const HOUR = 3_600_000;
export const WINDOW_HOURS = 7 * 24;

const outside = (v: number, r: IdealRange) => (r.min !== null && v < r.min) || (r.max !== null && v > r.max);

/**
 * The hours of the last 7 days whose mean, over the devices serving the key, lay outside the
 * range: read from the hourly rollups (sum / count per device and hour), never from raw readings, so a
 * planting page costs at most 168 rows per device and key. The window holds the hour buckets that start at
 * or after `now - 168 h`. The current stage's range is applied to the whole week.
 */
export async function hoursOutOfRange(db: Db, deviceIds: number[], r: IdealRange, now: number): Promise<number> {
  if (deviceIds.length === 0) return 0;
  const rows = await hourlyOf(db, deviceIds, r.key, now - WINDOW_HOURS * HOUR);
  const hours = new Map<number, { sum: number; count: number }>();
  for (const row of rows) {
    const b = Number(row.bucket);
    const h = hours.get(b) ?? { sum: 0, count: 0 };
    h.sum += Number(row.sum);
    h.count += Number(row.count);
    hours.set(b, h);
  }
  let out = 0;
  for (const h of hours.values()) if (h.count > 0 && outside(h.sum / h.count, r)) out++;
  return out;
}

/**
 * Each ranged parameter against the devices serving its key on the plot (plotSensors.ts): its value now
 * (mean of their latest), in range or not, hours out. A key no sensor serves reads as no data.
 */
export async function paramStatuses(
  db: Db,
  sensors: readonly PlotSensor[],
  ranges: IdealRange[],
  now = Date.now(),
  withHours = true,
): Promise<PlantingParamStatus[]> {
  if (ranges.length === 0) return [];
  const deviceIds = sensorDevices(sensors);
  const latest =
    deviceIds.length > 0
      ? await latestOf(
          db,
          deviceIds,
          ranges.map((r) => r.key),
        )
      : [];
  return Promise.all(
    ranges.map(async (r) => {
      const serving = servingKey(sensors, r.key);
      const values = latest.filter((l) => l.key === r.key && serving.includes(l.device_id)).map((l) => Number(l.value));
      const value = values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null;
      return {
        key: r.key,
        min: r.min,
        max: r.max,
        now: value === null ? null : Math.round(value * 100) / 100,
        inRange: value === null ? null : !outside(value, r),
        hoursOut7d: withHours ? await hoursOutOfRange(db, serving, r, now) : 0,
      };
    }),
  );
}
