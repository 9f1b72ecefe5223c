// One format per kind of date, time and number across the app (SPEC §20), each made by Intl for
// the current language's locale: the day of a task ("Fri 4 Dec"), a long day ("Friday 4
// December"), a month ("December 2026"), a time of day, an instant, a time ago and a count.
// 12- or 24-hour is the locale's own (no hourCycle forced). Formatters are slow to make, so each
// is made once per locale and kind; a day's text is remembered too, as every task row asks.
import { parseIso, setDateWords } from '../dates';
import { t } from '../messages';
import { intlLocale } from './language';

/** The Intl options of each kind, so a part that formats elsewhere (a worker) makes the same text. */
export const FORMAT_KINDS = {
  shortDate: { weekday: 'short', day: 'numeric', month: 'short' },
  longDate: { weekday: 'long', day: 'numeric', month: 'long' },
  weekdayShort: { weekday: 'short' },
  weekdayLong: { weekday: 'long' },
  monthYear: { month: 'long', year: 'numeric' },
  time: { timeStyle: 'short' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type FormatKind = keyof typeof FORMAT_KINDS;

/**
 * The locale Intl formats with. English with no region writes as Daybook always has (day before
 * month, a 24-hour clock), as English does outside the US; a browser's own tag (en-US) wins.
 */
export function formatLocale(): string {
  const tag = intlLocale();
  return tag === 'en' ? 'en-GB' : tag;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Calendar days and times of day are formatted in UTC from their parts: no zone shifts them. */
function dateFormat(kind: FormatKind, locale: string, withYear = false, zone: 'UTC' | 'local' = 'UTC'): Intl.DateTimeFormat {
  const key = `${locale}|${kind}|${withYear}|${zone}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { ...FORMAT_KINDS[kind] };
    if (withYear) options.year = 'numeric';
    if (zone === 'UTC') options.timeZone = 'UTC';
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

function utcDay(iso: string): Date {
  const { year, month, day } = parseIso(iso);
  const date = new Date(Date.UTC(2000, month - 1, day, 12));
  date.setUTCFullYear(year);
  return date;
}

const remembered = new Map<string, string>();
/** Enough for every day a few screens show; past it the memory starts again. */
const REMEMBER_LIMIT = 2000;

function dayText(kind: 'shortDate' | 'longDate', iso: string, today: string | undefined, locale: string): string {
  const withYear = today !== undefined && iso.slice(0, 4) !== today.slice(0, 4);
  const key = `${locale}|${kind}|${withYear}|${iso}`;
  let text = remembered.get(key);
  if (text === undefined) {
    text = dateFormat(kind, locale, withYear).format(utcDay(iso));
    if (remembered.size >= REMEMBER_LIMIT) remembered.clear();
    remembered.set(key, text);
  }
  return text;
}

/** A task's day: "Fri 4 Dec" (en-GB), "Fr., 4. Dez.", "12月4日(金)"; the year when it is not `today`'s. */
export function shortDate(iso: string, today?: string, locale = formatLocale()): string {
  return dayText('shortDate', iso, today, locale);
}

/** A day in full: "Friday 4 December", "Freitag, 4. Dezember"; the year when it is not `today`'s. */
export function longDate(iso: string, today?: string, locale = formatLocale()): string {
  return dayText('longDate', iso, today, locale);
}

/** A day's weekday: "Fri" / "Friday", "Fr." / "Freitag", "金" / "金曜日". */
export function weekdayName(iso: string, width: 'short' | 'long' = 'short', locale = formatLocale()): string {
  return dateFormat(width === 'short' ? 'weekdayShort' : 'weekdayLong', locale).format(utcDay(iso));
}

/** A month of a year: "December 2026", "diciembre de 2026", "2026年12月". */
export function monthYear(year: number, month: number, locale = formatLocale()): string {
  const date = new Date(Date.UTC(2000, month - 1, 1, 12));
  date.setUTCFullYear(year);
  return dateFormat('monthYear', locale).format(date);
}

/** A time of day 'HH:MM' as the locale writes it: "09:30" (en-GB, de, fr), "9:30 AM" (en-US), "9:30" (ja). */
export function formatTime(hhmm: string, locale = formatLocale()): string {
  const [h, m] = hhmm.split(':').map(Number);
  return dateFormat('time', locale).format(new Date(Date.UTC(2000, 0, 1, h ?? 0, m ?? 0)));
}

/** An instant in this device's time zone: "4 Dec 2026, 14:05", "04.12.2026, 14:05". */
export function formatDateTime(instant: string | number | Date, locale = formatLocale()): string {
  return dateFormat('dateTime', locale, false, 'local').format(new Date(instant));
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago (or until) an instant, at a glance: "just now", "5 minutes ago", "yesterday". */
export function formatRelative(instant: string, now: number, locale = formatLocale()): string {
  const seconds = Math.round((Date.parse(instant) - now) / 1000);
  // A clock a little ahead of the server's still reads as now.
  if (Math.abs(seconds) < 45) return t('lib.justNow');
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(Math.round(seconds / 60), 'minute');
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count people read: "10,000", "10.000", "10 000". */
export function formatNumber(n: number, locale = formatLocale()): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(n);
}

/** "Today", "Tomorrow", "Yesterday" in the current language, else the day's short date. */
export function dayName(iso: string, today: string): string {
  if (iso === today) return t('lib.today');
  const diff = Math.round((utcDay(iso).getTime() - utcDay(today).getTime()) / 86_400_000);
  if (diff === 1) return t('lib.tomorrow');
  if (diff === -1) return t('lib.yesterday');
  return shortDate(iso, today);
}

// Every screen names days through '@/lib/dates' (dayLabel, monthLabel): from here on, in the
// current language.
setDateWords({ dayLabel: dayName, monthLabel: (year, month) => monthYear(year, month) });
