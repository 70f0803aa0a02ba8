import { z } from 'zod';
import { id, idList, pageQuery } from '../envelope';
import { enumField, intField, jsonText, listOf, nullable, numberField, optional, withDefault } from '../requestValues';
import { dayField, optText, text } from './coreValues';

export * from './coreHarvest';
export { dayField } from './coreValues';
export * from './plantingRecord';

/**
 * Production management, core (issue 13; /productionManagement personnel, plant, growthStage, pickToStorage).
 * A farm's "day" travels as 'YYYY-MM-DD' in the park's zone; crops and their growth standards belong to the
 * merchant, plantings and harvests to a park, personnel to the merchant and serve one or more parks.
 */
export const PERSONNEL_STATUSES = ['active', 'left'] as const;
export type PersonnelStatus = (typeof PERSONNEL_STATUSES)[number];
export const PLANTING_STATUSES = ['growing', 'harvested', 'ended'] as const;
export type PlantingStatus = (typeof PLANTING_STATUSES)[number];

const keyword = optional(text('keyword', 100));

// personnel
const PHONE = /^\+?[0-9-]{5,20}$/;
/** Mainland resident ID: 18 characters, the last a digit or X. */
const ID_NUMBER = /^\d{17}[\dXx]$/;
export const personnelFields = z.object({
  name: text('name', 50, 1),
  phone: withDefault(
    text('phone', 20).refine((v) => v === '' || PHONE.test(v), 'phone must be 5 to 20 digits, optionally with + and -'),
    '',
  ),
  post: optText('post', 50),
  idNumber: withDefault(
    text('idNumber', 18).refine(
      (v) => v === '' || ID_NUMBER.test(v),
      'idNumber must be 18 characters: 17 digits and a digit or X',
    ),
    '',
  ),
  status: withDefault(enumField(PERSONNEL_STATUSES), 'active'),
  groupIds: listOf(id, (a) => a.min(1, 'groupIds must name at least one park')),
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
/** A parameter key of telemetry (airTemp, soilMoisture10, soilEc...). */
const paramKey = z
  .string({ error: 'key must be text' })
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'key must be a parameter key such as airTemp');
export const idealRange = z
  .object({ key: paramKey, min: nullable(numberField()), max: nullable(numberField()) })
  .superRefine((r, ctx) => {
    if (r.min === null && r.max === null)
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'min: give a low or a high bound' });
    if (r.min !== null && r.max !== null && r.max <= r.min)
      ctx.addIssue({ code: 'custom', path: ['max'], message: 'max must be above min' });
  });
export type IdealRange = z.infer<typeof idealRange>;
export const growthStage = z
  .object({
    name: text('name', 50, 1),
    startDay: intField((n) => n.min(0, 'startDay must be at least 0').max(3650, 'startDay must be at most 3650')),
    endDay: intField((n) => n.min(0, 'endDay must be at least 0').max(3650, 'endDay must be at most 3650')),
    tasks: optText('tasks', 1000),
    ranges: withDefault(z.array(idealRange).max(30, 'ranges: at most 30 parameters'), []),
  })
  .superRefine((s, ctx) => {
    if (s.endDay < s.startDay)
      ctx.addIssue({ code: 'custom', path: ['endDay'], message: 'endDay must not be before startDay' });
    const keys = s.ranges.map((r) => r.key);
    if (new Set(keys).size !== keys.length)
      ctx.addIssue({ code: 'custom', path: ['ranges'], message: 'ranges: each parameter once' });
  });
export type GrowthStageInput = z.infer<typeof growthStage>;
/** Stages in day order that do not overlap (a planting is in at most one stage on a day). */
export const growthStages = jsonText(z.array(growthStage).max(20, 'stages: at most 20')).superRefine((list, ctx) => {
  const sorted = [...list].sort((a, b) => a.startDay - b.startDay);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].startDay <= sorted[i - 1].endDay)
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: `stages: "${sorted[i].name}" overlaps "${sorted[i - 1].name}"`,
      });
});
export const cropFields = z.object({
  name: text('name', 50, 1),
  variety: optText('variety', 50),
  category: optText('category', 30),
  growingDays: intField((n) =>
    n.min(1, 'growingDays must be at least 1').max(3650, 'growingDays must be at most 3650'),
  ),
});
export const addCropBody = cropFields;
export type AddCropBody = z.infer<typeof addCropBody>;
export const updateCropBody = cropFields.extend({ id });
export type UpdateCropBody = z.infer<typeof updateCropBody>;
export const cropListQuery = z.object({ keyword, ...pageQuery.shape });
export const updateGrowthStandardBody = z.object({ cropId: id, stages: growthStages });
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
  stages: GrowthStage[];
}

// plantings
const plantingObject = z.object({
  groupId: id,
  areaPointId: id,
  cropId: id,
  variety: optText('variety', 50),
  areaMu: numberField((n) => n.gt(0, 'areaMu must be above 0').max(100000, 'areaMu must be at most 100000')),
  sownOn: dayField('sownOn'),
  transplantedOn: nullable(dayField('transplantedOn')),
  expectedHarvestOn: dayField('expectedHarvestOn'),
  status: withDefault(enumField(PLANTING_STATUSES), 'growing'),
  notes: optText('notes', 500),
});
const datesInOrder = (
  p: { sownOn: string; transplantedOn: string | null; expectedHarvestOn: string },
  ctx: z.core.$RefinementCtx,
) => {
  if (p.expectedHarvestOn < p.sownOn)
    ctx.addIssue({
      code: 'custom',
      path: ['expectedHarvestOn'],
      message: 'expectedHarvestOn must not be before sownOn',
    });
  if (p.transplantedOn !== null && p.transplantedOn < p.sownOn)
    ctx.addIssue({ code: 'custom', path: ['transplantedOn'], message: 'transplantedOn must not be before sownOn' });
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
  deviceIds: number[];
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
