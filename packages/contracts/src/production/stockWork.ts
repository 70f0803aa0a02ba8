import { z } from 'zod';
import { id, pageQuery } from '../envelope';
import { named, repeatedAt, ruleIssue } from '../errorDetail';
import { enumField, intField, listOf, nullable, numberField, optional, withDefault } from '../requestValues';
import { correctionReason, overrideReason } from './revisions';
import { dayField, exportFormat, optText, parkPageQuery, quantityField, text } from './stockFields';

/**
 * Farm work, machinery with maintenance, and traceability videos (/productionManagement/farmWork,
 * /machinery, /videoManagement). Farm work done takes its materials out of stock in the same
 * transaction; an irrigation run with fertiliser becomes machine-recorded farm work when it ends.
 */
export const FARM_WORK_TYPES = [
  'sowing',
  'transplanting',
  'fertilising',
  'spraying',
  'irrigation',
  'weeding',
  'pruning',
  'harvesting',
  'other',
] as const;
export type FarmWorkType = (typeof FARM_WORK_TYPES)[number];
export const FARM_WORK_STATUSES = ['planned', 'done', 'abandoned'] as const;
export type FarmWorkStatus = (typeof FARM_WORK_STATUSES)[number];

const workMaterial = z.object({ materialId: id, quantity: quantityField() });
const farmWorkFields = z.object({
  groupId: id,
  type: enumField(FARM_WORK_TYPES),
  areaPointId: id,
  plantingId: nullable(id),
  plannedOn: dayField(),
  status: withDefault(enumField(FARM_WORK_STATUSES), 'planned'),
  doneOn: nullable(dayField()),
  notes: optText(1000),
  personnelIds: withDefault(listOf(id), []),
  machineryIds: withDefault(listOf(id), []),
  materials: withDefault(
    listOf(workMaterial, (a) => a.max(30)),
    [],
  ),
  /** An administrator's reason to record a spray that covers a harvest already made (revisions.ts). */
  overrideReason,
});
const doneNeedsDay = (v: { status: string; doneOn: string | null }, ctx: z.core.$RefinementCtx) => {
  if (v.status === 'done' && !v.doneOn) ctx.addIssue(ruleIssue(['doneOn'], 'required'));
};
const oneLinePerMaterial = (v: { materials: { materialId: number }[] }, ctx: z.core.$RefinementCtx) => {
  const again = repeatedAt(v.materials.map((m) => m.materialId));
  if (again >= 0) ctx.addIssue(ruleIssue(['materials', again, 'materialId'], 'repeated'));
};

/** Recurring planned work: one more occurrence every N days up to and including `repeatUntil`. */
export const addFarmWorkBody = farmWorkFields
  .extend({
    repeatEveryDays: nullable(intField((n) => n.min(1).max(365))),
    repeatUntil: nullable(dayField()),
  })
  .superRefine(doneNeedsDay)
  .superRefine(oneLinePerMaterial)
  .superRefine((v, ctx) => {
    if (v.repeatEveryDays && v.status !== 'planned') ctx.addIssue(ruleIssue(['repeatEveryDays'], 'plannedOnly'));
    if (v.repeatEveryDays && !v.repeatUntil) ctx.addIssue(ruleIssue(['repeatUntil'], 'required'));
    if (v.repeatUntil && v.repeatUntil < v.plannedOn)
      ctx.addIssue(ruleIssue(['repeatUntil'], 'notBefore', { other: 'plannedOn' }));
  });
export type AddFarmWorkBody = z.infer<typeof addFarmWorkBody>;
/** Work done is a finished record: its correction names a reason (revisions.ts); planned work changes freely. */
export const alterFarmWorkBody = farmWorkFields
  .extend({ id, correctionReason })
  .superRefine(doneNeedsDay)
  .superRefine(oneLinePerMaterial);
export type AlterFarmWorkBody = z.infer<typeof alterFarmWorkBody>;

export const farmWorkListQuery = parkPageQuery.extend({
  type: optional(enumField(FARM_WORK_TYPES)),
  status: optional(enumField(FARM_WORK_STATUSES)),
  areaPointId: optional(id),
  plantingId: optional(id),
  startDate: optional(dayField()),
  endDate: optional(dayField()),
});
export type FarmWorkListQuery = z.infer<typeof farmWorkListQuery>;
export const farmWorkExportQuery = farmWorkListQuery.extend({ format: exportFormat });
/** A month of the calendar: every work planned or done in it (a month is bounded, so no paging). */
export const farmWorkMonthQuery = z.object({
  groupId: id,
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, named('month')),
});

export interface FarmWorkMaterial {
  materialId: number;
  name: string;
  kind: string;
  unit: string;
  quantity: number;
  safetyDays: number;
}
/** As the irrigation machine measured it. */
export interface MachineFertiliser {
  tank: string;
  name: string;
  litres: number;
}
export interface FarmWork {
  id: number;
  groupId: number;
  type: FarmWorkType;
  areaPointId: number;
  areaName: string;
  plantingId: number | null;
  plannedOn: string;
  doneOn: string | null;
  status: FarmWorkStatus;
  notes: string;
  source: 'manual' | 'machine';
  irrigationRunId: number | null;
  waterM3: number | null;
  fertiliser: MachineFertiliser[];
  seriesId: string | null;
  personnelIds: number[];
  machineryIds: number[];
  materials: FarmWorkMaterial[];
  photoIds: number[];
}

export const farmWorkPhotoQuery = z.object({ farmWorkId: id });
export const photoIdQuery = z.object({ id });

// Machinery
export const MACHINERY_STATUSES = ['in_use', 'idle', 'repair', 'scrapped'] as const;
export type MachineryStatus = (typeof MACHINERY_STATUSES)[number];
const machineryFields = z.object({
  groupId: id,
  name: text(100, 1),
  type: optText(50),
  model: optText(100),
  plate: optText(30),
  status: withDefault(enumField(MACHINERY_STATUSES), 'in_use'),
  purchasedOn: nullable(dayField()),
  remark: optText(500),
});
export const addMachineryBody = machineryFields;
export type AddMachineryBody = z.infer<typeof addMachineryBody>;
export const alterMachineryBody = machineryFields.extend({ id });
export type AlterMachineryBody = z.infer<typeof alterMachineryBody>;
export const machineryListQuery = parkPageQuery.extend({ status: optional(enumField(MACHINERY_STATUSES)) });
export const machineryExportQuery = machineryListQuery.extend({ format: exportFormat });
export interface Machinery {
  id: number;
  groupId: number;
  name: string;
  type: string;
  model: string;
  plate: string;
  status: MachineryStatus;
  purchasedOn: string | null;
  nextDueOn: string | null;
  /** Next maintenance within 7 days of the park's today (or overdue). */
  due: boolean;
  remark: string;
}
/** How many machines of a park need maintenance within 7 days (the home widget). */
export const maintenanceDueQuery = z.object({ groupId: id });
export interface MaintenanceDue {
  count: number;
  machines: { id: number; name: string; nextDueOn: string }[];
}

const maintenanceFields = z.object({
  machineryId: id,
  doneOn: dayField(),
  type: text(50, 1),
  cost: withDefault(
    numberField((n) => n.min(0).max(1e9)),
    0,
  ),
  notes: optText(500),
  nextDueOn: nullable(dayField()),
});
export const addMaintenanceBody = maintenanceFields;
export type AddMaintenanceBody = z.infer<typeof addMaintenanceBody>;
export const maintenanceListQuery = z.object({ machineryId: id, ...pageQuery.shape });
export interface Maintenance {
  id: number;
  machineryId: number;
  doneOn: string;
  type: string;
  cost: number;
  notes: string;
  nextDueOn: string | null;
}

// Traceability videos
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** The clip's facts travel in the query string; the body is the MP4 itself. */
export const addVideoQuery = z.object({
  groupId: id,
  title: text(100, 1),
  areaPointId: nullable(id),
  plantingId: nullable(id),
  shotOn: dayField(),
});
export type AddVideoQuery = z.infer<typeof addVideoQuery>;
export const videoListQuery = parkPageQuery.extend({ areaPointId: optional(id), plantingId: optional(id) });
export const videoIdQuery = z.object({ id });
export interface TraceVideo {
  id: number;
  groupId: number;
  title: string;
  areaPointId: number | null;
  areaName: string | null;
  plantingId: number | null;
  shotOn: string;
  bytes: number;
  createdAt: number;
}

/** Everything the farm work dialog chooses from, for one park. */
export interface FarmWorkOptions {
  plots: { id: number; name: string }[];
  /** Plantings growing now (or ended) on the park's plots, newest first. */
  plantings: { id: number; areaPointId: number; label: string; status: string }[];
  people: { id: number; name: string }[];
  machinery: { id: number; name: string }[];
  materials: {
    id: number;
    kind: string;
    name: string;
    spec: string;
    unit: string;
    stock: number;
    safetyDays: number;
  }[];
}
