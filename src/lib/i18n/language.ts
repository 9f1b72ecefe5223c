// The language the app speaks now. It is read synchronously at start (before the first screen
// paints, also offline) from this device's copy; the person's profile is where it is kept, and a
// profile pulled from another device, or a choice in Settings, changes it here.
import { localStore } from '@/lib/local-storage';
import { isLanguage, type Language, matchLanguage } from './languages';

export const LANGUAGE_KEY = 'daybook.language';

function browserTags(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The language chosen on this device, or null: the browser's. */
export function storedChoice(): Language | null {
  const stored = localStore()?.getItem(LANGUAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

/** The language chosen on this device, else the browser's. */
export function storedLanguage(): Language {
  return storedChoice() ?? matchLanguage(browserTags());
}

let current: Language = storedLanguage();
const listeners = new Set<() => void>();

export function currentLanguage(): Language {
  return current;
}

/**
 * The locale Intl formats with: the browser's own tag when it is of this language (so an English
 * reader in Britain keeps a 24-hour clock and Monday weeks), else the language's tag.
 */
export function intlLocale(language: Language = current): string {
  const base = language.split('-')[0];
  const own = browserTags().find((tag) => tag.toLowerCase().split(/[-_]/)[0] === base);
  return own ?? language;
}

/** The language a choice stands for: itself, or the browser's when there is none. */
export function resolveLanguage(language: Language | null): Language {
  return language ?? matchLanguage(browserTags());
}

/** Makes `language` current (remembered on this device; null = the browser's) and tells the listeners. */
export function setCurrentLanguage(language: Language | null): void {
  const store = localStore();
  if (language === null) store?.removeItem(LANGUAGE_KEY);
  else store?.setItem(LANGUAGE_KEY, language);
  const next = resolveLanguage(language);
  // also when it is current already: at start, the page's <html lang> still says "en"
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
