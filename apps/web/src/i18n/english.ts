import { enUS } from './en-US';
import { homeEn } from './home.en-US';

/** The English texts: their own chunk, fetched when someone reads the console in English (index.ts). */
export const english = { ...enUS, ...homeEn };
