// The words src/domain says itself: validation messages (SPEC §5), repeat rules' problems,
// reminder times. Their English is also what the checks throw, so a message read elsewhere is found
// here (localizeMessage).
import { catalogue } from '@/lib/i18n/catalogue';
import en from './locales/en.json';

export const t = catalogue(en);
