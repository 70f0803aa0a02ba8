import { z } from 'zod';
import { id } from './envelope';
import { named } from './errorDetail';

/**
 * The merchant's app download links (SPEC §1: Android, iOS, a mobile web version, a mini-program) that
 * the top bar's download dialog and the public /download-app page show with QR codes, and the help
 * documents address the server is configured with (HELP_URL).
 */
export const APP_LINK_KEYS = ['android', 'ios', 'mobileWeb', 'miniProgram'] as const;
export type AppLinkKey = (typeof APP_LINK_KEYS)[number];
export type AppLinks = Record<AppLinkKey, string>;

export const APP_LINK_MAX = 500;

/** Blank: not configured. Otherwise an http(s) address a phone can open (no javascript:, no relative paths). */
const linkField = () =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .max(APP_LINK_MAX)
      .refine((s) => s === '' || isHttpUrl(s), named('url')),
  );

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

export const alterAppLinksBody = z.object({
  android: linkField(),
  ios: linkField(),
  mobileWeb: linkField(),
  miniProgram: linkField(),
});
export type AlterAppLinksBody = z.infer<typeof alterAppLinksBody>;

export interface AppLinksInfo {
  links: AppLinks;
  /** The help documents (server HELP_URL); '' when not configured. Opened with ?token=. */
  helpUrl: string;
  /** The new-version data screen (server NEW_SCREEN_URL); '' when not configured. Opened with ?token=&groupId=. */
  newScreenUrl: string;
  /** The merchant, for the shareable /download-app?merchant= address. */
  merchantId: number;
  /** Whether the caller may change the links (administrators). */
  canEdit: boolean;
}

/** The public /download-app page asks for one merchant's links; nothing else of the merchant is shown. */
export const publicAppLinksQuery = z.object({ merchantId: id });
