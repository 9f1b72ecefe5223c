// The words src/lib says itself: the names of nearby days and the error a full disk makes.
import { catalogue } from './i18n/catalogue';
import en from './locales/en.json';

export const t = catalogue(en);
