import { z } from 'zod';
import { DEVICE_CLASSES, type DeviceClass } from './deviceClasses';
import { id, pageQuery } from './envelope';

/**
 * Telemetry queries (weather|soil|spore|worm and terminal/data families, per-device variable settings).
 * Telemetry timestamps are epoch milliseconds in and out: charts and tables consume them as numbers and a
 * 2,000-point series stays compact. Inputs also accept ISO 8601 strings.
 */
export const MAX_RANGE_MS = 10 * 366 * 86_400_000;
/** A chart series never has more points than this. */
export const MAX_SERIES_POINTS = 2000;
export const MAX_SERIES_DEVICES = 20;
export const MAX_SERIES_KEYS = 20;

const epochMs = (field: string) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'number') return v;
      if (typeof v !== 'string' || v.trim() === '') return v;
      if (/^\d+$/.test(v.trim())) return Number(v);
      const parsed = Date.parse(v);
      return Number.isNaN(parsed) ? v : parsed;
    },
    z
      .number({ error: `${field} must be epoch milliseconds or an ISO 8601 time` })
      .int(`${field} must be whole milliseconds`)
      .min(0, `${field} must not be before 1970`),
  );

const KEY = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'keys must be parameter keys');
const csv = <T extends z.ZodType>(field: string, max: number, item: T) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z
      .array(item, { error: `${field} must be a comma-separated list` })
      .min(1, `${field} must name at least one`)
      .max(max, `${field} may name at most ${max}`),
  );

export const langParam = z.enum(['zh', 'en'], { error: 'lang must be zh or en' }).default('zh');
export type Lang = z.infer<typeof langParam>;

const range = z.object({ startTime: epochMs('startTime'), endTime: epochMs('endTime') });
type Ranged = z.infer<typeof range>;
const checkRange = <T extends Ranged>(v: T, ctx: z.core.$RefinementCtx<T>) => {
  if (v.endTime <= v.startTime)
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must be after startTime' });
  else if (v.endTime - v.startTime > MAX_RANGE_MS) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime: the range may span at most 10 years' });
  }
};

export const paramConfigQuery = z.object({ groupId: id, lang: langParam });
export const terminalParamConfigQuery = paramConfigQuery.extend({
  deviceClass: z.enum(DEVICE_CLASSES, { error: `deviceClass must be one of ${DEVICE_CLASSES.join(', ')}` }),
});

export const paramDataQuery = range
  .extend({ deviceId: id, keys: csv('keys', 64, KEY).optional(), ...pageQuery.shape })
  .superRefine(checkRange);
export type ParamDataQuery = z.infer<typeof paramDataQuery>;

export const SERIES_INTERVALS = ['auto', 'raw', 'hour', 'day', 'month'] as const;
export type SeriesInterval = (typeof SERIES_INTERVALS)[number];
export const seriesQuery = range
  .extend({
    deviceIds: csv('deviceIds', MAX_SERIES_DEVICES, id),
    keys: csv('keys', MAX_SERIES_KEYS, KEY),
    interval: z
      .enum(SERIES_INTERVALS, { error: `interval must be one of ${SERIES_INTERVALS.join(', ')}` })
      .default('auto'),
  })
  .superRefine(checkRange);
export type SeriesQuery = z.infer<typeof seriesQuery>;

export const AGGREGATE_INTERVALS = ['hour', 'day', 'month'] as const;
export const aggregateQuery = range
  .extend({
    deviceIds: csv('deviceIds', MAX_SERIES_DEVICES, id),
    keys: csv('keys', MAX_SERIES_KEYS, KEY),
    interval: z.enum(AGGREGATE_INTERVALS, { error: 'interval must be one of hour, day, month' }),
  })
  .superRefine(checkRange);
export type AggregateQuery = z.infer<typeof aggregateQuery>;

export const exportQuery = range
  .extend({
    deviceId: id,
    keys: csv('keys', 64, KEY).optional(),
    format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' }).default('csv'),
    lang: langParam,
  })
  .superRefine(checkRange);
export type ExportQuery = z.infer<typeof exportQuery>;

export const deviceLangQuery = z.object({ deviceId: id, lang: langParam });

const optionalText = (field: string, max: number) =>
  z.string().trim().max(max, `${field} may be at most ${max} characters`).nullable().optional();
/** One override; a field set to null goes back to the model's default, a missing field is left as is. */
export const paramSetting = z.object({
  key: z.string().min(1, 'key must not be empty'),
  name: optionalText('name', 64),
  unit: optionalText('unit', 32),
  decimals: z.number().int().min(0, 'decimals must be 0..6').max(6, 'decimals must be 0..6').nullable().optional(),
  hidden: z.boolean().nullable().optional(),
  sort: z.number().int().min(0).max(10_000).nullable().optional(),
});
export type ParamSetting = z.infer<typeof paramSetting>;
/** Form bodies carry lists as a JSON string (or, for plain strings, comma-separated); JSON bodies as arrays. */
const jsonList = (v: unknown) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};
export const alterDeviceParamConfigBody = z.object({
  deviceId: id,
  paramList: z.preprocess(
    jsonList,
    z
      .array(paramSetting, { error: 'paramList must be a list of {key, name, unit, decimals, hidden, sort}' })
      .min(1, 'paramList must list at least one parameter')
      .max(200),
  ),
});
export type AlterDeviceParamConfigBody = z.infer<typeof alterDeviceParamConfigBody>;
export const alterGroupVarSortBody = z.object({
  deviceId: id,
  groups: z.preprocess(
    (v) =>
      typeof v === 'string' && !v.trim().startsWith('[')
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : jsonList(v),
    z
      .array(z.string().min(1), { error: 'groups must list the variable group keys in order' })
      .min(1, 'groups must list the variable groups in order')
      .max(50),
  ),
});

export interface ParamView {
  key: string;
  name: string;
  unit: string;
  decimals: number;
  group: string;
  sort: number;
  hidden: boolean;
  min: number;
  max: number;
  kind: 'measure' | 'state' | 'counter';
}
export interface GroupView {
  key: string;
  name: string;
  sort: number;
}
export interface LatestValue {
  value: number;
  ts: number;
  prev: number | null;
}
export interface DeviceParamConfig {
  deviceId: number;
  serial: string;
  deviceName: string;
  deviceClass: DeviceClass;
  model: string;
  online: boolean;
  /** Epoch ms of the last message from the device; null if never heard from. */
  lastReportAt: number | null;
  groups: GroupView[];
  params: ParamView[];
  latest: Record<string, LatestValue>;
}
export interface ParamDataRow {
  ts: number;
  values: Record<string, number>;
}
export interface SeriesResult {
  interval: Exclude<SeriesInterval, 'auto'>;
  /** Points are [ts, avg, min, max]; raw points have avg = min = max. */
  series: { deviceId: number; key: string; points: [number, number, number, number][] }[];
}
export interface AggregateBucket {
  ts: number;
  min: number;
  avg: number;
  max: number;
  sum: number;
  count: number;
}
export interface AggregateResult {
  interval: 'hour' | 'day' | 'month';
  series: { deviceId: number; key: string; buckets: AggregateBucket[] }[];
}

/** Live fan-out on `web/{merchantId}/{groupId}/telemetry`, one message per park per committed batch. */
export interface LiveTelemetryMessage {
  readings: { deviceId: number; ts: number; values: Record<string, number> }[];
}

/** The page family of each data route family of SPEC §7. */
export const FAMILY_CLASSES = {
  weather: ['weatherStation'],
  soil: ['soilStation'],
  spore: ['sporeTrap'],
  worm: ['insectTrap'],
} as const satisfies Record<string, readonly DeviceClass[]>;
export type DataFamily = keyof typeof FAMILY_CLASSES;
export const FAMILY_PERMIT_URL: Record<DataFamily, string> = {
  weather: '/outdoorsEquipment/weatherWatches',
  soil: '/outdoorsEquipment/moistureMonitoring',
  spore: '/outdoorsEquipment/spore',
  worm: '/outdoorsEquipment/worm',
};
