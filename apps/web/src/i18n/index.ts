import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { RouteTitle } from '../config/routeTypes';
import { STORAGE } from '../config/storage';
import { zhCN } from './zh-CN';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE.language);
const initial: Language = stored === 'en-US' ? 'en-US' : 'zh-CN';

/** English texts of page areas whose chunks have loaded (see addPageTexts). */
const pagesEnglish: object[] = [];

/**
 * zh-CN, the product's language, is bundled; English loads on demand so /login's first load does not
 * carry both (e2e/bundle.e2e.ts). i18next waits for it in init and changeLanguage.
 */
const loadOnDemand: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, _ns, done) {
    if (lng !== 'en-US') return done(null, {});
    import('./en-US').then(
      (m) => done(null, Object.assign({}, m.enUS, ...pagesEnglish)),
      (err: Error) => done(err, false),
    );
  },
};

/** Settles once the first language's texts are in; main.tsx renders after it. */
export const i18nReady = i18n
  .use(loadOnDemand)
  .use(initReactI18next)
  .init({
    // a copy: i18next merges page areas into the store's object, and the shell's own texts stay as written
    resources: { 'zh-CN': { translation: { ...zhCN } } },
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

/**
 * Texts of a page area that travel with its chunk instead of the first load (e2e/bundle.e2e.ts keeps
 * /login small). Call at the top of the area's module, with its own top-level key; type `en` as
 * `typeof zh` so the two languages keep the same keys. English is only added once English has loaded
 * (adding it earlier would make i18next think English is there and never fetch the rest); until then
 * the backend merges it in when it loads.
 */
export function addPageTexts<T extends object>(zh: T, en: T): void {
  i18n.addResourceBundle('zh-CN', 'translation', zh, true, true);
  pagesEnglish.push(en);
  if (i18n.hasResourceBundle('en-US', 'translation')) i18n.addResourceBundle('en-US', 'translation', en, true, true);
}

export const isEnglish = (lng: string): boolean => lng.startsWith('en');

/** Route titles come from the route table (catalogue) in both languages. */
export const routeTitle = (title: RouteTitle, lng: string = i18n.language): string =>
  isEnglish(lng) ? title.en : title.zh;

export default i18n;
