// Display strings for dates and priorities; the data stays in ISO form.
import { addDays, dayLabel, isoFromParts, parseIso, todayIso } from '@/lib/dates';
import type { Priority } from '@/domain/model';
import { currentLanguage, intlLocale } from '@/lib/i18n';
import { rememberedFormat } from './format-memory';
import type { FormatSpec } from './format-spec';
import { dateFromIso } from './format-spec';
import { t } from './messages';

export { dateFromIso };

/** What stands in for a day's text until it is made: a blank the line's height keeps. */
const BLANK = '\u00a0';
/** The days a start's next screens will likely name: the past week and the next two months. */
const likelyDays = () => Array.from({ length: 68 }, (_, i) => addDays(todayIso(), i - 7));

export function isoFromDate(date: Date): string {
  return isoFromParts(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/**
 * A remembered format in the app's language: English formats as the browser does (so an English
 * reader in Britain keeps a 24-hour clock), another language with its own locale, remembered
 * under a kind of its own. The current language's is made at once, as the start expects.
 */
function inLanguage<T extends string | number>(kind: string, spec: FormatSpec, fallback: (input: T) => string, likely: () => T[]): (input: T) => string {
  const formats = new Map<string, (input: T) => string>();
  const current = () => {
    const language = currentLanguage();
    let format = formats.get(language);
    if (!format) {
      const locale = language === 'en' ? undefined : intlLocale();
      format = locale ? rememberedFormat<T>(`${kind} ${locale}`, { ...spec, locale }, fallback, likely) : rememberedFormat<T>(kind, spec, fallback, likely);
      formats.set(language, format);
    }
    return format;
  };
  current();
  return (input) => current()(input);
}

/**
 * Formats ISO days with `options`, adding the year only for days outside `today`'s year; the
 * formatters are made on first use, and strings made before are remembered (./format-memory.ts).
 */
function dayFormat(options: Intl.DateTimeFormatOptions): (iso: string, today?: string) => string {
  const format = inLanguage<string>(`day ${JSON.stringify(options)}`, { type: 'day', options }, () => BLANK, likelyDays);
  return (iso, today) => {
    const sameYear = !today || parseIso(iso).year === parseIso(today).year;
    return format(sameYear ? iso : `${iso}+year`);
  };
}

/** "Monday 23 November" (in the user's locale), with the year when it isn't this year. */
export const longDate = dayFormat({ weekday: 'long', day: 'numeric', month: 'long' });

/** "Mon, 23 Nov" (in the user's locale), with the year when it isn't this year. */
export const mediumDate = dayFormat({ weekday: 'short', day: 'numeric', month: 'short' });

/** The due chip: "Today", "Tomorrow 09:30", "Mon 23 Nov". */
export function dueLabel(dueDate: string, dueTime: string | null, today: string, durationMin?: number | null): string {
  const day = dayLabel(dueDate, today);
  return dueTime ? `${day} ${timeSpan(dueTime, durationMin)}` : day;
}

/** The times a start's screens will likely show: every half hour. */
const likelyTimes = () => Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

/** A time of day 'HH:MM' as the app's locale writes it: "09:30", "9:30 AM", "9:30"; until made, as stored. */
export const clockTime = inLanguage<string>('time', { type: 'time' }, (hhmm) => hhmm, likelyTimes);

/** "09:00", or "09:00–09:45" for a timed task that lasts (its end wraps past midnight). */
export function timeSpan(dueTime: string, durationMin: number | null | undefined): string {
  if (!durationMin) return clockTime(dueTime);
  const [h, m] = dueTime.split(':').map(Number);
  const end = ((h ?? 0) * 60 + (m ?? 0) + durationMin) % 1440;
  const two = (n: number) => String(n).padStart(2, '0');
  return t('ui.timeSpan', { start: clockTime(dueTime), end: clockTime(`${two(Math.floor(end / 60))}:${two(end % 60)}`) });
}

const PRIORITY_KEYS = { 0: 'ui.priorityNone', 1: 'ui.priorityLow', 2: 'ui.priorityMedium', 3: 'ui.priorityHigh' } as const;

/** "None", "Low", "Medium", "High" in the current language (each read when shown). */
export const PRIORITY_NAMES: Readonly<Record<Priority, string>> = Object.defineProperties(
  {} as Record<Priority, string>,
  Object.fromEntries(Object.entries(PRIORITY_KEYS).map(([p, key]) => [p, { enumerable: true, get: () => t(key) }])),
);

const countFormat = inLanguage<number>('count', { type: 'count' }, String, () => Array.from({ length: 100 }, (_, i) => i));

/** "50,010" (in the user's locale): counts people read at a glance. */
export function formatCount(n: number): string {
  return countFormat(n);
}
