import type { Generated } from 'kysely';

/** Tables of migration 2026_11_26_03 (one item one code); joined into `Database` in schema.ts. */
export interface TraceCodeJobsTable {
  id: Generated<number>;
  merchant_id: number;
  group_id: number;
  batch_id: number;
  requested: number;
  done: Generated<number>;
  status: string;
  error: Generated<string>;
  user_id: number;
  created_at: number;
  updated_at: number;
}

export interface TraceCodesTable {
  id: Generated<number>;
  code: string;
  merchant_id: number;
  group_id: number;
  batch_id: number;
  seq: number;
  job_id: number;
  created_at: number;
  voided_at: number | null;
  void_reason: Generated<string>;
  scan_count: Generated<number>;
  first_scan_at: number | null;
  first_scan_place: string | null;
  last_scan_at: number | null;
  last_scan_place: string | null;
  suspected_at: number | null;
  suspect_reason: string | null;
  /** Migration 2026_11_28_41: the evidence (JSON), and the diverted-goods flag with its own. */
  suspect_evidence: string | null;
  diverted_at: number | null;
  divert_evidence: string | null;
}

export interface TraceCodeScansTable {
  id: Generated<number>;
  code_id: number;
  batch_id: number;
  visit: string;
  scanned_at: number;
  place: Generated<string>;
}

export interface TraceCodeSettingsTable {
  merchant_id: number;
  far_km: number;
  window_hours: number;
  /** The address QR codes print ('' = PUBLIC_BASE_URL or the console's own). */
  public_base_url: Generated<string>;
  updated_at: number;
}

/** A label sheet made in the background (migration 2026_11_28_41). */
export interface TraceLabelJobsTable {
  id: Generated<number>;
  merchant_id: number;
  group_id: number;
  batch_id: number;
  user_id: number;
  size: string;
  from_seq: number;
  to_seq: number;
  public_base: string;
  total: number;
  done: Generated<number>;
  status: string;
  error: Generated<string>;
  created_at: number;
  updated_at: number;
  /** The finished sheet in the file store (kind labels), once done. */
  file_sha256: string | null;
}

export interface TraceCodesTables {
  trace_code_jobs: TraceCodeJobsTable;
  trace_codes: TraceCodesTable;
  trace_code_scans: TraceCodeScansTable;
  trace_code_settings: TraceCodeSettingsTable;
  trace_label_jobs: TraceLabelJobsTable;
}
