import { TOKEN_COOKIE } from '@farmpark/contracts';

/** SPEC §9 storage keys. The token cookie name is shared with the server (contracts). */
export const STORAGE = {
  tokenCookie: TOKEN_COOKIE,
  /** Cookie: '1' open, '0' closed; missing means open. */
  sidebarCookie: 'sidebarStatus',
  /** sessionStorage: the active park's groupId. */
  groupId: 'ag_merchant_group_id',
  /** sessionStorage: the nested permission list of getMerchantUserInfo, as JSON. */
  permitList: 'ag_merchant_permit_list',
  /** localStorage: the company value that brands the login page and sidebar (from `?company=`). */
  company: 'ag_merchant_company',
  /** localStorage: logo and abbreviation last seen for the stored company, so the login page can show them. */
  companyBrand: 'ag_merchant_company_brand',
  /** localStorage: chosen console language. */
  language: 'ag_merchant_lang',
} as const;
