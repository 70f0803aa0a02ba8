import type { Generated } from 'kysely';
import type { Day, Id, Ms } from './columnTypes';

/** Tables of migration 2026_11_25_01 (production core); joined into `Database` in schema.ts. */

export interface ProductionPersonnelTable {
  id: Id;
  merchant_id: number;
  name: string;
  phone: Generated<string>;
  post: Generated<string>;
  id_number: Generated<string>;
  /** sha256 of the photo in the image store. */
  photo: string | null;
  photo_mime: string | null;
  /** 'active' | 'left'. */
  status: Generated<string>;
  user_id: number | null;
  created_at: Ms;
}

export interface ProductionPersonnelParksTable {
  personnel_id: number;
  group_id: number;
  merchant_id: number;
}

export interface ProductionCropsTable {
  id: Id;
  merchant_id: number;
  name: string;
  variety: Generated<string>;
  category: Generated<string>;
  growing_days: number;
  /** Consecutive hours a parameter may stay out of its stage's range before the planting alarms. */
  allowed_hours_out: Generated<number>;
  picture: string | null;
  picture_mime: string | null;
  created_at: Ms;
}

export interface ProductionGrowthStagesTable {
  id: Id;
  merchant_id: number;
  crop_id: number;
  name: string;
  /** Day offsets after sowing, both inclusive (day 0 = sowing day). */
  start_day: number;
  end_day: number;
  tasks: Generated<string>;
  /** FAO-56 crop coefficient of the stage (2026_11_29_97); null: none stated. */
  kc: number | null;
}

export interface ProductionStageRangesTable {
  stage_id: number;
  merchant_id: number;
  /** A telemetry key (airTemp, soilMoisture...). */
  param_key: string;
  min: number | null;
  max: number | null;
}

export interface ProductionPlantingsTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  area_point_id: number;
  crop_id: number;
  variety: Generated<string>;
  area_mu: number;
  sown_on: Day;
  transplanted_on: Day | null;
  expected_harvest_on: Day;
  /** 'growing' | 'harvested' | 'ended'. */
  status: Generated<string>;
  notes: Generated<string>;
  created_at: Ms;
}

export interface ProductionHarvestsTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  planting_id: number;
  harvested_on: Day;
  quantity: number;
  unit: string;
  grade: Generated<string>;
  warehouse: Generated<string>;
  notes: Generated<string>;
  override_reason: string | null;
  override_by: number | null;
  created_at: Ms;
}

export interface ProductionHarvestPeopleTable {
  harvest_id: number;
  personnel_id: number;
  merchant_id: number;
}

/** Migration 2026_11_28_71: every revision of a finished record (production/revisions.ts). */
export interface RecordRevisionsTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  /** 'farmWork' | 'harvest'. */
  target_type: string;
  target_id: number;
  revision: number;
  /** 'made' | 'corrected' | 'removed'. */
  kind: string;
  /** JSON of the record's fields as this revision left them. */
  data: string;
  reason: string | null;
  user_id: number | null;
  user_name: string;
  at: Ms;
}

/** Migration 2026_11_28_81: the sensors an operator binds to a plot (docs/PRODUCTION.md, sensors of a plot). */
export interface PlotSensorsTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  area_point_id: number;
  device_id: number;
  /** JSON ["airTemp", ...]: the keys the device serves for the plot. */
  param_keys: string;
  /** 'indoor' | 'outdoor'. */
  placement: string;
  created_at: Ms;
}

export interface ProductionCoreTables {
  record_revisions: RecordRevisionsTable;
  plot_sensors: PlotSensorsTable;
  production_personnel: ProductionPersonnelTable;
  production_personnel_parks: ProductionPersonnelParksTable;
  production_crops: ProductionCropsTable;
  production_growth_stages: ProductionGrowthStagesTable;
  production_stage_ranges: ProductionStageRangesTable;
  production_plantings: ProductionPlantingsTable;
  production_harvests: ProductionHarvestsTable;
  production_harvest_people: ProductionHarvestPeopleTable;
}
