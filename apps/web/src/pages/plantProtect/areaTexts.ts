import { addPageTexts } from '../../i18n';
import { plantProtectEn } from './texts.en-US';
import { plantProtectZh } from './texts.zh-CN';

// Every module that shows these texts imports this one (or is only imported by modules that do), so the
// texts travel with the chunks that show them, not with /login's first load (docs/DECISIONS.md, page texts).
addPageTexts(plantProtectZh, plantProtectEn);
