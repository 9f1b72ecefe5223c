// The words the writes' own screens show before anything is written (the bulk bar's limit).
import { catalogue } from '@/lib/i18n/catalogue';
import en from './locales/en.json';

export const t = catalogue(en);
