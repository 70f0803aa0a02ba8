import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AppLinksTables } from './appLinksSchema';
import type { Flag, Id, Ms } from './columnTypes';
import type { IrrigationTables } from './irrigationSchema';
import type { LightTables } from './lightSchema';
import type { PestsTables } from './pestsSchema';
import type { PointsTables } from './pointsSchema';
import type { ProductionCoreTables } from './productionCoreSchema';
import type { ProductionStockTables } from './productionStockSchema';
import type { ReportsTables } from './reportsSchema';
import type { RulesAlarmsTables } from './rulesAlarmsSchema';
import type { TraceCodesTables } from './traceCodesSchema';
import type { TraceTables } from './traceSchema';
import type { TraceTreesTables } from './traceTreesSchema';
import type { VideoCamerasTables } from './videoCamerasSchema';
import type { VideoSnapshotsTables } from './videoSnapshotsSchema';

/**
 * Database types. Timestamps are epoch milliseconds (bigint columns, read back as numbers on both
 * engines); booleans are 0/1 integers because SQLite has no boolean type.
 */

export interface MerchantsTable {
  id: Id;
  name: string;
  abbreviation: string;
  logo_url: string;
  enabled: Flag;
  created_at: Ms;
  /** The merchant's disk quota in the file store, MB (migration 2026_11_28_92; 10240 by default). */
  file_quota_mb: Generated<number>;
}

/** One file a merchant keeps in the file store (files/ledger.ts). */
export interface StoredFilesTable {
  id: Id;
  merchant_id: number;
  kind: string;
  sha256: string;
  ext: string;
  bytes: number;
  created_at: Ms;
}

export interface UsersTable {
  id: Id;
  merchant_id: number;
  login_name: string;
  user_name: string;
  phone: string;
  password_hash: string;
  password_salt: string;
  role_id: number | null;
  enabled: Flag;
  last_login_at: Ms | null;
  created_at: Ms;
  removed_at: Ms | null;
  /** 'staff' (console user) or 'screen' (data-screen account; migration 0004). */
  kind: Generated<string>;
}

export interface RolesTable {
  id: Id;
  merchant_id: number;
  role_key: string;
  name: string;
  is_admin: Flag;
}

export interface RolePermissionsTable {
  role_id: number;
  permit_url: string;
}

export interface UserGroupsTable {
  user_id: number;
  group_id: number;
}

export interface SessionsTable {
  id: Id;
  token_hash: string;
  user_id: number;
  merchant_id: number;
  created_at: Ms;
  last_seen_at: Ms;
  expires_at: Ms;
  ended_at: Ms | null;
  end_code: number | null;
  ip: string;
  user_agent: string;
}

export interface GroupsTable {
  id: Id;
  merchant_id: number;
  name: string;
  holder_man: string;
  address: string;
  area: number | null;
  longitude: number | null;
  latitude: number | null;
  crops: string;
  remark: string;
  screen_id: number | null;
  created_at: Ms;
  /** IANA zone; null = the server's TZ_NAME. */
  time_zone: string | null;
  /** Metres above sea level (ET0's pressure and clear-sky radiation); null = not stated. */
  elevation_m: number | null;
  /** Height of the weather station's wind sensor, m (ET0 converts its wind to 2 m); null = not stated. */
  wind_height_m: number | null;
}

export interface DevicesTable {
  id: Id;
  merchant_id: number;
  group_id: number | null;
  serial: string;
  name: string;
  device_class: string;
  created_at: Ms;
  /** A model of DEVICE_MODEL for the class ('' for devices made before models existed). */
  model: Generated<string>;
  /** `salt:hash` of the device secret; null = no credentials, the device cannot connect. */
  secret_hash: string | null;
  online: Generated<Flag>;
  /** Last time anything arrived from the device (telemetry batch commit, status, event, ack). */
  last_seen_at: Ms | null;
  /** When `online` last changed (or the device's own status timestamp that changed it). */
  status_at: Ms | null;
  /** The device's own latest online status: its present connection, against which a last will is judged. */
  connected_at: Ms | null;
  /** When this server marked it offline (by its own clock): evidence received before that revives nothing. */
  offline_at: Ms | null;
  firmware: Generated<string>;
  /** Expected telemetry period; silence of 3 periods marks the device offline. */
  report_interval_ms: Generated<number>;
  longitude: number | null;
  latitude: number | null;
  remark: Generated<string>;
}

export interface DeviceEventsTable {
  id: Id;
  device_id: number;
  ts: Ms;
  type: string;
  /** JSON object. */
  data: string;
  received_at: Ms;
}

export interface DeviceImagesTable {
  id: Id;
  device_id: number;
  sha256: string;
  mime: string;
  bytes: number;
  taken_at: Ms;
  created_at: Ms;
  /** When a person last changed a detection on it (migration 0006). */
  corrected_at: ColumnType<Ms | null, Ms | null | undefined, Ms | null>;
}

export interface CommandsTable {
  id: Id;
  cmd_id: string;
  merchant_id: number;
  group_id: number | null;
  device_id: number;
  device_class: string;
  device_serial: string;
  device_name: string;
  name: string;
  /** JSON object, as validated. */
  params: string;
  /** CommandState. */
  state: string;
  reason: Generated<string>;
  /** 'manual' | 'program' | 'rule'. */
  source: string;
  source_ref: Generated<string>;
  user_id: number | null;
  login_name: string;
  created_at: Ms;
  sent_at: Ms | null;
  acked_at: Ms | null;
  response_ms: number | null;
  ack_ok: Flag | null;
}

export interface ScreensTable {
  id: Id;
  merchant_id: number;
  title: string;
  address: string;
  created_at: Ms;
}

export interface ScreenGroupsTable {
  screen_id: number;
  group_id: number;
}

export interface SystemLogTable {
  id: Id;
  merchant_id: number | null;
  user_id: number | null;
  login_name: string;
  action: string;
  target_type: string;
  target_id: string;
  detail: string;
  ip: string;
  /** 'ok' or 'fail'. */
  result: string;
  /** The response code; 0 when result is ok. */
  result_code: number;
  created_at: ColumnType<Ms, Ms, never>;
}

/** Telemetry (migration 0003). Raw readings keyed by (device_id, key, ts). */
export interface TelemetryTable {
  device_id: number;
  key: string;
  ts: Ms;
  value: number;
}

/** Hourly and daily rollups: `bucket` is the bucket's start (UTC hour; local day of TZ_NAME). */
export interface TelemetryRollupTable {
  device_id: number;
  key: string;
  bucket: Ms;
  min: number;
  max: number;
  sum: number;
  count: number;
  last: number;
  last_ts: Ms;
}

export interface DeviceLatestTable {
  device_id: number;
  key: string;
  ts: Ms;
  value: number;
  prev_value: number | null;
  prev_ts: Ms | null;
}

/** Per-device overrides of the model's parameter definitions; null = the model's default. */
export interface DeviceParamSettingsTable {
  device_id: number;
  key: string;
  name: string | null;
  unit: string | null;
  decimals: number | null;
  hidden: Flag | null;
  sort: number | null;
}

export interface DeviceGroupSortTable {
  device_id: number;
  group_key: string;
  sort: number;
}

export interface IngestRefusedTable {
  serial: string;
  reason: string;
  device_id: number | null;
  count: number;
  last_at: Ms;
}

export interface Database
  extends RulesAlarmsTables,
    PestsTables,
    IrrigationTables,
    PointsTables,
    LightTables,
    ProductionCoreTables,
    ProductionStockTables,
    AppLinksTables,
    VideoCamerasTables,
    VideoSnapshotsTables,
    TraceTables,
    TraceCodesTables,
    TraceTreesTables,
    ReportsTables {
  merchants: MerchantsTable;
  users: UsersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_groups: UserGroupsTable;
  sessions: SessionsTable;
  groups: GroupsTable;
  devices: DevicesTable;
  device_events: DeviceEventsTable;
  device_images: DeviceImagesTable;
  commands: CommandsTable;
  screens: ScreensTable;
  screen_groups: ScreenGroupsTable;
  system_log: SystemLogTable;
  telemetry: TelemetryTable;
  telemetry_hourly: TelemetryRollupTable;
  telemetry_daily: TelemetryRollupTable;
  device_latest: DeviceLatestTable;
  device_param_settings: DeviceParamSettingsTable;
  device_group_sort: DeviceGroupSortTable;
  ingest_refused: IngestRefusedTable;
  stored_files: StoredFilesTable;
}

export type UserRow = Selectable<UsersTable>;
export type GroupRow = Selectable<GroupsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewGroup = Insertable<GroupsTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type CommandRow = Selectable<CommandsTable>;
