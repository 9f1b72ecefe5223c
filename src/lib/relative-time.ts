// "just now", "5 minutes ago", "yesterday" — for times the user reads at a glance (last synced),
// and the full date and time beside them; both in the current language (./i18n/format.ts).
import { formatDateTime, formatLocale, formatRelative } from './i18n/format';

export function relativeTime(iso: string, now: number, locale: string = formatLocale()): string {
  return formatRelative(iso, now, locale);
}

/** The full local date and time, e.g. "23 Nov 2026, 14:05". */
export function absoluteTime(iso: string, locale: string = formatLocale()): string {
  return formatDateTime(iso, locale);
}
