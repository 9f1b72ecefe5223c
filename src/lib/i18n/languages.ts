// The languages Daybook speaks (SPEC §20), each named in itself, and how a browser's list of
// preferred languages maps onto them: the first preference with a catalogue wins, by language
// alone for all but Portuguese, whose one catalogue is Brazil's.
export const LANGUAGES = ['en', 'de', 'es', 'fr', 'pt-BR', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of `tags` (BCP 47, as navigator.languages gives them) Daybook has, else English. */
export function matchLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (base === 'pt') return 'pt-BR';
    const found = LANGUAGES.find((l) => l === base);
    if (found) return found;
  }
  return 'en';
}
