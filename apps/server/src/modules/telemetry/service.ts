import {
  type AggregateQuery,
  type AggregateResult,
  Code,
  classAllowed,
  type DeviceClass,
  type DeviceParamConfig,
  type Lang,
  MAX_SERIES_POINTS,
  type Paged,
  type ParamDataQuery,
  type ParamDataRow,
  type ParamSetting,
  type SeriesQuery,
  type SeriesResult,
} from '@farmpark/contracts';
import type { Db } from '../../db/connect';
import { ApiError, notFound } from '../../http/apiError';
import { requirePark, scopeOf } from '../../http/scope';
import type { AuthContext } from '../auth/sessions';
import { DAY_MS, HOUR_MS, type ZoneClock } from './buckets';
import { groupViews, knownKeys, paramViews } from './params';
import * as repo from './repo';

/**
 * Which devices a route may reach: a family route (weather, soil...) only its classes; a generic route
 * (`terminal/data/*`) any class whose page family the caller holds (CLASS_PERMIT_URL).
 */
export type ClassGuard = { classes: readonly DeviceClass[] } | 'byPermission';

function allowed(auth: AuthContext, guard: ClassGuard, cls: DeviceClass): boolean {
  return guard === 'byPermission' ? classAllowed(auth.grants, cls) : guard.classes.includes(cls);
}

export async function deviceFor(db: Db, auth: AuthContext, deviceId: number, guard: ClassGuard) {
  const d = await repo.findDevice(db, scopeOf(auth), deviceId);
  if (!d) throw notFound(`deviceId ${deviceId}: device`);
  const cls = d.device_class as DeviceClass;
  if (guard !== 'byPermission' && !guard.classes.includes(cls)) {
    throw notFound(`deviceId ${deviceId}: device of class ${guard.classes.join(' or ')}`);
  }
  if (!allowed(auth, guard, cls)) throw new ApiError(Code.PERMISSION_DENIED);
  return d;
}

export function checkKeys(cls: DeviceClass, keys: readonly string[], field = 'keys'): void {
  const known = knownKeys(cls);
  const bad = keys.filter((k) => !known.has(k));
  if (bad.length) throw new ApiError(Code.VALIDATION, `${field}: ${bad.join(', ')} is not a parameter of ${cls}`);
}

async function configsOf(db: Db, devices: repo.DeviceRow[], lang: Lang): Promise<DeviceParamConfig[]> {
  const ids = devices.map((d) => d.id);
  const [settings, sorts, latest] = await Promise.all([
    repo.paramSettings(db, ids),
    repo.groupSorts(db, ids),
    repo.latestValues(db, ids),
  ]);
  return devices.map((d) => {
    const cls = d.device_class as DeviceClass;
    const groups = groupViews(
      cls,
      lang,
      sorts.filter((s) => s.device_id === d.id),
    );
    const latestOf: DeviceParamConfig['latest'] = {};
    for (const l of latest) {
      if (l.device_id === d.id) latestOf[l.key] = { value: l.value, ts: Number(l.ts), prev: l.prev_value };
    }
    return {
      deviceId: d.id,
      serial: d.serial,
      deviceName: d.name,
      deviceClass: cls,
      model: d.model,
      online: Boolean(d.online),
      lastReportAt: d.last_seen_at === null ? null : Number(d.last_seen_at),
      groups,
      params: paramViews(
        cls,
        lang,
        settings.filter((s) => s.device_id === d.id),
        groups,
      ),
      latest: latestOf,
    };
  });
}

export async function initParamConfigList(
  db: Db,
  auth: AuthContext,
  groupId: number,
  classes: readonly DeviceClass[],
  lang: Lang,
): Promise<DeviceParamConfig[]> {
  requirePark(auth, groupId);
  const devices = await repo.parkDevicesOfClasses(db, scopeOf(auth), groupId, classes);
  return configsOf(db, devices, lang);
}

export async function deviceParamConfig(db: Db, auth: AuthContext, deviceId: number, lang: Lang) {
  const d = await repo.findDevice(db, scopeOf(auth), deviceId);
  if (!d) throw notFound(`deviceId ${deviceId}: device`);
  const [config] = await configsOf(db, [d], lang);
  return config;
}

export async function alterDeviceParamConfig(db: Db, auth: AuthContext, deviceId: number, params: ParamSetting[]) {
  const d = await repo.findDevice(db, scopeOf(auth), deviceId);
  if (!d) throw notFound(`deviceId ${deviceId}: device`);
  checkKeys(
    d.device_class as DeviceClass,
    params.map((p) => p.key),
    'params.key',
  );
  const existing = new Map((await repo.paramSettings(db, [deviceId])).map((s) => [s.key, s]));
  // A field left out keeps its current override; null resets it to the model's default.
  const pick = <T>(next: T | null | undefined, cur: T | null | undefined): T | null =>
    next === undefined ? (cur ?? null) : next;
  await repo.upsertParamSettings(
    db,
    deviceId,
    params.map((p) => {
      const cur = existing.get(p.key);
      const hidden = p.hidden === undefined ? (cur?.hidden ?? null) : p.hidden === null ? null : p.hidden ? 1 : 0;
      return {
        key: p.key,
        name: pick(p.name === '' ? null : p.name, cur?.name),
        unit: pick(p.unit, cur?.unit),
        decimals: pick(p.decimals, cur?.decimals),
        hidden,
        sort: pick(p.sort, cur?.sort),
      };
    }),
  );
  return deviceParamConfig(db, auth, deviceId, 'zh');
}

export async function groupVarSort(db: Db, auth: AuthContext, deviceId: number, lang: Lang) {
  const config = await deviceParamConfig(db, auth, deviceId, lang);
  return config.groups;
}

export async function alterGroupVarSort(db: Db, auth: AuthContext, deviceId: number, groups: string[]) {
  const d = await repo.findDevice(db, scopeOf(auth), deviceId);
  if (!d) throw notFound(`deviceId ${deviceId}: device`);
  const known = groupViews(d.device_class as DeviceClass, 'en', []).map((g) => g.key);
  const unknown = groups.filter((g) => !known.includes(g));
  if (unknown.length)
    throw new ApiError(Code.VALIDATION, `groups: ${unknown.join(', ')} is not a variable group of this device`);
  if (new Set(groups).size !== groups.length) throw new ApiError(Code.VALIDATION, 'groups: a group is listed twice');
  // groups not named keep their model order after the named ones
  const full = [...groups, ...known.filter((k) => !groups.includes(k))];
  await repo.replaceGroupSort(db, deviceId, full);
  return groupVarSort(db, auth, deviceId, 'zh');
}

/** The keys a table or export shows when the caller names none: the device's visible parameters, in order. */
async function defaultKeys(db: Db, auth: AuthContext, deviceId: number): Promise<string[]> {
  const config = await deviceParamConfig(db, auth, deviceId, 'zh');
  return config.params.filter((p) => !p.hidden).map((p) => p.key);
}

export async function resolveKeys(db: Db, auth: AuthContext, d: repo.DeviceRow, keys: string[] | undefined) {
  if (keys) {
    checkKeys(d.device_class as DeviceClass, keys);
    return keys;
  }
  const all = await defaultKeys(db, auth, d.id);
  if (all.length === 0) throw new ApiError(Code.VALIDATION, `keys: device ${d.id} has no visible parameters`);
  return all;
}

export async function paramDataList(
  db: Db,
  auth: AuthContext,
  q: ParamDataQuery,
  guard: ClassGuard,
): Promise<Paged<ParamDataRow>> {
  const d = await deviceFor(db, auth, q.deviceId, guard);
  const keys = await resolveKeys(db, auth, d, q.keys);
  const offset = (q.pageNum - 1) * q.pageSize;
  const [total, times] = await Promise.all([
    repo.countReadingTimes(db, d.id, keys, q.startTime, q.endTime),
    repo.readingTimes(db, d.id, keys, q.startTime, q.endTime, q.pageSize, offset),
  ]);
  const list: ParamDataRow[] = times.map((ts) => ({ ts, values: {} }));
  if (times.length) {
    const at = new Map(list.map((r) => [r.ts, r]));
    const vals = await repo.valuesAt(db, d.id, keys, times[times.length - 1], times[0]);
    for (const v of vals) {
      const row = at.get(Number(v.ts));
      if (row) row.values[v.key] = v.value;
    }
  }
  return { list, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** `auto`: raw up to 3 days, hourly up to MAX_SERIES_POINTS hours, daily up to that many days, else monthly. */
export function pickInterval(q: Pick<SeriesQuery, 'interval' | 'startTime' | 'endTime'>): SeriesResult['interval'] {
  if (q.interval !== 'auto') return q.interval;
  const span = q.endTime - q.startTime;
  if (span <= 3 * DAY_MS) return 'raw';
  if (span <= MAX_SERIES_POINTS * HOUR_MS) return 'hour';
  if (span <= MAX_SERIES_POINTS * DAY_MS) return 'day';
  return 'month';
}

function tooMany(interval: string, q: { startTime: number; endTime: number }, width: number) {
  if ((q.endTime - q.startTime) / width > MAX_SERIES_POINTS) {
    throw new ApiError(
      Code.VALIDATION,
      `interval: ${interval} buckets over this range give more than ${MAX_SERIES_POINTS} points; choose a coarser interval or auto`,
    );
  }
}

type Bucketed = Awaited<ReturnType<typeof repo.rollupRows>>[number];

/** Daily rows folded into local months. Rows must be ordered by device, key, bucket. */
function toMonths(rows: Bucketed[], clock: ZoneClock): Bucketed[] {
  const out: Bucketed[] = [];
  for (const r of rows) {
    const m = clock.monthBucket(Number(r.bucket));
    const last = out[out.length - 1];
    if (last && last.device_id === r.device_id && last.key === r.key && last.bucket === m) {
      last.min = Math.min(last.min, r.min);
      last.max = Math.max(last.max, r.max);
      last.sum += r.sum;
      last.count += r.count;
    } else out.push({ ...r, bucket: m });
  }
  return out;
}

async function bucketRows(
  db: Db,
  clock: ZoneClock,
  interval: 'hour' | 'day' | 'month',
  deviceIds: number[],
  keys: string[],
  start: number,
  end: number,
): Promise<Bucketed[]> {
  if (interval === 'hour') {
    return repo.rollupRows(db, 'telemetry_hourly', deviceIds, keys, Math.floor(start / HOUR_MS) * HOUR_MS, end);
  }
  const rows = await repo.rollupRows(db, 'telemetry_daily', deviceIds, keys, clock.dayBucket(start), end);
  return interval === 'day' ? rows : toMonths(rows, clock);
}

async function devicesFor(db: Db, auth: AuthContext, ids: number[], keys: string[], guard: ClassGuard) {
  const unique = [...new Set(ids)];
  const devices = await repo.findDevices(db, scopeOf(auth), unique);
  for (const id of unique) {
    const d = devices.find((x) => x.id === id);
    if (!d) throw notFound(`deviceIds ${id}: device`);
    if (guard !== 'byPermission' && !guard.classes.includes(d.device_class as DeviceClass)) {
      throw notFound(`deviceIds ${id}: device of class ${guard.classes.join(' or ')}`);
    }
    if (!allowed(auth, guard, d.device_class as DeviceClass)) throw new ApiError(Code.PERMISSION_DENIED);
  }
  // a key is accepted when at least one of the devices has it; series of devices without it stay empty
  const known = new Set(devices.flatMap((d) => [...knownKeys(d.device_class as DeviceClass)]));
  const bad = keys.filter((k) => !known.has(k));
  if (bad.length) throw new ApiError(Code.VALIDATION, `keys: ${bad.join(', ')} is not a parameter of these devices`);
  return unique;
}

export async function series(
  db: Db,
  clock: ZoneClock,
  auth: AuthContext,
  q: SeriesQuery,
  guard: ClassGuard,
): Promise<SeriesResult> {
  const ids = await devicesFor(db, auth, q.deviceIds, q.keys, guard);
  const interval = pickInterval(q);
  const out: SeriesResult['series'] = [];
  if (interval === 'raw') {
    for (const deviceId of ids) {
      for (const key of q.keys) {
        const n = await repo.countRaw(db, deviceId, key, q.startTime, q.endTime);
        let points: [number, number, number, number][];
        if (n <= MAX_SERIES_POINTS) {
          const rows = await repo.rawPoints(db, deviceId, key, q.startTime, q.endTime);
          points = rows.map((r) => [Number(r.ts), r.value, r.value, r.value]);
        } else {
          // too dense to send whole: even buckets, each with its min, max and average
          const width = Math.ceil((q.endTime - q.startTime) / MAX_SERIES_POINTS);
          const rows = await repo.rawBuckets(db, deviceId, key, q.startTime, q.endTime, width);
          points = rows.map((r) => [r.ts, r.avg, r.min, r.max]);
        }
        out.push({ deviceId, key, points });
      }
    }
    return { interval, series: out };
  }
  if (interval === 'hour') tooMany('hour', q, HOUR_MS);
  if (interval === 'day') tooMany('day', q, DAY_MS);
  const rows = await bucketRows(db, clock, interval, ids, q.keys, q.startTime, q.endTime);
  for (const deviceId of ids) {
    for (const key of q.keys) {
      const points = rows
        .filter((r) => r.device_id === deviceId && r.key === key)
        .map((r): [number, number, number, number] => [Number(r.bucket), r.sum / r.count, r.min, r.max]);
      out.push({ deviceId, key, points });
    }
  }
  return { interval, series: out };
}

export const MAX_AGGREGATE_BUCKETS = 10_000;

export async function aggregates(
  db: Db,
  clock: ZoneClock,
  auth: AuthContext,
  q: AggregateQuery,
): Promise<AggregateResult> {
  const ids = await devicesFor(db, auth, q.deviceIds, q.keys, 'byPermission');
  const width = q.interval === 'hour' ? HOUR_MS : DAY_MS;
  if ((q.endTime - q.startTime) / width > MAX_AGGREGATE_BUCKETS) {
    throw new ApiError(
      Code.VALIDATION,
      `interval: more than ${MAX_AGGREGATE_BUCKETS} ${q.interval} buckets; choose a coarser interval`,
    );
  }
  const rows = await bucketRows(db, clock, q.interval, ids, q.keys, q.startTime, q.endTime);
  const out: AggregateResult['series'] = [];
  for (const deviceId of ids) {
    for (const key of q.keys) {
      out.push({
        deviceId,
        key,
        buckets: rows
          .filter((r) => r.device_id === deviceId && r.key === key)
          .map((r) => ({
            ts: Number(r.bucket),
            min: r.min,
            avg: r.sum / r.count,
            max: r.max,
            sum: r.sum,
            count: r.count,
          })),
      });
    }
  }
  return { interval: q.interval, series: out };
}

export const classPermitted = (auth: AuthContext, cls: DeviceClass) => classAllowed(auth.grants, cls);
export const permissionDenied = (): never => {
  throw new ApiError(Code.PERMISSION_DENIED);
};
