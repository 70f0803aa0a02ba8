import type { Generated } from 'kysely';

/** Tables of migration 2026_11_26_07 (video setup); joined into `Database` in schema.ts. */
export interface VideoCamerasTable {
  /** The `camera`-class device this configures. */
  device_id: number;
  merchant_id: number;
  /** An area point (plot) of the device's park. */
  plot_id: number | null;
  kind: 'ezviz' | 'stream';
  ezviz_serial: string | null;
  ezviz_channel: number | null;
  /** Server-side only: may carry a user and password. */
  stream_url: string | null;
  ptz: number;
  purpose: string;
  snapshot_every_minutes: number;
  enabled: number;
  updated_at: number;
  /** The last contact's failure (a CameraFault), null after a success (migration 2026_11_28_20). */
  fault: string | null;
  /** ffmpeg's or EZVIZ's words about it, without credentials. */
  fault_detail: string | null;
  /** Failed contacts in a row. */
  failures: Generated<number>;
  checked_at: number | null;
  /** 1: saved without a check on purpose, not reached since. */
  unchecked: Generated<number>;
  /** 1: recorded around the clock, watched or not (migration 2026_11_29_99). */
  record_always: Generated<number>;
}

/** One finished segment file of a camera's recorder (migration 2026_11_29_99): `DATA_DIR/recordings/<camera>/<file>`. */
export interface VideoSegmentsTable {
  id: Generated<number>;
  merchant_id: number;
  camera_id: number;
  file: string;
  start_at: number;
  end_at: number;
  bytes: number;
}

export interface VideoEzvizKeysTable {
  merchant_id: number;
  app_key: string;
  /** Server-side only, like the token below. */
  secret: string;
  access_token: string | null;
  token_expires_at: number | null;
  updated_at: number;
}

/** Migration 2026_11_29_99w: a user's saved wall views and tours (contracts video/wallLayouts.ts). */
export interface VideoWallLayoutsTable {
  id: Generated<number>;
  merchant_id: number;
  user_id: number;
  kind: 'view' | 'tour';
  name: string;
  /** JSON: a view's {split, tiles}, a tour's {viewIds, seconds}. */
  layout: string;
  updated_at: number;
}

/** Migration 2026_11_29_99x: a PTZ camera's named presets (contracts video/ptzPresets.ts). */
export interface VideoPtzPresetsTable {
  id: Generated<number>;
  merchant_id: number;
  /** The camera's device. */
  device_id: number;
  /** The number the camera keeps the position under. */
  preset_index: number;
  name: string;
  created_at: number;
}

export interface VideoCamerasTables {
  video_cameras: VideoCamerasTable;
  video_ezviz_keys: VideoEzvizKeysTable;
  video_wall_layouts: VideoWallLayoutsTable;
  video_ptz_presets: VideoPtzPresetsTable;
  video_segments: VideoSegmentsTable;
}
