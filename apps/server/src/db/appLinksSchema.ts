/** The table of migration 2026_11_25_04 (app download links); joined into `Database` in schema.ts. */
export interface MerchantAppLinksTable {
  merchant_id: number;
  android: string;
  ios: string;
  mobile_web: string;
  mini_program: string;
  updated_at: number;
}

export interface AppLinksTables {
  merchant_app_links: MerchantAppLinksTable;
}
