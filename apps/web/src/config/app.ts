/** SPEC §9 and §2 constants of the console. */
export const APP_VERSION = '12.8.2';
export const REQUEST_TIMEOUT_MS = 15_000;
export const ERROR_TOAST_S = 5;
export const RATE_LIMIT_TOAST_S = 3;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
export const SCREEN_DIALOG_WIDTH = 850;
export const DOWNLOAD_DIALOG_WIDTH = 680;
