// Each language's quick add words (SPEC §20), a chunk of its own loaded with the parser's
// (parser.ts): only the person's language is fetched, and English's table is the parser's own.
import type { Words } from '@/domain/quick-add';
import type { Language } from '@/lib/i18n';

const TABLES: Readonly<Record<Exclude<Language, 'en'>, () => Promise<{ words: Words }>>> = {
  de: () => import('@/domain/quick-add/de'),
  es: () => import('@/domain/quick-add/es'),
  fr: () => import('@/domain/quick-add/fr'),
  'pt-BR': () => import('@/domain/quick-add/pt-BR'),
  ja: () => import('@/domain/quick-add/ja'),
};

/** The table quick add reads `language` with (and English), or undefined for English alone. */
export async function wordsFor(language: Language): Promise<Words | undefined> {
  return language === 'en' ? undefined : (await TABLES[language]()).words;
}
