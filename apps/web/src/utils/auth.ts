import Cookies from 'js-cookie';
import { STORAGE } from '../config/storage';

/** The token lives in a cookie (SPEC §4, §9) so it survives reloads and tabs; everything else per tab. */
export const getToken = (): string | undefined => Cookies.get(STORAGE.tokenCookie) || undefined;
/** Readable by the console, which sends it as the AuthToken header (SPEC §5): docs/DECISIONS.md, issue 28. */
export const setToken = (token: string): void => {
  Cookies.set(STORAGE.tokenCookie, token, { sameSite: 'lax', secure: location.protocol === 'https:' });
};
export const removeToken = (): void => Cookies.remove(STORAGE.tokenCookie);

/** Returns the parsed session permission list, or undefined when missing or not JSON (the guard checks it is an array). */
export function readSessionPermitList(): unknown {
  const raw = sessionStorage.getItem(STORAGE.permitList);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
export const writeSessionPermitList = (list: unknown): void =>
  sessionStorage.setItem(STORAGE.permitList, JSON.stringify(list));

export const getCompany = (): string | null => localStorage.getItem(STORAGE.company) || null;
export const setCompany = (company: string): void => localStorage.setItem(STORAGE.company, company);

export interface CompanyBrand {
  company: string;
  logo: string;
  abbreviation: string;
}
/** Branding last seen for the stored company (from getMerchantUserInfo); null for another company. */
export function getCompanyBrand(): CompanyBrand | null {
  const company = getCompany();
  if (!company) return null;
  try {
    const brand = JSON.parse(localStorage.getItem(STORAGE.companyBrand) ?? 'null') as CompanyBrand | null;
    return brand && brand.company === company ? brand : null;
  } catch {
    return null;
  }
}
export const setCompanyBrand = (brand: CompanyBrand): void =>
  localStorage.setItem(STORAGE.companyBrand, JSON.stringify(brand));
