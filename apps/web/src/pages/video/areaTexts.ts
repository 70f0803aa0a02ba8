import { addPageTexts } from '../../i18n';
import { videoEn } from './texts.en-US';
import { videoZh } from './texts.zh-CN';

// The video texts travel with the video pages' chunks (and the alarm detail's pictures), not /login's.
addPageTexts(videoZh, videoEn);
