import { z } from 'zod';
import { id, pageQuery } from '../envelope';
import { enumField, listOf, numberField, optional } from '../requestValues';
import { dayField, text } from './coreValues';
import { correctionReason, correctionReasonText, overrideReason } from './revisions';

/** Harvests to storage (/productionManagement/pickToStorage). */
export const HARVEST_UNITS = ['kg', 't', 'jin', 'box', 'piece'] as const;

export const harvestFields = z.object({
  groupId: id,
  plantingId: id,
  harvestedOn: dayField(),
  quantity: numberField((n) => n.gt(0).max(1e9)),
  unit: enumField(HARVEST_UNITS),
  grade: z.preprocess((v) => v ?? '', text(20)),
  warehouse: z.preprocess((v) => v ?? '', text(50)),
  notes: z.preprocess((v) => v ?? '', text(500)),
  personnelIds: listOf(id, (a) => a.max(50)),
  /** An administrator's reason to harvest inside a pesticide's safety interval; blank = no override. */
  overrideReason,
});
export const addHarvestBody = harvestFields;
export type AddHarvestBody = z.infer<typeof addHarvestBody>;
/** A harvest is a finished record: an update is a correction, with its reason (revisions.ts). */
export const updateHarvestBody = harvestFields.extend({ id, correctionReason });
export type UpdateHarvestBody = z.infer<typeof updateHarvestBody>;
/** The console's check of a harvest correction before sending: the reason is required (the server requires it too). */
export const correctHarvestBody = updateHarvestBody.extend({ correctionReason: correctionReasonText });
export const harvestListQuery = z.object({
  groupId: id,
  keyword: optional(text(100)),
  plantingId: optional(id),
  startDate: optional(dayField()),
  endDate: optional(dayField()),
  ...pageQuery.shape,
});
export type HarvestListQuery = z.infer<typeof harvestListQuery>;
export interface Harvest {
  id: number;
  groupId: number;
  plantingId: number;
  cropName: string;
  areaPointName: string | null;
  harvestedOn: string;
  quantity: number;
  unit: string;
  grade: string;
  warehouse: string;
  notes: string;
  personnelIds: number[];
  personnelNames: string[];
  overrideReason: string | null;
  overrideByName: string | null;
}
/** The `params` of a refusal inside a safety interval (rule `safetyInterval`, field `harvestedOn`). */
export interface SafetyIntervalParams {
  pesticide: string;
  sprayedOn: string;
  firstDay: string;
}
export const harvestExportQuery = harvestListQuery.omit({ pageNum: true, pageSize: true }).extend({
  format: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'xlsx' : v), z.enum(['csv', 'xlsx'])),
});
/** What the harvest dialog picks from: the park's plantings and the people who serve it. */
export interface HarvestOptions {
  plantings: { id: number; label: string; status: string }[];
  personnel: { id: number; name: string; status: string }[];
}
