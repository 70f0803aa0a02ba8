import { addPageTexts } from '../../../i18n';
import { en } from './texts.en-US';
import { zh } from './texts.zh-CN';

/** Every page of this area imports this first: its texts travel with the area's chunk, in both languages. */
addPageTexts(zh, en);
