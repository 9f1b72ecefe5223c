import { catalogue } from '@/lib/i18n';
import en from './locales/en.json';

export const t = catalogue(en);
