// The colour theme the user picked, kept in localStorage so it can be applied before the
// first paint (reading IndexedDB first would flash the wrong theme).
import { localStore } from './local-storage';
export type Theme = 'light' | 'dark' | 'system';

export const THEME_KEY = 'daybook-theme';
const THEMES: readonly Theme[] = ['light', 'dark', 'system'];

// Without storage (some privacy modes throw on access) the theme just follows the system.
const storage = localStore;

export function getTheme(): Theme {
  const value = storage()?.getItem(THEME_KEY);
  return THEMES.includes(value as Theme) ? (value as Theme) : 'system';
}

/** 'system' removes data-theme so tokens.css follows prefers-color-scheme. */
export function applyTheme(theme: Theme = getTheme(), root: HTMLElement = document.documentElement): void {
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
}

export function setTheme(theme: Theme): void {
  const store = storage();
  if (theme === 'system') store?.removeItem(THEME_KEY);
  else store?.setItem(THEME_KEY, theme);
  applyTheme(theme);
}
