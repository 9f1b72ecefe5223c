import { catalogue } from '@/lib/i18n';
import en from './locales/en.json';

export type ListsKey = keyof typeof en & string;
export const t = catalogue(en);
