// The app's strings: each part of the app registers its English catalogue (so English travels
// with the code that speaks it, and the first screen carries only its own), and the person's
// other language, if any, arrives as one chunk before the first screen paints. A key missing from
// a translation falls back to English; the catalogue test keeps that from shipping.
import { i18n, type Messages } from '@lingui/core';
import { currentLanguage, resolveLanguage, setCurrentLanguage } from './language';
import type { Language } from './languages';

export type MessageValues = Record<string, unknown>;

const english: Messages = {};
let translated: Messages = {};
/** The English of the messages that travel as text (./catalogues/travelling.ts), once another language is in use. */
let travelling: Messages = {};

function load(language: Language): void {
  i18n.load(language, { ...english, ...translated });
  i18n.activate(language);
}

const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>> = {
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
  Object.assign(english, en);
  index = null;
  load(currentLanguage());
  return (key, values) => i18n._(key, values);
}

/** Loads `language`'s catalogues (null = the browser's) and makes it current. */
export async function switchLanguage(language: Language | null): Promise<void> {
  const next = resolveLanguage(language);
  const [messages, sources] =
    next === 'en' ? [{}, travelling] : await Promise.all([LOADERS[next]().then((m) => m.default), import('./catalogues/travelling').then((m) => m.default)]);
  translated = messages;
  if (sources !== travelling) {
    travelling = sources;
    index = null;
  }
  load(next);
  setCurrentLanguage(language);
}

// Messages that travel as English text — a refusal the server wrote, a validation error thrown
// far from the screen, a reason kept in the sync centre — are put in the current language when
// shown, by finding the English message they are. What is stored stays English, byte for byte.
type Compiled = string | readonly (string | readonly unknown[])[];
interface Pattern {
  key: string;
  names: string[];
  match: RegExp;
}
let index: { exact: Map<string, string>; patterns: Pattern[] } | null = null;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function indexEnglish(): NonNullable<typeof index> {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [key, compiled] of Object.entries({ ...english, ...travelling }) as [string, Compiled][]) {
    const parts = typeof compiled === 'string' ? [compiled] : compiled;
    // Only plain text and simple {placeholders}: a plural's words are found by its translation's caller.
    if (!parts.every((p) => typeof p === 'string' || (Array.isArray(p) && p.length === 1))) continue;
    if (parts.every((p) => typeof p === 'string')) {
      const text = parts.join('');
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    // A message that is mostly its placeholder ("“{name}”") would claim any text.
    if (parts.filter((p) => typeof p === 'string').join('').trim().length < 4) continue;
    const names: string[] = [];
    const source = parts
      .map((p, i) => {
        if (typeof p === 'string') return escapeRegExp(p);
        names.push(String(p[0]));
        return i === parts.length - 1 ? '(.+)' : '(.+?)';
      })
      .join('');
    patterns.push({ key, names, match: new RegExp(`^${source}$`, 's') });
  }
  return { exact, patterns };
}

/**
 * An English message of any catalogue, in the current language: the same text in English, and
 * any text no catalogue has (a server's own words, a name) as it is. A placeholder's value that
 * is itself such a message is put in the language too ("Nothing was imported: … {reason}").
 */
export function localizeMessage(text: string, depth = 0): string {
  if (currentLanguage() === 'en' || depth > 2) return text;
  index ??= indexEnglish();
  const key = index.exact.get(text);
  if (key !== undefined) return i18n._(key);
  for (const { key, names, match } of index.patterns) {
    const found = match.exec(text);
    if (!found) continue;
    const values: MessageValues = {};
    names.forEach((name, i) => {
      values[name] = localizeMessage(found[i + 1] ?? '', depth + 1);
    });
    return i18n._(key, values);
  }
  return text;
}
