import type { IdealRange, PlantingParamStatus, PlotSensor } from '@farmpark/contracts';
import type { Db } from '../../../db/connect';
import { sensorDevices, servingKey } from './plotSensors';
import { hourlyOf, latestOf } from './plotsRepo';

const HOUR = 3_600_000;
export const WINDOW_HOURS = 7 * 24;

const outside = (v: number, r: IdealRange) => (r.min !== null && v < r.min) || (r.max !== null && v > r.max);

/**
 * The mean of each hour bucket starting at or after `since`, over the devices serving the key: from the
 * hourly rollups (sum / count per device and hour), never from raw readings.
 */
async function hourlyMeans(db: Db, deviceIds: number[], key: string, since: number): Promise<Map<number, number>> {
  const hours = new Map<number, { sum: number; count: number }>();
  if (deviceIds.length === 0) return new Map();
  for (const row of await hourlyOf(db, deviceIds, key, since)) {
    const b = Number(row.bucket);
    const h = hours.get(b) ?? { sum: 0, count: 0 };
    h.sum += Number(row.sum);
    h.count += Number(row.count);
    hours.set(b, h);
  }
  const means = new Map<number, number>();
  for (const [b, h] of hours) if (h.count > 0) means.set(b, h.sum / h.count);
  return means;
}

/**
 * The hours of the last 7 days whose mean, over the devices serving the key, lay outside the range, so a
 * planting page costs at most 168 rows per device and key. The window holds the hour buckets that start at
 * or after `now - 168 h`. The current stage's range is applied to the whole week.
 */
export async function hoursOutOfRange(db: Db, deviceIds: number[], r: IdealRange, now: number): Promise<number> {
  let out = 0;
  for (const mean of (await hourlyMeans(db, deviceIds, r.key, now - WINDOW_HOURS * HOUR)).values())
    if (outside(mean, r)) out++;
  return out;
}

/** How a parameter stands for the planting alarm: its latest hour's mean and the run of hours out ending there. */
export type OutRun = { latest: null } | { latest: number; inRange: boolean; hoursOut: number };

/**
 * The consecutive hours out of range ending now, looking back at most `limit` hours: counted from the
 * current hour when it has readings, else from the hour before (an hourly check runs just after the hour
 * turns); an hour without readings ends the run (nothing says it was out). `latest: null` when neither the
 * current nor the previous hour has readings: no judgment either way.
 */
export async function outRun(db: Db, deviceIds: number[], r: IdealRange, now: number, limit: number): Promise<OutRun> {
  const current = Math.floor(now / HOUR) * HOUR;
  const means = await hourlyMeans(db, deviceIds, r.key, current - limit * HOUR);
  const start = means.has(current) ? current : current - HOUR;
  const latest = means.get(start);
  if (latest === undefined) return { latest: null };
  let hoursOut = 0;
  for (let b = start; hoursOut < limit; b -= HOUR) {
    const mean = means.get(b);
    if (mean === undefined || !outside(mean, r)) break;
    hoursOut++;
  }
  return { latest: Math.round(latest * 100) / 100, inRange: !outside(latest, r), hoursOut };
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
