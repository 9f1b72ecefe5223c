// Settings → "Week starts on" (SPEC §18): the locale's first day unless the person picks one. Kept
// on this device in localStorage like the quick-add switch; this is the one place the app reads it,
// so a synced profile value can take over here without touching the screens.
import { intlLocale } from '@/lib/i18n/language';
import { localStore } from '@/lib/local-storage';
import { type FirstDay, localeFirstDay } from './week';

export const WEEK_START_KEY = 'daybook-week-start';
const CHANGED = 'daybook-week-start-changed';

/** The picked first day, or null for the locale's. */
export function getWeekStartChoice(): FirstDay | null {
  const stored = Number(localStore()?.getItem(WEEK_START_KEY));
  return Number.isInteger(stored) && stored >= 1 && stored <= 7 ? (stored as FirstDay) : null;
}

/** The first day of the week the app uses: the locale's is the app's language's, as its dates are. */
export function getWeekStart(locale: string = intlLocale()): FirstDay {
  return getWeekStartChoice() ?? localeFirstDay(locale);
}

export function setWeekStartChoice(day: FirstDay | null): void {
  const store = localStore();
  if (day === null) store?.removeItem(WEEK_START_KEY);
  else store?.setItem(WEEK_START_KEY, String(day));
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGED));
}

/** Calls back when the setting changes, in this tab or another; returns the unsubscribe. */
export function onWeekStartChange(callback: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (e: StorageEvent) => {
    if (e.key === WEEK_START_KEY || e.key === null) callback();
  };
  window.addEventListener(CHANGED, callback);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, callback);
    window.removeEventListener('storage', onStorage);
  };
}
