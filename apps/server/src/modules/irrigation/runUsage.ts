import { RUN_SILENCE_MIN_MS, TANK_CAPACITY_L, TANKS, type Tank } from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import * as repo from './repo';
import { parseJson, round } from './runRecord';

export type Values = Map<string, { ts: number; value: number }>;

/** The meters a run is measured by: the water counter, the dosing meters (litres), the tank levels (%). */
const DOSING = ['dosed1', 'dosed2', 'dosed3', 'dosed4'] as const;
const METERS = ['totalWater', ...DOSING, ...TANKS] as const;

/**
 * Volumes so far from the machine's counters: water from totalWater; fertiliser from the dosing
 * meters (dosed1..4, litres) when the machine has them, else from the tank level drop (whose 1 %
 * resolution is TANK_CAPACITY_L / 100 litres, so short runs may show none).
 */
export function usage(r: Pick<repo.RunRow, 'water_start' | 'tanks_start'>, values: Values) {
  const set: { water_m3?: number; fertiliser?: string } = {};
  const water = values.get('totalWater')?.value;
  if (r.water_start !== null && water !== undefined) set.water_m3 = Math.max(0, round(water - r.water_start, 3));
  const startLevels = parseJson<Record<string, number | undefined>>(r.tanks_start, {});
  const used: Partial<Record<Tank, number>> = {};
  TANKS.forEach((t, i) => {
    const meter = DOSING[i];
    const metered = startLevels[meter];
    const before = startLevels[t];
    if (metered !== undefined && values.has(meter)) {
      used[t] = Math.max(0, round((values.get(meter)?.value as number) - metered, 2));
    } else if (before !== undefined && values.has(t)) {
      used[t] = Math.max(0, round(((before - (values.get(t)?.value as number)) / 100) * TANK_CAPACITY_L, 2));
    }
  });
  if (Object.keys(used).length > 0) set.fertiliser = JSON.stringify(used);
  return set;
}

/** What a run keeps of the meters at its start: the water counter and the tanks' meters and levels. */
export function startOf(values: Values) {
  const tanks = Object.fromEntries(
    [...TANKS, ...DOSING].filter((k) => values.has(k)).map((k) => [k, values.get(k)?.value]),
  );
  return {
    water_start: values.get('totalWater')?.value ?? null,
    tanks_start: Object.keys(tanks).length ? JSON.stringify(tanks) : null,
  };
}

/**
 * The meters when the machine confirmed the start. The machine was idle before it, so the last reading
 * at or before that moment is exact; a reading committed later (the supervisor's tick may come after the
 * run's first readings) would count some of the run's water as before it. `latest` fills meters that
 * have no stored reading yet.
 */
export async function metersAtStart(db: Db, deviceId: number, startedAt: number, latest: Values): Promise<Values> {
  const before = await repo.metersAt(db, deviceId, METERS, startedAt, 'before');
  for (const [k, v] of latest) if (!before.has(k) && v.ts <= startedAt) before.set(k, v);
  return before.size ? before : latest;
}

/**
 * Settles a run stopped at the machine's acknowledgement: "stopped" is shown at the ack, but the readings
 * that measure the run up to it may not be committed yet (a stop confirmed before any reading after the
 * start once recorded 0 m³ although water flowed). Once a reading at or after the stop is stored, the run's
 * usage is read again between the meters at its start and the first readings after its stop (those of a
 * water-fertiliser machine include the clean-water flush up to that reading, as a run that ends by itself
 * includes its flush). With no reading after the stop within the silence window, the last readings stand.
 * Returns the columns to write, or null while it should wait.
 */
export async function settledUsage(db: Db, r: repo.RunRow, now: number, silenceMs: number) {
  const stopAt = Number(r.ended_at ?? now);
  const after = await repo.metersAt(db, r.device_id, METERS, stopAt, 'after');
  if (!after.has('totalWater') && now - stopAt < Math.max(RUN_SILENCE_MIN_MS, silenceMs)) return null;
  const end = await repo.metersAt(db, r.device_id, METERS, stopAt, 'before');
  for (const [k, v] of after) end.set(k, v);
  const start = startOf(await repo.metersAt(db, r.device_id, METERS, Number(r.started_at ?? r.created_at), 'before'));
  // Readings dropped by retention: keep what was measured at the start.
  const from = {
    water_start: start.water_start ?? r.water_start,
    tanks_start: start.tanks_start ?? r.tanks_start,
  };
  return { ...from, ...usage(from, end), usage_settled: 1 };
}
