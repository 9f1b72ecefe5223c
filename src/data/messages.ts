// The words of the data layer's own checks, of import and of bulk edits.
import { catalogue } from '@/lib/i18n/catalogue';
import en from './locales/en.json';

export const t = catalogue(en);
