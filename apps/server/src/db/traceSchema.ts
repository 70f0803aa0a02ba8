import type { Generated } from 'kysely';

/** Tables of migration 2026_11_26_01 (report library, trace batches, published snapshots); joined into `Database`. */
export interface TraceReportsTable {
  id: Generated<number>;
  merchant_id: number;
  group_id: number;
  agency: string;
  report_no: string;
  sampled_on: string;
  reported_on: string;
  valid_until: string | null;
  passed: number;
  items: string;
  notes: string;
  file_sha256: string | null;
  file_type: string | null;
  file_mime: string | null;
  file_bytes: number | null;
  created_at: number;
  updated_at: number;
}
export interface TraceBatchesTable {
  id: Generated<number>;
  merchant_id: number;
  group_id: number;
  product_name: string;
  gtin: string | null;
  lot: string;
  cert_quantity: number | null;
  cert_unit: string;
  producer: string;
  origin: string;
  contact: string;
  issued_on: string | null;
  pledge: string;
  basis: string;
  notes: string;
  created_at: number;
  updated_at: number;
}
interface Link {
  batch_id: number;
  merchant_id: number;
}
export interface TraceSnapshotsTable {
  id: Generated<number>;
  merchant_id: number;
  group_id: number;
  batch_id: number;
  version: number;
  sections: string;
  trace: string;
  published_at: number;
  withdrawn_at: number | null;
  /** Migration 2026_11_28_41: who published and withdrew, the day consumers read, why (never published). */
  published_by: number | null;
  withdrawn_by: number | null;
  withdrawn_on: string | null;
  withdraw_reason: Generated<string>;
}
/** Where a batch went (migration 2026_11_28_41). */
export interface TraceShipmentsTable {
  id: Generated<number>;
  merchant_id: number;
  group_id: number;
  batch_id: number;
  buyer: string;
  contact: Generated<string>;
  quantity: number;
  unit: string;
  shipped_on: string;
  region: string;
  place: Generated<string>;
  notes: Generated<string>;
  created_by: number;
  created_at: number;
  updated_at: number;
}
export interface TraceSnapshotFilesTable {
  token: string;
  snapshot_id: number;
  kind: string;
  sha256: string;
  mime: string;
}
export interface TraceTables {
  trace_reports: TraceReportsTable;
  trace_batches: TraceBatchesTable;
  trace_batch_plantings: Link & { planting_id: number };
  trace_batch_harvests: Link & { harvest_id: number };
  trace_batch_reports: Link & { report_id: number };
  trace_batch_videos: Link & { video_id: number };
  trace_snapshots: TraceSnapshotsTable;
  trace_snapshot_files: TraceSnapshotFilesTable;
  trace_shipments: TraceShipmentsTable;
}
