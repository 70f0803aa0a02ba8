import type { Generated } from 'kysely';
import type { Day, Id, Ms } from './columnTypes';

/**
 * Tables of migration 2026_11_25_02 (production: suppliers, materials and their stock ledger,
 * machinery and maintenance, farm work, traceability videos); joined into `Database` in schema.ts.
 * Days are 'YYYY-MM-DD' in the park's zone; moments epoch ms.
 */

export interface ProductionSuppliersTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  name: string;
  contact: Generated<string>;
  phone: Generated<string>;
  address: Generated<string>;
  licence: Generated<string>;
  remark: Generated<string>;
  created_at: Ms;
  updated_at: Ms;
}

export interface ProductionSupplierMaterialsTable {
  supplier_id: number;
  material_id: number;
  merchant_id: number;
  group_id: number;
}

export interface ProductionMaterialsTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  /** fertiliser | pesticide | seed | other */
  kind: string;
  name: string;
  unit: string;
  spec: Generated<string>;
  registration_no: Generated<string>;
  /** Pre-harvest safety interval in days; 0 = none. */
  safety_days: Generated<number>;
  low_stock: Generated<number>;
  /** Running balance of the ledger (sum of production_stock_moves.quantity), never below 0. */
  stock: Generated<number>;
  remark: Generated<string>;
  created_at: Ms;
  updated_at: Ms;
}

export interface ProductionStockMovesTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  material_id: number;
  /** in | out | adjust */
  kind: string;
  /** Signed: in > 0, out < 0, adjust either way. */
  quantity: number;
  /** The material's balance right after this move. */
  balance: number;
  supplier_id: number | null;
  batch_no: Generated<string>;
  expires_on: Day | null;
  farm_work_id: number | null;
  reason: Generated<string>;
  user_id: number | null;
  operator: Generated<string>;
  at: Ms;
}

export interface ProductionMachineryTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  name: string;
  type: Generated<string>;
  model: Generated<string>;
  plate: Generated<string>;
  /** in_use | idle | repair | scrapped */
  status: string;
  purchased_on: Day | null;
  /** next_due_on of the latest maintenance record. */
  next_due_on: Day | null;
  remark: Generated<string>;
  created_at: Ms;
  updated_at: Ms;
}

export interface ProductionMaintenanceTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  machinery_id: number;
  done_on: Day;
  type: string;
  cost: Generated<number>;
  notes: Generated<string>;
  next_due_on: Day | null;
  created_at: Ms;
}

export interface ProductionFarmWorkTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  type: string;
  area_point_id: number;
  planting_id: number | null;
  planned_on: Day;
  done_on: Day | null;
  /** planned | done | abandoned */
  status: string;
  notes: Generated<string>;
  /** manual | machine */
  source: Generated<string>;
  irrigation_run_id: number | null;
  water_m3: number | null;
  /** JSON [{tank, name, litres}] measured by the machine. */
  fertiliser: Generated<string>;
  series_id: string | null;
  user_id: number | null;
  /** The tree this work was done on (one tree one code: its care records); migration 2026_11_26_05. */
  tree_id?: number | null;
  created_at: Ms;
  updated_at: Ms;
}

interface WorkLink {
  farm_work_id: number;
  merchant_id: number;
  group_id: number;
}
export interface ProductionFarmWorkMaterialsTable extends WorkLink {
  material_id: number;
  quantity: number;
  /** The material's safety days when the work was recorded (a later edit of the material does not move it). */
  safety_days: Generated<number>;
}
export interface ProductionFarmWorkPeopleTable extends WorkLink {
  personnel_id: number;
}
export interface ProductionFarmWorkMachineryTable extends WorkLink {
  machinery_id: number;
}
export interface ProductionFarmWorkPhotosTable extends WorkLink {
  id: Id;
  sha256: string;
  mime: string;
  bytes: number;
  created_at: Ms;
}

export interface ProductionVideosTable {
  id: Id;
  merchant_id: number;
  group_id: number;
  title: string;
  area_point_id: number | null;
  planting_id: number | null;
  shot_on: Day;
  sha256: string;
  bytes: number;
  user_id: number | null;
  created_at: Ms;
}

export interface ProductionStockTables {
  production_suppliers: ProductionSuppliersTable;
  production_supplier_materials: ProductionSupplierMaterialsTable;
  production_materials: ProductionMaterialsTable;
  production_stock_moves: ProductionStockMovesTable;
  production_machinery: ProductionMachineryTable;
  production_maintenance: ProductionMaintenanceTable;
  production_farm_work: ProductionFarmWorkTable;
  production_farm_work_materials: ProductionFarmWorkMaterialsTable;
  production_farm_work_people: ProductionFarmWorkPeopleTable;
  production_farm_work_machinery: ProductionFarmWorkMachineryTable;
  production_farm_work_photos: ProductionFarmWorkPhotosTable;
  production_videos: ProductionVideosTable;
}
