import type { appLinksZh } from './texts.zh-CN';

export const appLinksEn: typeof appLinksZh = {
  appLinks: {
    edit: 'Set download links',
    hint: 'The download address of each app (http:// or https://); blank means not offered. Every user and the public download page show them once saved.',
    mustBeHttp: 'Enter an address starting with http:// or https://',
    tooLong: 'An address is at most {{max}} characters',
    saved: 'Download links saved',
    back: 'Back',
    share: 'Public download page',
  },
};
