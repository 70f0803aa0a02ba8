import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { RouteTitle } from '../config/routeTypes';
import { STORAGE } from '../config/storage';
import { homeZh } from './home.zh-CN';
import { weatherZh } from './weather.zh-CN';
import { zhCN } from './zh-CN';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE.language);
const initial: Language = stored === 'en-US' ? 'en-US' : 'zh-CN';

/**
 * zh-CN, the product's language, is bundled; English loads on demand so /login's first load does not
 * carry both (e2e/bundle.e2e.ts). i18next waits for it in init and changeLanguage.
 */
const loadOnDemand: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, _ns, done) {
    if (lng !== 'en-US') return done(null, {});
    import('./english').then(
      (m) => done(null, m.english),
      (err: Error) => done(err, false),
    );
  },
};

/** Settles once the first language's texts are in; main.tsx renders after it. */
export const i18nReady = i18n
  .use(loadOnDemand)
  .use(initReactI18next)
  .init({
    resources: { 'zh-CN': { translation: { ...zhCN, ...homeZh, ...weatherZh } } },
    partialBundledLanguages: true,
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
