// A rule in words: the repeat icon's accessible name ("Repeats every week on Monday", SPEC
// §11.1) and the dialog's summary. The sentence is assembled from one table of phrases per
// language, so another language is another table of the same shape (Phrases), not new code.
// Implicit parts (WEEKLY without BYDAY, MONTHLY without a day, YEARLY) come from the anchor, so
// the words need it too.
import { partsFromDay, dayFromIso, weekdayOfDay } from './calendar';
import { type Nth, type Rule, WEEKDAYS, type Weekday, WORKDAYS } from './rule';
import { DE, ES, FR, JA, PT_BR } from './words-languages';

export type Unit = 'day' | 'week' | 'month' | 'year';

export interface Phrases {
  /** "every day", "every 2 weeks". */
  every(unit: Unit, interval: number): string;
  /** Monday to Friday every week. */
  everyWeekday: string;
  /** Monday to Friday as the days of a longer interval: "every 2 weeks on weekdays". */
  workdays: string;
  /** Day names, Monday first (WEEKDAYS order). */
  dayNames: readonly string[];
  monthNames: readonly string[];
  shortMonthNames: readonly string[];
  /** "Monday", "Tuesday and Thursday", "Monday, Wednesday and Friday". */
  list(items: readonly string[]): string;
  /** "the 31st". */
  monthDay(day: number): string;
  lastDay: string;
  /** "the second Tuesday", "the last Friday". */
  nthWeekday(nth: Nth, dayName: string): string;
  /** "24 December". */
  date(day: number, monthName: string): string;
  /** The base sentence with its day: "every week" + "Monday" → "every week on Monday". */
  on(every: string, day: string): string;
  /** "5 times", "once". */
  times(count: number): string;
  /** "until 31 Dec 2026". */
  until(day: number, shortMonthName: string, year: number): string;
  /** The base sentence with its end: "every day, 5 times". */
  ending(words: string, end: string): string;
  /** SPEC §14.3, a repeat from the day it's done: "every 3 days after done". */
  afterDone(every: string): string;
  /** The accessible name of a task row's repeat icon. */
  repeats(words: string): string;
}

function englishOrdinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const NTH_EN: Record<Nth, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };

export const EN: Phrases = {
  every: (unit, n) => (n === 1 ? `every ${unit}` : `every ${n} ${unit}s`),
  everyWeekday: 'every weekday',
  workdays: 'weekdays',
  dayNames: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  monthNames: [
    'January', 'February', 'March', 'April', 'May', 'June',
    'July', 'August', 'September', 'October', 'November', 'December',
  ],
  shortMonthNames: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  list: (items) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`),
  monthDay: (day) => `the ${englishOrdinal(day)}`,
  lastDay: 'the last day',
  nthWeekday: (nth, dayName) => `the ${NTH_EN[nth]} ${dayName}`,
  date: (day, monthName) => `${day} ${monthName}`,
  on: (every, day) => `${every} on ${day}`,
  times: (count) => (count === 1 ? 'once' : `${count} times`),
  until: (day, month, year) => `until ${day} ${month} ${year}`,
  ending: (words, end) => `${words}, ${end}`,
  afterDone: (every) => `${every} after done`,
  repeats: (words) => `Repeats ${words}`,
};

/** Languages with a table, by their tag's language (Brazil's is Portuguese's); a new language is one more entry. */
export const PHRASES: Readonly<Record<string, Phrases>> = { en: EN, de: DE, es: ES, fr: FR, pt: PT_BR, 'pt-BR': PT_BR, ja: JA };

/** A language tag ('en', 'en-GB'; English until a table exists) or a table itself. */
export type Language = string | Phrases;

function phrasesFor(locale: Language): Phrases {
  if (typeof locale !== 'string') return locale;
  return PHRASES[locale] ?? PHRASES[locale.split('-')[0] ?? ''] ?? EN;
}

/** "every 2 weeks on Tuesday and Thursday", "every month on the last Friday, until 31 Dec 2026". */
export function describeRule(rule: Rule, anchor: string, locale: Language = 'en'): string {
  const t = phrasesFor(locale);
  const a = dayFromIso(anchor);
  const { day: anchorDay, month: anchorMonth } = partsFromDay(a);
  const dayName = (d: Weekday) => t.dayNames[WEEKDAYS.indexOf(d)] as string;
  let words: string;
  const unit = ({ DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as const)[rule.freq];
  if (rule.fromDone) words = t.afterDone(t.every(unit, rule.interval));
  else switch (rule.freq) {
    case 'DAILY':
      words = t.every('day', rule.interval);
      break;
    case 'WEEKLY': {
      const days = rule.days.length ? rule.days : [WEEKDAYS[weekdayOfDay(a)] as Weekday];
      const isWorkweek = days.length === 5 && WORKDAYS.every((d) => days.includes(d));
      if (isWorkweek && rule.interval === 1) words = t.everyWeekday;
      else if (days.length === 7 && rule.interval === 1) words = t.every('day', 1);
      else {
        // Named in the order of the rule's own week, so "Sunday and Monday" for a Sunday week.
        const start = WEEKDAYS.indexOf(rule.weekStart);
        const ordered = [...WEEKDAYS.slice(start), ...WEEKDAYS.slice(0, start)].filter((d) => days.includes(d));
        words = t.on(t.every('week', rule.interval), isWorkweek ? t.workdays : t.list(ordered.map(dayName)));
      }
      break;
    }
    case 'MONTHLY': {
      const on = rule.on ?? { monthDay: anchorDay };
      const day = !('monthDay' in on)
        ? t.nthWeekday(on.nth, dayName(on.weekday))
        : on.monthDay === -1
          ? t.lastDay
          : t.monthDay(on.monthDay);
      words = t.on(t.every('month', rule.interval), day);
      break;
    }
    case 'YEARLY':
      words = t.on(t.every('year', rule.interval), t.date(anchorDay, t.monthNames[anchorMonth - 1] as string));
      break;
  }
  if (rule.count !== null) return t.ending(words, t.times(rule.count));
  if (rule.until !== null) {
    const { year, month, day } = partsFromDay(dayFromIso(rule.until));
    return t.ending(words, t.until(day, t.shortMonthNames[month - 1] as string, year));
  }
  return words;
}

/** The repeat icon's accessible name: "Repeats every week on Monday". */
export function repeatLabel(rule: Rule, anchor: string, locale: Language = 'en'): string {
  return phrasesFor(locale).repeats(describeRule(rule, anchor, locale));
}
