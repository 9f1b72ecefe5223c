// The task dialog's repeat summary ("every 2 weeks on Tuesday and Thursday") in the person's
// language. The domain assembles the sentence from a table of phrases (Phrases); English has its
// table there, and a language without one gets this table made from the catalogue, with the
// names of days and months from Intl.
import { type Nth, type Phrases, PHRASES, type Unit, WEEKDAYS } from '@/domain/recurrence';
import { currentLanguage, intlLocale } from '@/lib/i18n';
import { t } from './messages';

const NTH: Record<Nth, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };

const EVERY = {
  day: 'tasks.ruleEveryDay',
  week: 'tasks.ruleEveryWeek',
  month: 'tasks.ruleEveryMonth',
  year: 'tasks.ruleEveryYear',
} as const satisfies Record<Unit, string>;

function names(options: Intl.DateTimeFormatOptions, dates: Date[]): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(), { ...options, timeZone: 'UTC' });
  return dates.map((d) => format.format(d));
}

/** The phrases for the current language: the domain's table if it has one, else the catalogue's. */
export function repeatPhrases(): Phrases | string {
  const language = currentLanguage();
  if (PHRASES[language]) return language;
  // 1 January 2024 was a Monday: the days in WEEKDAYS order
  const dayNames = names({ weekday: 'long' }, WEEKDAYS.map((_, i) => new Date(Date.UTC(2024, 0, 1 + i, 12))));
  const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2024, i, 15, 12)));
  const list = new Intl.ListFormat(intlLocale(), { type: 'conjunction' });
  return {
    every: (unit, count) => t(EVERY[unit], { count }),
    everyWeekday: t('tasks.ruleEveryWeekday'),
    workdays: t('tasks.ruleWorkdays'),
    dayNames,
    monthNames: names({ month: 'long' }, months),
    shortMonthNames: names({ month: 'short' }, months),
    list: (items) => t('tasks.ruleDays', { days: list.format(items) }),
    monthDay: (day) => t('tasks.ruleMonthDay', { day }),
    lastDay: t('tasks.ruleLastDay'),
    nthWeekday: (nth, day) => t('tasks.ruleNthWeekday', { nth: NTH[nth], day, weekday: WEEKDAYS[dayNames.indexOf(day)] ?? 'MO' }),
    date: (day, month) => t('tasks.ruleDate', { day, month }),
    on: (every, day) => t('tasks.ruleOn', { every, day }),
    times: (count) => t('tasks.ruleTimes', { count }),
    until: (day, month, year) => t('tasks.ruleUntil', { day, month, year }),
    ending: (words, end) => t('tasks.ruleEnding', { words, end }),
    afterDone: (every) => t('tasks.ruleAfterDone', { every }),
    repeats: (words) => t('tasks.ruleRepeats', { words }),
  };
}
