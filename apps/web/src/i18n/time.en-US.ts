import type { timeZh } from './time.zh-CN';

export const timeEn: typeof timeZh = {
  tz: {
    hint: 'Time zone {{zone}}',
    hintTitle: "Times on this page are in the park's time zone, whatever the browser's zone",
    field: 'Time zone',
    fieldHelp: "The park's times are shown, filtered, charted and exported in this zone; empty uses the server default",
    placeholder: 'Search a zone, e.g. Asia/Shanghai',
  },
};
