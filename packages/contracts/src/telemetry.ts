import { z } from 'zod';
import { DEVICE_CLASSES, type DeviceClass } from './deviceClasses';
import { id, pageQuery } from './envelope';
import { ruleIssue } from './errorDetail';
import { boolField, enumField, epochMsField, intField, jsonText, listOf, optional, withDefault } from './requestValues';

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

const KEY = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/);
const csv = <T extends z.ZodType>(max: number, item: T) => listOf(item, (a) => a.min(1).max(max));

export const langParam = withDefault(enumField(['zh', 'en']), 'zh');
export type Lang = z.infer<typeof langParam>;

const range = z.object({ startTime: epochMsField(), endTime: epochMsField() });
type Ranged = z.infer<typeof range>;
const checkRange = <T extends Ranged>(v: T, ctx: z.core.$RefinementCtx<T>) => {
  if (v.endTime <= v.startTime) ctx.addIssue(ruleIssue(['endTime'], 'after', { other: 'startTime' }));
  else if (v.endTime - v.startTime > MAX_RANGE_MS) ctx.addIssue(ruleIssue(['endTime'], 'rangeYears', { max: 10 }));
};

export const paramConfigQuery = z.object({ groupId: id, lang: langParam });
export const terminalParamConfigQuery = paramConfigQuery.extend({
  deviceClass: enumField(DEVICE_CLASSES),
});

export const paramDataQuery = range
  .extend({ deviceId: id, keys: optional(csv(64, KEY)), ...pageQuery.shape })
  .superRefine(checkRange);
export type ParamDataQuery = z.infer<typeof paramDataQuery>;

export const SERIES_INTERVALS = ['auto', 'raw', 'hour', 'day', 'month'] as const;
export type SeriesInterval = (typeof SERIES_INTERVALS)[number];
export const seriesQuery = range
  .extend({
    deviceIds: csv(MAX_SERIES_DEVICES, id),
    keys: csv(MAX_SERIES_KEYS, KEY),
    interval: withDefault(enumField(SERIES_INTERVALS), 'auto'),
  })
  .superRefine(checkRange);
export type SeriesQuery = z.infer<typeof seriesQuery>;

export const AGGREGATE_INTERVALS = ['hour', 'day', 'month'] as const;
export const aggregateQuery = range
  .extend({
    deviceIds: csv(MAX_SERIES_DEVICES, id),
    keys: csv(MAX_SERIES_KEYS, KEY),
    interval: enumField(AGGREGATE_INTERVALS),
  })
  .superRefine(checkRange);
export type AggregateQuery = z.infer<typeof aggregateQuery>;

export const exportQuery = range
  .extend({
    deviceId: id,
    keys: optional(csv(64, KEY)),
    format: withDefault(enumField(['csv', 'xlsx']), 'csv'),
    lang: langParam,
  })
  .superRefine(checkRange);
export type ExportQuery = z.infer<typeof exportQuery>;

export const deviceLangQuery = z.object({ deviceId: id, lang: langParam });

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
/** One override; a field set to null goes back to the model's default, a missing field is left as is. */
export const paramSetting = z.object({
  key: z.string().min(1),
  name: optionalText(64),
  unit: optionalText(32),
  decimals: intField((n) => n.min(0).max(6))
    .nullable()
    .optional(),
  hidden: boolField().nullable().optional(),
  sort: intField((n) => n.min(0).max(10_000))
    .nullable()
    .optional(),
});
export type ParamSetting = z.infer<typeof paramSetting>;
export const alterDeviceParamConfigBody = z.object({
  deviceId: id,
  /** Form bodies carry it as JSON text. */
  paramList: jsonText(z.array(paramSetting).min(1).max(200)),
});
export type AlterDeviceParamConfigBody = z.infer<typeof alterDeviceParamConfigBody>;
export const alterGroupVarSortBody = z.object({
  deviceId: id,
  groups: listOf(z.string().trim().min(1), (a) => a.min(1).max(50)),
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
