/** Table of migration 2026_11_24_08 (lamp vendor cloud token); joined into `Database` in schema.ts. */
export interface LightCloudTokensTable {
  merchant_id: number;
  /** Server-side only: never sent to a browser. */
  access_token: string;
  expires_at: number;
  refreshed_at: number;
}

export interface LightTables {
  light_cloud_tokens: LightCloudTokensTable;
}
