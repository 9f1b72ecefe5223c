// The words for what the auth server answered, ready to show.
import { catalogue } from '@/lib/i18n/catalogue';
import en from './locales/en.json';

export const t = catalogue(en);
