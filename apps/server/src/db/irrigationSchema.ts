import type { Generated } from 'kysely';
import type { Id, Ms } from './columnTypes';

/** Tables of migrations 0007, 0009, 2026_11_25_03 and 2026_11_29_93 (irrigation); joined into `Database` in schema.ts. */

export interface IrrigationRunsTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  device_id: number;
  device_class: string;
  device_name: string;
  device_serial: string;
  /** JSON number[]. */
  zones: string;
  duration_min: number | null;
  volume_m3: number | null;
  /** JSON recipe or null. */
  recipe: string | null;
  trigger: string;
  trigger_ref: Generated<string>;
  trigger_name: Generated<string>;
  user_id: number | null;
  operator: string;
  state: string;
  active_key: string | null;
  start_cmd_id: string;
  stop_cmd_id: string | null;
  /** Why a stop was asked for: '' (operator), aboveStop, ... (smart rules). */
  stop_reason: Generated<string>;
  created_at: Ms;
  started_at: Ms | null;
  ended_at: Ms | null;
  water_start: number | null;
  water_m3: number | null;
  tanks_start: string | null;
  fertiliser: Generated<string>;
  /** The machine's own words when it refused a command (migration 0009: codes in end_code). */
  reason: Generated<string>;
  /** RunEndCode, '' while running or when done as planned (migration 0009). */
  end_code: Generated<string>;
  end_value: number | null;
  /** 0 while a run stopped at the machine's ack awaits the readings around its stop (2026_11_27_01). */
  usage_settled: Generated<number>;
}

export interface IrrigationProgramsTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  device_id: number;
  name: string;
  start_times: string;
  days: string;
  zones: string;
  duration_min: number | null;
  volume_m3: number | null;
  recipe: string | null;
  enabled: Generated<number>;
  checked_until: Ms;
  created_at: Ms;
  updated_at: Ms;
}

export interface IrrigationProgramSlotsTable {
  program_id: number;
  slot_at: Ms;
  outcome: string;
  run_id: number | null;
  detail: Generated<string>;
  created_at: Ms;
}

export interface IrrigationDecisionsTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  rule_id: number;
  at: Ms;
  action: string;
  reason: string;
  moisture: number | null;
  rain_mm: number | null;
  run_id: number | null;
  detail: Generated<string>;
  /** JSON DecisionFacts (migration 0009). */
  facts: Generated<string>;
}

/** A named zone of a machine and the plot it waters (migration 2026_11_25_03); unnamed zones have no row. */
export interface IrrigationZonesTable {
  merchant_id: number;
  group_id: number;
  device_id: number;
  zone_no: number;
  name: string;
  area_point_id: number | null;
  /** The area the zone waters, m² (2026_11_29_97); null: its plot's area. */
  area_m2: number | null;
  /** Application efficiency of its emitters, 0-1; null: IRRIGATION_EFFICIENCY_DEFAULT. */
  efficiency: number | null;
}

/** Pump protection settings of a machine (2026_11_29_93); no row: the contracts' PUMP_DEFAULTS. */
export interface IrrigationMachineSettingsTable {
  device_id: number;
  merchant_id: number;
  min_run_min: number;
  min_rest_min: number;
  max_starts_per_hour: number;
  updated_at: Ms;
}

export interface IrrigationTables {
  irrigation_runs: IrrigationRunsTable;
  irrigation_programs: IrrigationProgramsTable;
  irrigation_program_slots: IrrigationProgramSlotsTable;
  irrigation_decisions: IrrigationDecisionsTable;
  irrigation_zones: IrrigationZonesTable;
  irrigation_machine_settings: IrrigationMachineSettingsTable;
}
