import type { AlterAppLinksBody, AppLinks, AppLinksInfo } from '@farmpark/contracts';
import { get, post } from './request';

/** The merchant's app download links and the help address (every signed-in user). */
export const getAppLinks = () => get<AppLinksInfo>('/api/merchant/app/getAppLinks');
/** Quiet: the form shows a refusal under its field. */
export const alterAppLinks = (body: AlterAppLinksBody) =>
  post<AppLinks>('/api/merchant/app/alterAppLinks', body, { json: true, silent: true });
/** One merchant's links for the public /download-app page (no session). */
export const getPublicAppLinks = (merchantId: number) => get<AppLinks>('/api/public/app/getAppLinks', { merchantId });
