import { z } from 'zod';
import type { SendCommandResult } from './commandsApi';
import { id, idList, pageQuery } from './envelope';
import { named, ruleIssue } from './errorDetail';
import {
  enumField,
  epochMsField,
  hhmmField,
  intField,
  listOf,
  numberField,
  optional,
  withDefault,
} from './requestValues';
import { workWindowTogether } from './rules';
import type { LatestValue } from './telemetry';

/**
 * Pest (insect trap) and spore (spore trap) monitoring: categories, trap photos, the detections on
 * them, statistics and trends computed from the detections, and the SPEC §7 `/sqdApi/` operations.
 * A trap tray is emptied after each photo, so a photo shows the catch since the previous one and
 * daily catches are the sum over that day's photos.
 */

export const PEST_KINDS = ['insect', 'spore'] as const;
export const pestKind = enumField(PEST_KINDS);
export type PestKind = z.infer<typeof pestKind>;
/** Device class that takes the photos of each kind. */
export const PEST_KIND_CLASS = { insect: 'insectTrap', spore: 'sporeTrap' } as const;
export const PEST_KIND_PERMIT = { insect: '/outdoorsEquipment/worm', spore: '/outdoorsEquipment/spore' } as const;

/** Box coordinates are fractions of the picture (0..1) so they survive any thumbnail or screen size. */
const unit = () => numberField((n) => n.min(0).max(1));

export const box = z.object({ x: unit(), y: unit(), w: unit(), h: unit() }).superRefine((b, ctx) => {
  if (b.w <= 0) ctx.addIssue(ruleIssue(['w'], 'moreThan', { min: 0 }));
  if (b.h <= 0) ctx.addIssue(ruleIssue(['h'], 'moreThan', { min: 0 }));
  if (b.x + b.w > 1.0001) ctx.addIssue(ruleIssue(['w'], 'outOfBounds'));
  if (b.y + b.h > 1.0001) ctx.addIssue(ruleIssue(['h'], 'outOfBounds'));
});
export type Box = z.infer<typeof box>;

/** Category code as a detector names it: lower-case Latin words joined by underscores. */
export const categoryCode = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_]{1,63}$/, named('codeChars'));

export interface PestCategory {
  categoryId: number;
  kind: PestKind;
  code: string;
  name: string;
  latinName: string;
  /** Daily catches (or spores) above which the day is marked as an alert; 0 = no threshold. */
  dailyThreshold: number;
  hasPicture: boolean;
  /** Changes when the picture changes, so the console can bust its cache. */
  pictureSha: string | null;
  updatedAt: number;
}

export const categoryListQuery = pageQuery.extend({
  kind: pestKind,
  keyword: z.string().trim().max(50).optional(),
});
export type CategoryListQuery = z.infer<typeof categoryListQuery>;

const categoryFields = {
  kind: pestKind,
  code: categoryCode,
  name: z.string().trim().min(1).max(50),
  latinName: z.string().trim().max(100).default(''),
  dailyThreshold: withDefault(
    intField((n) => n.min(0).max(1_000_000)),
    0,
  ),
};
export const addCategoryBody = z.object(categoryFields);
export type AddCategoryBody = z.infer<typeof addCategoryBody>;
export const alterCategoryBody = z.object({
  categoryId: id,
  code: optional(categoryCode),
  name: optional(categoryFields.name),
  latinName: z.string().trim().max(100).optional(),
  dailyThreshold: optional(categoryFields.dailyThreshold),
});
export type AlterCategoryBody = z.infer<typeof alterCategoryBody>;
export const removeCategoryBody = z.object({ ids: idList });

export interface TrapImage {
  imageId: number;
  deviceId: number;
  serial: string;
  deviceName: string;
  takenAt: number;
  /** Detections per categoryId (after staff corrections). */
  counts: Record<string, number>;
  total: number;
  /** True once a person changed a box of this photo. */
  corrected: boolean;
}

export interface Detection extends Box {
  detectionId: number;
  imageId: number;
  categoryId: number;
  /** The model's confidence (0..1); null for a box a person drew. */
  confidence: number | null;
  source: 'model' | 'staff';
  createdBy: string;
  updatedAt: number;
}

export const imageListQuery = z.object({
  deviceId: id,
  /** A local day (YYYY-MM-DD); its photos, oldest first. */
  date: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, named('date')),
});
export const imageDetailQuery = z.object({ imageId: id });

export interface TrapImageDetail {
  image: TrapImage;
  detections: Detection[];
  /** The device's photo before this one, for comparison; null for the first. */
  previous: (TrapImage & { detections: Detection[] }) | null;
}

export const addDetectionBody = z.intersection(z.object({ imageId: id, categoryId: id }), box);
export type AddDetectionBody = z.infer<typeof addDetectionBody>;
export const alterDetectionBody = z
  .object({
    detectionId: id,
    categoryId: optional(id),
    x: optional(unit()),
    y: optional(unit()),
    w: optional(unit()),
    h: optional(unit()),
  })
  .superRefine((b, ctx) => {
    const moved = [b.x, b.y, b.w, b.h].filter((v) => v !== undefined).length;
    if (moved > 0 && moved < 4) ctx.addIssue(ruleIssue(['x'], 'together', { others: 'y,w,h' }));
    if (moved === 0 && b.categoryId === undefined)
      ctx.addIssue(ruleIssue(['categoryId'], 'eitherOf', { others: 'x,y,w,h' }));
  });
export type AlterDetectionBody = z.infer<typeof alterDetectionBody>;
export const removeDetectionBody = z.object({ ids: idList });

/** Longest statistics or trend range: five years of daily points. */
export const MAX_PEST_RANGE_DAYS = 1830;
/** Statistics and trend: over the park's traps of a kind (or one trap), in a time range. */
export const pestRangeQuery = z
  .object({
    groupId: id,
    kind: pestKind,
    deviceId: optional(id),
    startTime: epochMsField(),
    endTime: epochMsField(),
  })
  .superRefine((v, ctx) => {
    if (v.endTime <= v.startTime) ctx.addIssue(ruleIssue(['endTime'], 'after', { other: 'startTime' }));
    else if (v.endTime - v.startTime > MAX_PEST_RANGE_DAYS * 86_400_000)
      ctx.addIssue(ruleIssue(['endTime'], 'rangeDays', { max: MAX_PEST_RANGE_DAYS }));
  });
export type PestRangeQuery = z.infer<typeof pestRangeQuery>;

export interface PestStatisticsRow {
  categoryId: number;
  name: string;
  latinName: string;
  count: number;
  /** Days in the range on which the category passed its daily threshold. */
  alertDays: number;
}
export interface PestStatistics {
  rows: PestStatisticsRow[];
  total: number;
  photos: number;
}

export interface PestTrend {
  /** Start of each local day (epoch ms). */
  days: number[];
  series: { categoryId: number; name: string; dailyThreshold: number; counts: number[] }[];
  /** Daily mean air temperature of the park's weather station; null where it has no data. */
  temperature: (number | null)[];
  /** The station the temperature comes from; null when the park has none. */
  weatherStation: { deviceId: number; deviceName: string } | null;
}

/** Trap list of a park with what the device-status pages show. */
export const trapStatusQuery = z.object({ groupId: id, kind: pestKind });
export interface TrapStatus {
  deviceId: number;
  serial: string;
  deviceName: string;
  online: boolean;
  lastReportAt: number | null;
  latest: Record<string, LatestValue>;
  lastImage: TrapImage | null;
  /** Work period (insect) the device last confirmed; null when never set. */
  workPeriod: { start: string; end: string } | null;
}

/** Device API: the detector on the trap reports what it found on an uploaded photo. */
export const deviceDetectionsBody = z.object({
  imageId: id,
  detections: listOf(
    z.intersection(
      z.object({
        code: categoryCode,
        confidence: numberField((n) => n.min(0).max(1)),
      }),
      box,
    ),
    (a) => a.max(2000),
  ),
});
export type DeviceDetectionsBody = z.infer<typeof deviceDetectionsBody>;

/* SPEC §7 `/sqdApi/` operations (signed-in, park-scoped; code 1003 when the device operation fails). */

/** `/sqdApi/external/deviceStatus`: the live state of one trap. */
export const sqdDeviceStatusBody = z.object({ deviceId: id });
/** `/sqdApi/insect/operate`: photograph now, or switch the lamp or the drying heater. */
export const sqdOperateBody = z.object({
  deviceId: id,
  operate: enumField(['photograph', 'lampOn', 'lampOff', 'heaterOn', 'heaterOff']),
});
export type SqdOperateBody = z.infer<typeof sqdOperateBody>;
/** `/sqdApi/insect/param` (JSON): work period and/or photo interval of an insect trap. */
export const sqdParamBody = z
  .object({
    deviceId: id,
    workStart: optional(hhmmField()),
    workEnd: optional(hhmmField()),
    photoInterval: optional(intField((n) => n.min(5).max(1440))),
  })
  .superRefine((b, ctx) => {
    workWindowTogether(b, ctx);
    if (b.workStart === undefined && b.photoInterval === undefined)
      ctx.addIssue(ruleIssue(['photoInterval'], 'eitherOf', { others: 'workStart,workEnd' }));
  });
export type SqdParamBody = z.infer<typeof sqdParamBody>;
/** `/sqdApi/updateStatus`: the spore trap's state actions. */
export const sqdUpdateStatusBody = z.object({
  deviceId: id,
  status: enumField(['capture', 'changeSlide']),
});
/** `/sqdApi/updateParams`: a trap's display name (no device round trip). */
export const sqdUpdateParamsBody = z.object({
  deviceId: id,
  deviceName: z.string().trim().min(1).max(100),
});

/** Answer of the operating `/sqdApi/` calls once the device has answered. */
export interface SqdOperationResult {
  commands: (SendCommandResult & { name: string })[];
  status: TrapStatus;
}
