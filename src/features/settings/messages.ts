import { catalogue } from '@/lib/i18n';
import en from './locales/en.json';

export const t = catalogue(en);

const MARK = '\u{E000}';

/** A message cut where `{name}` goes, for words around an element (a name set in bold). */
export function around(key: Parameters<typeof t>[0], name: string, values: Record<string, unknown> = {}): [string, string] {
  const [before = '', after = ''] = t(key, { ...values, [name]: MARK }).split(MARK);
  return [before, after];
}
