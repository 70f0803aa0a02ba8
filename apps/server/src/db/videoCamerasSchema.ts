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

export interface VideoCamerasTables {
  video_cameras: VideoCamerasTable;
  video_ezviz_keys: VideoEzvizKeysTable;
}
