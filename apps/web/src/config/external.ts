/**
 * Links to things outside this console. They differ per deployment, so they come from build-time
 * environment variables (VITE_*); an empty value means "not configured" and the console says so
 * instead of pointing at a made-up address.
 */
const env = import.meta.env;

export const HELP_DOCS_URL: string = env.VITE_HELP_DOCS_URL ?? '';

export interface DownloadEntry {
  key: 'android' | 'ios' | 'mobileWeb' | 'miniProgram';
  url: string;
}

export const DOWNLOAD_ENTRIES: readonly DownloadEntry[] = [
  { key: 'android', url: env.VITE_DOWNLOAD_ANDROID_URL ?? '' },
  { key: 'ios', url: env.VITE_DOWNLOAD_IOS_URL ?? '' },
  { key: 'mobileWeb', url: env.VITE_DOWNLOAD_MOBILE_WEB_URL ?? '' },
  { key: 'miniProgram', url: env.VITE_DOWNLOAD_MINI_PROGRAM_URL ?? '' },
];
