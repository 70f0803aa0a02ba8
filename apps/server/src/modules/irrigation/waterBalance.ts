import {
  addDays,
  dayIn,
  effectiveRainMm,
  IRRIGATION_EFFICIENCY_DEFAULT,
  thresholdCondition,
  type WaterBalanceDay,
  type WaterBalanceMissing,
  type ZoneWaterBalance,
  type ZoneWaterBalanceQuery,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { notFound } from '../../http/apiError';
import { type ScopeSource, scopeOf } from '../../http/scope';
import { decodeRule } from '../../rules/store';
import * as agronomyRepo from '../agronomy/repo';
import { et0List } from '../agronomy/service';
import { zoneOfPark } from '../parks/repo';
import { stagesOf } from '../production/core/cropsRepo';
import { rollupRows } from '../telemetry/repo';
import * as repo from './repo';
import { smartConfig } from './smartRule';
import { plotPlantings } from './waterBalanceRepo';
import { zoneRows } from './zonesRepo';

const DAY_MS = 86_400_000;
const r2 = (v: number) => Math.round(v * 100) / 100;
const r3 = (v: number) => Math.round(v * 1000) / 1000;
/** Growing plantings have no end yet. */
const OPEN_END = '9999-12-31';

type Planting = Awaited<ReturnType<typeof plotPlantings>>[number];
const endOf = (p: Planting) => (p.status === 'growing' ? OPEN_END : p.expected_harvest_on);
/** The planting on the plot that day: the latest sown whose season holds it. */
const plantingOn = (list: Planting[], day: string) =>
  list.filter((p) => p.sown_on <= day && day <= endOf(p)).at(-1) ?? null;
const daysFrom = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};

/** Daily sums (or means) of a device's key by day (rollup days are the server's TZ_NAME days, as ET0's). */
async function dailyOf(db: Db, deviceId: number, key: string, days: string[], tzName: string, mean: boolean) {
  const out = new Map<string, number>();
  const start = Date.parse(`${days[0]}T00:00:00Z`) - DAY_MS;
  const end = Date.parse(`${days[days.length - 1]}T00:00:00Z`) + 2 * DAY_MS;
  for (const r of await rollupRows(db, 'telemetry_daily', [deviceId], [key], start, end)) {
    const count = Number(r.count);
    if (count === 0) continue;
    out.set(dayIn(tzName, Number(r.bucket)), mean ? Number(r.sum) / count : Number(r.sum));
  }
  return out;
}

/** The soil sensor that serves a zone: the one the park's first smart rule watering it binds. */
async function servingSensor(db: Db, who: ScopeSource, groupId: number, deviceId: number, zoneNo: number) {
  for (const row of await repo.smartRules(db, scopeOf(who), groupId)) {
    const rule = decodeRule(row, smartConfig, thresholdCondition);
    if (rule.config.machineId !== deviceId || !rule.config.zones.includes(zoneNo) || rule.deviceId === null) continue;
    const sensor = await repo.findDevice(db, scopeOf(who), rule.deviceId);
    // a deficit rule's condition is on the deficit; its soil reading is the wet check's key
    const key = rule.config.deficit?.wetKey ?? rule.condition.key;
    if (sensor) return { deviceId: sensor.id, deviceName: sensor.name, key };
  }
  return null;
}

/**
 * A zone's water balance per day (docs/IRRIGATION.md, "Water balance per zone"). The depletion runs from the
 * sowing of the planting growing on `from` (the soil taken at field capacity then), so the same day has the
 * same deficit whatever range is asked. `to` is cut at today, whose row holds the rain and water so far.
 */
export async function zoneWaterBalance(
  db: Db,
  who: ScopeSource,
  q: ZoneWaterBalanceQuery,
  tzName: string,
  now = Date.now(),
): Promise<ZoneWaterBalance> {
  const scope = scopeOf(who);
  const device = await repo.findDevice(db, scope, q.deviceId);
  if (!device || device.group_id !== q.groupId) throw notFound(`deviceId ${q.deviceId}: machine`);
  const zone = (await zoneRows(db, scope, q.groupId, [q.deviceId])).find((z) => z.zone_no === q.zoneNo);
  const areaM2 = zone?.area_m2 ?? (zone?.plot_area_ha != null ? zone.plot_area_ha * 10_000 : null);
  const efficiency = zone?.efficiency ?? IRRIGATION_EFFICIENCY_DEFAULT;
  const park = await zoneOfPark(db, q.groupId, tzName);
  const today = dayIn(park, now);
  // ISO days sort as text: the earlier of the two
  const to = [q.to, today].sort()[0];
  const plantings = zone?.area_point_id ? await plotPlantings(db, scope, q.groupId, zone.area_point_id) : [];
  const first = plantingOn(plantings, q.from);
  const start = first && first.sown_on < q.from ? first.sown_on : q.from;
  const head = {
    deviceId: q.deviceId,
    zoneNo: q.zoneNo,
    zoneName: zone ? zone.name || zone.area_name || null : null,
    areaM2: areaM2 === null ? null : r2(areaM2),
    areaSource: zone?.area_m2 != null ? ('zone' as const) : areaM2 !== null ? ('plot' as const) : null,
    efficiency,
  };
  const station = await agronomyRepo.weatherStation(db, scope, q.groupId);
  const sensor = await servingSensor(db, who, q.groupId, q.deviceId, q.zoneNo);
  const missing: WaterBalanceMissing[] = [];
  if (areaM2 === null) missing.push('area');
  if (!station) missing.push('station');
  if (start > to) return { ...head, station: null, sensor, missing, days: [] };
  const days = daysFrom(start, to);

  const et0 = await et0List(db, who, { groupId: q.groupId, from: start, to }, tzName, now);
  const et0By = new Map(et0.days.map((d) => [d.date, d.et0Mm]));
  const stages = await stagesOf(db, scope, [...new Set(plantings.map((p) => p.crop_id))]);
  const rain = station ? await dailyOf(db, station.id, 'rainfall', days, tzName, false) : new Map<string, number>();
  const soil = sensor ? await dailyOf(db, sensor.deviceId, sensor.key, days, tzName, true) : new Map();
  const applied = new Map<string, number>();
  const startMs = Date.parse(`${start}T00:00:00Z`) - 2 * DAY_MS;
  for (const run of await repo.runsOverlapping(db, scope, q.deviceId, startMs, now)) {
    const zones = JSON.parse(run.zones) as number[];
    if (!zones.includes(q.zoneNo) || run.water_m3 === null) continue;
    const day = dayIn(park, Number(run.started_at));
    // the machine has one meter: a run's water is split evenly over its zones (as water by zone)
    applied.set(day, (applied.get(day) ?? 0) + run.water_m3 / zones.length);
  }

  let deficit = 0;
  let plantingId: number | null = null;
  let kcSeen = false;
  const rows: WaterBalanceDay[] = days.map((date) => {
    const p = plantingOn(plantings, date);
    const stage = p
      ? (stages.find(
          (s) =>
            s.cropId === p.crop_id &&
            Math.round((Date.parse(date) - Date.parse(p.sown_on)) / DAY_MS) >= s.startDay &&
            Math.round((Date.parse(date) - Date.parse(p.sown_on)) / DAY_MS) <= s.endDay,
        ) ?? null)
      : null;
    const kc = stage?.kc ?? null;
    if (kc !== null) kcSeen = true;
    const et0Mm = et0By.get(date) ?? null;
    const etcMm = kc !== null && et0Mm !== null ? r2(kc * et0Mm) : null;
    const rainMm = station ? r2(rain.get(date) ?? 0) : null;
    const effective = r2(effectiveRainMm(rainMm ?? 0));
    const appliedM3 = r3(applied.get(date) ?? 0);
    const appliedMm = areaM2 === null ? null : r2((appliedM3 / areaM2) * 1000);
    const netMm = appliedMm === null ? null : r2(appliedMm * efficiency);
    const moisture = soil.get(date);
    // a new planting starts at field capacity; no planting, no root zone to deplete
    if (p?.id !== plantingId) deficit = 0;
    plantingId = p?.id ?? null;
    if (p) deficit = r2(Math.max(0, deficit + (etcMm ?? 0) - effective - (netMm ?? 0)));
    return {
      date,
      stageName: stage?.name ?? null,
      kc,
      et0Mm,
      etcMm,
      rainMm,
      effectiveRainMm: effective,
      appliedM3,
      appliedMm,
      netIrrigationMm: netMm,
      soilMoisture: moisture === undefined ? null : r2(moisture),
      deficitMm: p ? deficit : null,
    };
  });
  if (!kcSeen) missing.push('planting');
  const stationRef = station ? { deviceId: station.id, deviceName: station.name } : null;
  return { ...head, station: stationRef, sensor, missing, days: rows.filter((d) => d.date >= q.from) };
}

/** The zone's deficit now (today's row: yesterday's depletion less today's rain and water so far). */
export async function zoneDeficitNow(
  db: Db,
  rule: { merchantId: number; groupId: number },
  ref: { deviceId: number; zoneNo: number },
  tzName: string,
  now: number,
) {
  const who = { merchantId: rule.merchantId, groupIds: [rule.groupId] };
  const today = dayIn(await zoneOfPark(db, rule.groupId, tzName), now);
  const b = await zoneWaterBalance(db, who, { groupId: rule.groupId, ...ref, from: today, to: today }, tzName, now);
  return { balance: b, today: b.days.at(-1) ?? null };
}
