// The refusals the pure applies make, and the server's own for the same cases (SPEC §8): they
// travel and are kept in English and are put in the person's language when shown (localizeMessage).
import { catalogue } from '@/lib/i18n/catalogue';
import en from './locales/en.json';

export const t = catalogue(en);
