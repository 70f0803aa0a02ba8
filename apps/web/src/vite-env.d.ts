/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_HELP_DOCS_URL?: string;
  readonly VITE_DOWNLOAD_ANDROID_URL?: string;
  readonly VITE_DOWNLOAD_IOS_URL?: string;
  readonly VITE_DOWNLOAD_MOBILE_WEB_URL?: string;
  readonly VITE_DOWNLOAD_MINI_PROGRAM_URL?: string;
  /** Map tiles, e.g. https://tiles.example/{z}/{x}/{y}.png; empty draws points on a plain background. */
  readonly VITE_MAP_TILE_URL?: string;
}
