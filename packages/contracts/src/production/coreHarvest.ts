import { z } from 'zod';
import { id, pageQuery } from '../envelope';
import { listOf, nullable, numberField, optional } from '../requestValues';
import { dayField } from './coreValues';

/** Harvests to storage (/productionManagement/pickToStorage). */
export const HARVEST_UNITS = ['kg', 't', 'jin', 'box', 'piece'] as const;
const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

export const harvestFields = z.object({
  groupId: id,
  plantingId: id,
  harvestedOn: dayField('harvestedOn'),
  quantity: numberField((n) => n.gt(0, 'quantity must be above 0').max(1e9, 'quantity must be at most 1000000000')),
  unit: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.enum(HARVEST_UNITS, { error: `unit must be one of ${HARVEST_UNITS.join(', ')}` }),
  ),
  grade: z.preprocess((v) => v ?? '', text('grade', 20)),
  warehouse: z.preprocess((v) => v ?? '', text('warehouse', 50)),
  notes: z.preprocess((v) => v ?? '', text('notes', 500)),
  personnelIds: listOf(id, (a) => a.max(50, 'personnelIds: at most 50 people')),
  /** An administrator's reason to harvest inside a pesticide's safety interval; blank = no override. */
  overrideReason: nullable(text('overrideReason', 500).min(4, 'overrideReason must have at least 4 characters')),
});
export const addHarvestBody = harvestFields;
export type AddHarvestBody = z.infer<typeof addHarvestBody>;
export const updateHarvestBody = harvestFields.extend({ id });
export type UpdateHarvestBody = z.infer<typeof updateHarvestBody>;
export const harvestListQuery = z.object({
  groupId: id,
  keyword: optional(text('keyword', 100)),
  plantingId: optional(id),
  startDate: optional(dayField('startDate')),
  endDate: optional(dayField('endDate')),
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
