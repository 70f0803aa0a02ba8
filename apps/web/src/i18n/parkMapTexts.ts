import { addPageTexts } from './index';
import { parkMapEn } from './parkMap.en-US';
import { parkMapZh } from './parkMap.zh-CN';

// The park map, GIS map and device management texts travel with those pages' chunks, not with /login's
// first load (e2e/bundle.e2e.ts). Imported by each of those pages.
addPageTexts(parkMapZh, parkMapEn);
