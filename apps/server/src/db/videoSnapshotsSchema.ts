import type { Generated } from 'kysely';

/** The tables of migration 2026_11_26_09 (camera pictures, time-lapses); joined into `Database` in schema.ts. */
export interface VideoSnapshotsTable {
  id: Generated<number>;
  merchant_id: number;
  group_id: number;
  camera_id: number;
  taken_at: number;
  source: string;
  alarm_id: number | null;
  sha256: string;
  mime: string;
  bytes: number;
  width: number;
  height: number;
}

export interface VideoTimelapsesTable {
  id: Generated<number>;
  merchant_id: number;
  group_id: number;
  camera_id: number;
  start_at: number;
  end_at: number;
  fps: number;
  state: string;
  frames: Generated<number>;
  done: Generated<number>;
  error: Generated<string>;
  sha256: string | null;
  bytes: number;
  created_by: number | null;
  created_at: number;
  finished_at: number | null;
}

export interface VideoSnapshotsTables {
  video_snapshots: VideoSnapshotsTable;
  video_timelapses: VideoTimelapsesTable;
}
