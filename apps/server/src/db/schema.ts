import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Database types. Timestamps are epoch milliseconds (bigint columns, read back as numbers on both
 * engines); booleans are 0/1 integers because SQLite has no boolean type.
 */
type Id = Generated<number>;
type Flag = number;
type Ms = number;

export interface MerchantsTable {
  id: Id;
  name: string;
  abbreviation: string;
  logo_url: string;
  enabled: Flag;
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
}

export interface DevicesTable {
  id: Id;
  merchant_id: number;
  group_id: number | null;
  serial: string;
  name: string;
  device_class: string;
  created_at: Ms;
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

export interface Database {
  merchants: MerchantsTable;
  users: UsersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_groups: UserGroupsTable;
  sessions: SessionsTable;
  groups: GroupsTable;
  devices: DevicesTable;
  screens: ScreensTable;
  screen_groups: ScreenGroupsTable;
  system_log: SystemLogTable;
}

export type UserRow = Selectable<UsersTable>;
export type GroupRow = Selectable<GroupsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type NewGroup = Insertable<GroupsTable>;
