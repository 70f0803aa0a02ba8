import type { Generated } from 'kysely';

/** Tables of migration 2026_11_26_05 (one tree one code); joined into `Database` in schema.ts. */
export interface TraceTreesTable {
  id: Generated<number>;
  merchant_id: number;
  group_id: number;
  /** Unique across all merchants; printed in the tag's QR. */
  code: string;
  area_point_id: number;
  species: string;
  variety: Generated<string>;
  planted_year: number | null;
  longitude: number | null;
  latitude: number | null;
  remark: Generated<string>;
  scan_count: Generated<number>;
  first_scan_at: number | null;
  last_scan_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface TraceTreePhotosTable {
  id: Generated<number>;
  tree_id: number;
  merchant_id: number;
  sha256: string;
  mime: string;
  created_at: number;
}

/** One row per visit of a tree's public page: the primary key makes a reload of the same visit count once. */
export interface TraceTreeScansTable {
  tree_id: number;
  visit: string;
  ip: Generated<string>;
  at: number;
}

export interface TraceTreesTables {
  trace_trees: TraceTreesTable;
  trace_tree_photos: TraceTreePhotosTable;
  trace_tree_scans: TraceTreeScansTable;
}
