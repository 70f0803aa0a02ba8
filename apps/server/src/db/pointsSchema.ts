import type { Generated } from 'kysely';

/** Tables of migration 0008 (park map data); joined into `Database` in schema.ts. */
export interface GroupPointsTable {
  id: Generated<number>;
  merchant_id: number;
  group_id: number;
  longitude: number;
  latitude: number;
  zoom: Generated<number>;
  /** JSON [[lng, lat], ...]. */
  boundary: Generated<string>;
  updated_at: number;
}

export interface AreaPointsTable {
  id: Generated<number>;
  merchant_id: number;
  group_id: number;
  point_id: number;
  name: string;
  crop: Generated<string>;
  area: number | null;
  /** JSON [[lng, lat], ...]. */
  boundary: Generated<string>;
  remark: Generated<string>;
  created_at: number;
}

export interface PointsTables {
  group_points: GroupPointsTable;
  area_points: AreaPointsTable;
}
