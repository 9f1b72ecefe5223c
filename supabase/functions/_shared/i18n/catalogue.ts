// The server's texts in the recipient's language (SPEC §20): one catalogue a language beside the
// Edge Functions (the deploy bundler resolves nothing outside supabase/functions/), used by them
// and by the stand-in (server/). A text asks for a person's language as the database has it
// (profiles.language, else the sign-up's) and falls back to English.
import { de } from './locales/de.ts';
import { en, type MessageKey, type Messages } from './locales/en.ts';
import { es } from './locales/es.ts';
import { fr } from './locales/fr.ts';
import { ja } from './locales/ja.ts';
import { ptBR } from './locales/pt-BR.ts';
import { formatMessage, type MessageValues } from './message-format.ts';

export type { MessageKey } from './locales/en.ts';
export type { MessageValues, Raw } from './message-format.ts';

export const SERVER_LANGUAGES = ['en', 'de', 'es', 'fr', 'pt-BR', 'ja'] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

export const CATALOGUES: Readonly<Record<ServerLanguage, Messages>> = { en, de, es, fr, 'pt-BR': ptBR, ja };

/** One of the six for a tag ('fr', 'fr-CA', 'pt', 'pt-BR' …), else English. */
export function serverLanguage(tag: string | null | undefined): ServerLanguage {
  if (!tag) return 'en';
  const exact = SERVER_LANGUAGES.find((l) => l.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  if (base === 'pt') return 'pt-BR';
  return SERVER_LANGUAGES.find((l) => l === base) ?? 'en';
}

/**
 * The tag Intl formats with. English is Britain's: the mails have always said "27 December 2026"
 * and the pushes "14:30", and an English reader anywhere follows that better than "12/27/2026".
 */
export function serverLocale(language: ServerLanguage): string {
  return language === 'en' ? 'en-GB' : language;
}

export interface ServerText {
  language: ServerLanguage;
  locale: string;
  /** The message with its values put in, as plain text. */
  t(key: MessageKey, values?: MessageValues): string;
  /** The same with string values HTML-escaped (a Raw goes in as it is). */
  html(key: MessageKey, values?: MessageValues): string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function serverText(tag: string | null | undefined): ServerText {
  const language = serverLanguage(tag);
  const locale = serverLocale(language);
  const messages = CATALOGUES[language];
  return {
    language,
    locale,
    t: (key, values = {}) => formatMessage(messages[key], values, locale),
    html: (key, values = {}) => formatMessage(messages[key], values, locale, escapeHtml),
  };
}
