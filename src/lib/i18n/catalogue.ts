// The app's strings: each part of the app registers its English catalogue (so English travels
// with the code that speaks it, and the first screen carries only its own), and the person's
// other language, if any, arrives as one chunk before the first screen paints: each part's
// messages in its English file's order (scripts/vite-messages.ts), matched here to the keys the
// English registered. A key missing from a translation falls back to English; the catalogue test
// keeps that from shipping.
import { currentLanguage, resolveLanguage, setCurrentLanguage } from './language';
import type { Translations } from './catalogues/files';
import type { Lookup } from './catalogues/travelling';
import type { Language } from './languages';
import { type CompiledMessage, i18n, type Messages } from './runtime';

export type MessageValues = Record<string, unknown>;

const english: Messages = {};
/** Where each registered key's translation sits: its part and its place in the part's English. */
const places = new Map<string, readonly [part: string, index: number]>();
let translated: Translations = {};
/** Finds the messages that travel as English text (./catalogues/travelling.ts), once another language is in use. */
let travelling: Lookup | null = null;

function load(language: Language): void {
  const messages: Messages = { ...english };
  if (language !== 'en') {
    for (const [key, [part, index]] of places) {
      const message = translated[part]?.[index];
      if (message != null) messages[key] = message;
    }
  }
  i18n.load(language, messages);
}

/** Takes a compiled English catalogue in: its keys, their English and their places. */
function register(en: Record<string, unknown>): void {
  const part = typeof en['@file'] === 'string' ? en['@file'] : '';
  let index = 0;
  for (const [key, message] of Object.entries(en)) {
    if (key === '@file') continue;
    english[key] = message as CompiledMessage;
    places.set(key, [part, index++]);
  }
}

const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Translations }>> = {
  de: () => import('./catalogues/de'),
  es: () => import('./catalogues/es'),
  fr: () => import('./catalogues/fr'),
  'pt-BR': () => import('./catalogues/pt-BR'),
  ja: () => import('./catalogues/ja'),
};

/**
 * Registers a part's English catalogue and gives the function that looks its keys up in the
 * current language (typed by the English keys, so a misspelt key fails to compile).
 */
export function catalogue<T extends Record<string, string>>(en: T): (key: keyof T & string, values?: MessageValues) => string {
  register(en);
  travelling?.forget();
  load(currentLanguage());
  return (key, values) => i18n._(key, values);
}

/** Loads `language`'s catalogues (null = the browser's) and makes it current. */
export async function switchLanguage(language: Language | null): Promise<void> {
  const next = resolveLanguage(language);
  if (next === 'en') translated = {};
  else {
    const [messages, travel] = await Promise.all([LOADERS[next](), import('./catalogues/travelling')]);
    translated = messages.default;
    if (!travelling) {
      for (const source of travel.sources) register(source);
      travelling = travel.lookup(() => english);
    }
  }
  load(next);
  setCurrentLanguage(language);
}

/**
 * An English message of any catalogue, in the current language: the same text in English, and
 * any text no catalogue has (a server's own words, a name) as it is. A placeholder's value that
 * is itself such a message is put in the language too ("The server refused the request: {message}").
 * Messages that travel as English text — a refusal the server wrote, a validation error thrown far
 * from the screen, a reason kept in the sync centre — are put in the language this way when
 * shown; what is stored stays English, byte for byte.
 */
export function localizeMessage(text: string, depth = 0): string {
  if (currentLanguage() === 'en' || depth > 2 || !travelling) return text;
  return travelling.find(text, (value) => localizeMessage(value, depth + 1));
}
