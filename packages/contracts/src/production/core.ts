import { z } from 'zod';
import { id, idList, pageQuery } from '../envelope';
import { named, repeatedAt, ruleIssue } from '../errorDetail';
import { enumField, intField, jsonText, listOf, nullable, numberField, optional, withDefault } from '../requestValues';
import { KC_LIMITS } from '../waterBalance';
import { dayField, optText, paramKey, text } from './coreValues';
import type { PlotSensorSource } from './plotSensors';

export * from './coreHarvest';
export { dayField } from './coreValues';
export * from './plantingRecord';
export * from './plotSensors';
export * from './revisions';

/**
 * Production management, core (issue 13; /productionManagement personnel, plant, growthStage, pickToStorage).
 * A farm's "day" travels as 'YYYY-MM-DD' in the park's zone; crops and their growth standards belong to the
 * merchant, plantings and harvests to a park, personnel to the merchant and serve one or more parks.
 */
export const PERSONNEL_STATUSES = ['active', 'left'] as const;
export type PersonnelStatus = (typeof PERSONNEL_STATUSES)[number];
export const PLANTING_STATUSES = ['growing', 'harvested', 'ended'] as const;
export type PlantingStatus = (typeof PLANTING_STATUSES)[number];

const keyword = optional(text(100));

// personnel
const PHONE = /^\+?[0-9-]{5,20}$/;
/** Mainland resident ID: 18 characters, the last a digit or X. */
const ID_NUMBER = /^\d{17}[\dXx]$/;
export const personnelFields = z.object({
  name: text(50, 1),
  phone: withDefault(
    text(20).refine((v) => v === '' || PHONE.test(v), named('phone')),
    '',
  ),
  post: optText(50),
  idNumber: withDefault(
    text(18).refine((v) => v === '' || ID_NUMBER.test(v), named('idNumber')),
    '',
  ),
  status: withDefault(enumField(PERSONNEL_STATUSES), 'active'),
  groupIds: listOf(id, (a) => a.min(1)),
  userId: optional(id),
});
export const addPersonnelBody = personnelFields;
export type AddPersonnelBody = z.infer<typeof addPersonnelBody>;
export const updatePersonnelBody = personnelFields.extend({ id });
export type UpdatePersonnelBody = z.infer<typeof updatePersonnelBody>;
export const personnelListQuery = z.object({
  keyword,
  groupId: optional(id),
  status: optional(enumField(PERSONNEL_STATUSES)),
  ...pageQuery.shape,
});
export type PersonnelListQuery = z.infer<typeof personnelListQuery>;
export interface Personnel {
  id: number;
  name: string;
  phone: string;
  post: string;
  /** Masked in lists (first 3 and last 4 characters); the full number only in the edit form's detail. */
  idNumber: string;
  photoUrl: string | null;
  status: PersonnelStatus;
  groupIds: number[];
  userId: number | null;
  userName: string | null;
}
export const productionIdQuery = z.object({ id });
export const productionIdsBody = z.object({ id: idList });
/** A person's full record for the edit form (the list masks the ID number). */
export type PersonnelDetail = Personnel;

// crops and growth standards
export const idealRange = z
  .object({ key: paramKey, min: nullable(numberField()), max: nullable(numberField()) })
  .superRefine((r, ctx) => {
    if (r.min === null && r.max === null) ctx.addIssue(ruleIssue(['min'], 'eitherOf', { others: 'max' }));
    if (r.min !== null && r.max !== null && r.max <= r.min) ctx.addIssue(ruleIssue(['max'], 'above', { other: 'min' }));
  });
export type IdealRange = z.infer<typeof idealRange>;
export const growthStage = z
  .object({
    name: text(50, 1),
    startDay: intField((n) => n.min(0).max(3650)),
    endDay: intField((n) => n.min(0).max(3650)),
    tasks: optText(1000),
    ranges: withDefault(z.array(idealRange).max(30), []),
    /** FAO-56 crop coefficient of the stage (the water balance's ETc = Kc × ET0); blank: none stated. */
    kc: nullable(numberField((n) => n.min(KC_LIMITS.min).max(KC_LIMITS.max))),
  })
  .superRefine((s, ctx) => {
    if (s.endDay < s.startDay) ctx.addIssue(ruleIssue(['endDay'], 'notBelow', { other: 'startDay' }));
    const again = repeatedAt(s.ranges.map((r) => r.key));
    if (again >= 0) ctx.addIssue(ruleIssue(['ranges', again, 'key'], 'repeated'));
  });
export type GrowthStageInput = z.infer<typeof growthStage>;
/** Stages in day order that do not overlap (a planting is in at most one stage on a day). */
export const growthStages = jsonText(z.array(growthStage).max(20)).superRefine((list, ctx) => {
  const sorted = [...list].sort((a, b) => a.startDay - b.startDay);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].startDay <= sorted[i - 1].endDay)
      ctx.addIssue(ruleIssue([list.indexOf(sorted[i]), 'startDay'], 'overlaps', { value: sorted[i - 1].name }));
});
export const cropFields = z.object({
  name: text(50, 1),
  variety: optText(50),
  category: optText(30),
  growingDays: intField((n) => n.min(1).max(3650)),
});
export const addCropBody = cropFields;
export type AddCropBody = z.infer<typeof addCropBody>;
export const updateCropBody = cropFields.extend({ id });
export type UpdateCropBody = z.infer<typeof updateCropBody>;
export const cropListQuery = z.object({ keyword, ...pageQuery.shape });
/**
 * How long a parameter of a growing planting may stay out of its stage's ideal range, in consecutive hours,
 * before the planting alarms (alarm rules of condition `plantingRange`). One number per standard: the
 * agronomist's tolerance for the crop, not per parameter. 24 by default: a cold night is not an alarm, a whole
 * day is. At most 30 days, the longest a stage's stress is worth waiting for.
 */
export const DEFAULT_ALLOWED_HOURS_OUT = 24;
export const MAX_ALLOWED_HOURS_OUT = 720;
export const allowedHoursOut = intField((n) => n.min(1).max(MAX_ALLOWED_HOURS_OUT));
export const updateGrowthStandardBody = z.object({
  cropId: id,
  allowedHoursOut: withDefault(allowedHoursOut, DEFAULT_ALLOWED_HOURS_OUT),
  stages: growthStages,
});
export type UpdateGrowthStandardBody = z.infer<typeof updateGrowthStandardBody>;
export interface GrowthStage extends Omit<GrowthStageInput, 'ranges'> {
  id: number;
  ranges: IdealRange[];
}
export interface Crop {
  id: number;
  name: string;
  variety: string;
  category: string;
  growingDays: number;
  pictureUrl: string | null;
  stageCount: number;
  plantingCount: number;
}
export interface CropStandard {
  cropId: number;
  cropName: string;
  growingDays: number;
  allowedHoursOut: number;
  stages: GrowthStage[];
}

// plantings
const plantingObject = z.object({
  groupId: id,
  areaPointId: id,
  cropId: id,
  variety: optText(50),
  areaMu: numberField((n) => n.gt(0).max(100000)),
  sownOn: dayField(),
  transplantedOn: nullable(dayField()),
  expectedHarvestOn: dayField(),
  status: withDefault(enumField(PLANTING_STATUSES), 'growing'),
  notes: optText(500),
});
const datesInOrder = (
  p: { sownOn: string; transplantedOn: string | null; expectedHarvestOn: string },
  ctx: z.core.$RefinementCtx,
) => {
  if (p.expectedHarvestOn < p.sownOn) ctx.addIssue(ruleIssue(['expectedHarvestOn'], 'notBefore', { other: 'sownOn' }));
  if (p.transplantedOn !== null && p.transplantedOn < p.sownOn)
    ctx.addIssue(ruleIssue(['transplantedOn'], 'notBefore', { other: 'sownOn' }));
};
export const addPlantingBody = plantingObject.superRefine(datesInOrder);
export type AddPlantingBody = z.infer<typeof addPlantingBody>;
export const updatePlantingBody = plantingObject.extend({ id }).superRefine(datesInOrder);
export type UpdatePlantingBody = z.infer<typeof updatePlantingBody>;
export const plantingListQuery = z.object({
  groupId: id,
  keyword,
  status: optional(enumField(PLANTING_STATUSES)),
  cropId: optional(id),
  ...pageQuery.shape,
});
export type PlantingListQuery = z.infer<typeof plantingListQuery>;
/** One monitored parameter of a planting against its current stage's ideal range. */
export interface PlantingParamStatus {
  key: string;
  min: number | null;
  max: number | null;
  /** Latest value of the plot's devices (their mean when several report it); null = nothing reported. */
  now: number | null;
  /** null when nothing reported now. */
  inRange: boolean | null;
  /** Hours of the last 7 days whose hourly mean lay outside the range. */
  hoursOut7d: number;
}
export interface Planting {
  id: number;
  groupId: number;
  areaPointId: number;
  /** null when the plot was removed from the map. */
  areaPointName: string | null;
  cropId: number;
  cropName: string;
  variety: string;
  areaMu: number;
  sownOn: string;
  transplantedOn: string | null;
  expectedHarvestOn: string;
  status: PlantingStatus;
  notes: string;
  /** Days since sowing, today in the park's zone. */
  dayNo: number;
  stageName: string | null;
  stageTasks: string;
}
export interface PlantingDetail extends Planting {
  /** Every device that judges one of the plot's parameters (production/plotSensors.ts). */
  deviceIds: number[];
  /** Whether the operator chose the plot's sensors or the defaults stand. */
  sensorSource: PlotSensorSource;
  params: PlantingParamStatus[];
}
/** Home widget: growing plantings with a parameter out of range now. */
export interface PlantingOutOfRange {
  id: number;
  groupId: number;
  cropName: string;
  areaPointName: string | null;
  stageName: string | null;
  params: PlantingParamStatus[];
}
export const plantingAlertQuery = z.object({ groupId: id });
/** The ideal ranges that apply to a device now: those of the growing planting on the device's plot. */
export const deviceRangesQuery = z.object({ deviceId: id });
export interface DeviceIdealRanges {
  plantingId: number | null;
  stageName: string | null;
  ranges: IdealRange[];
}

// exports: the list's filters (no paging) and the file format; the zone comes with withExportZone
const format = { format: withDefault(enumField(['csv', 'xlsx']), 'xlsx') };
export const personnelExportQuery = personnelListQuery.omit({ pageNum: true, pageSize: true }).extend(format);
export const cropExportQuery = cropListQuery.omit({ pageNum: true, pageSize: true }).extend(format);
export const plantingExportQuery = plantingListQuery.omit({ pageNum: true, pageSize: true }).extend(format);
export const productionGroupQuery = z.object({ groupId: id });
export const cropIdQuery = z.object({ cropId: id });
