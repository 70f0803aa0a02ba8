import { enUS } from './en-US';
import { homeEn } from './home.en-US';
import { weatherEn } from './weather.en-US';

/** The English texts: their own chunk, fetched when someone reads the console in English (index.ts). */
export const english = { ...enUS, ...homeEn, ...weatherEn };
