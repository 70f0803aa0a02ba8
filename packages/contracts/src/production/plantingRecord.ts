import type { Harvest } from './coreHarvest';
import type { FarmWork, TraceVideo } from './stockWork';

/** A material a planting has used: the sum over its farm work done, in the material's unit. */
export interface PlantingMaterialUse {
  materialId: number;
  name: string;
  kind: string;
  unit: string;
  quantity: number;
}

/**
 * Everything recorded on one planting (the crops page's record drawer; its stage and hours out of range
 * come from getPlantingDetail): farm work newest first, machine-recorded irrigation runs among it with
 * their measured water and fertiliser, the materials its work done took, its harvests (override reasons
 * included) and the traceability clips filmed on it.
 */
export interface PlantingRecord {
  plantingId: number;
  farmWork: FarmWork[];
  /** People of the farm work and harvests, by id, for the names. */
  people: { id: number; name: string }[];
  materialsUsed: PlantingMaterialUse[];
  /** Water and fertiliser the irrigation machines measured on this planting (m³, litres). */
  machineWaterM3: number;
  machineFertiliserL: number;
  harvests: Harvest[];
  videos: TraceVideo[];
}
