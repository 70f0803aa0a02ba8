import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { RouteTitle } from '../config/routeTypes';
import { STORAGE } from '../config/storage';
import { enUS } from './en-US';
import { homeEn } from './home.en-US';
import { homeZh } from './home.zh-CN';
import { zhCN } from './zh-CN';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE.language);
const initial: Language = stored === 'en-US' ? 'en-US' : 'zh-CN';

i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: { ...zhCN, ...homeZh } },
    'en-US': { translation: { ...enUS, ...homeEn } },
  },
  lng: initial,
  fallbackLng: 'zh-CN',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = initial;

export function setLanguage(lng: Language): void {
  localStorage.setItem(STORAGE.language, lng);
  document.documentElement.lang = lng;
  void i18n.changeLanguage(lng);
}

export const isEnglish = (lng: string): boolean => lng.startsWith('en');

/** Route titles come from the route table (catalogue) in both languages. */
export const routeTitle = (title: RouteTitle, lng: string = i18n.language): string =>
  isEnglish(lng) ? title.en : title.zh;

export default i18n;
