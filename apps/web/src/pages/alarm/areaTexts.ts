import { addPageTexts } from '../../i18n';
import { alarmEn } from '../../i18n/alarm.en-US';
import { alarmZh } from '../../i18n/alarm.zh-CN';

// The alarm texts travel with the chunks that show alarms (alarm pages, the top-bar bell, the home card,
// the data screens, automation), not with /login's first load (e2e/bundle.e2e.ts). Every file that uses
// an `alarm.` key imports this module, so whichever chunk shows it brings the texts along.
addPageTexts(alarmZh, alarmEn);
