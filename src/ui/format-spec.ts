// What a remembered format makes its strings with, as data, so the page and the format worker
// (./format-worker.ts) make them alike from one description.
import { parseIso } from '@/lib/dates';

/**
 * Days: the key is an ISO day, with '+year' for the variant that shows the year. Counts: a number's
 * text. Times: a time of day 'HH:MM', written as the locale does (12- or 24-hour). `locale` is the app's language's when it is not the browser's (undefined: the browser's).
 */
export type FormatSpec = ({ type: 'day'; options: Intl.DateTimeFormatOptions } | { type: 'count' } | { type: 'time' }) & { locale?: string };

/** A local Date at noon for an ISO day (noon keeps DST shifts from changing the day). */
export function dateFromIso(iso: string): Date {
  const { year, month, day } = parseIso(iso);
  const date = new Date(year, month - 1, day, 12);
  date.setFullYear(year);
  return date;
}

/** The formatting `spec` describes, by key (makes Intl formatters: ICU starts with the first one). */
export function formatterFor(spec: FormatSpec): (key: string) => string {
  if (spec.type === 'count') {
    const format = new Intl.NumberFormat(spec.locale);
    return (key) => format.format(Number(key));
  }
  if (spec.type === 'time') {
    const format = new Intl.DateTimeFormat(spec.locale, { timeStyle: 'short' });
    return (key) => {
      const [h, m] = key.split(':').map(Number);
      return format.format(new Date(2000, 0, 1, h ?? 0, m ?? 0));
    };
  }
  const withoutYear = new Intl.DateTimeFormat(spec.locale, spec.options);
  const withYear = new Intl.DateTimeFormat(spec.locale, { ...spec.options, year: 'numeric' });
  return (key) => (key.endsWith('+year') ? withYear : withoutYear).format(dateFromIso(key.slice(0, 10)));
}
