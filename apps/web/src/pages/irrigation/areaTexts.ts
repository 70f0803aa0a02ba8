import { addPageTexts } from '../../i18n';
import { irrigationEn } from '../../i18n/irrigation.en-US';
import { irrigationZh } from '../../i18n/irrigation.zh-CN';

// The irrigation pages' texts travel with their chunks, not with /login's first load (e2e/bundle.e2e.ts).
// Imported by the irrigation pages and by the home page's irrigation card.
addPageTexts(irrigationZh, irrigationEn);
