// The task dialog's "Repeat" combo box (SPEC §11.1): Never, Daily, Weekdays, Weekly, Monthly,
// Yearly, Custom…. A preset is a rule made from the anchor date; presetOf reads a stored rule
// back into the option it came from, so the box shows "Weekly" rather than "Custom…" for it.
import { dayFromIso, partsFromDay, weekdayOfDay } from './calendar';
import { type Rule, WEEKDAYS, type Weekday, WORKDAYS } from './rule';

export type Preset = 'never' | 'daily' | 'weekdays' | 'weekly' | 'monthly' | 'yearly' | 'custom';

/** The combo box's options in order, with their names (SPEC §11.1). */
export const PRESETS: readonly { value: Preset; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekdays', label: 'Weekdays' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
  { value: 'custom', label: 'Custom…' },
];

const END = { interval: 1, count: null, until: null } as const;

const weekdayOf = (anchor: string) => WEEKDAYS[weekdayOfDay(dayFromIso(anchor))] as Weekday;

/**
 * The rule a preset stands for, anchored on `anchor` (the due date): Weekly on the anchor's
 * weekday, Monthly on its day of the month (the 31st falls on the last day of shorter months),
 * Yearly on its date. The day is written into the rule (BYDAY, BYMONTHDAY) where the subset
 * allows, so the text says what it means on its own. 'never' is no rule; 'custom' starts the
 * custom editor from the Weekly rule.
 */
export function presetRule(preset: 'never', anchor: string): null;
export function presetRule(preset: Exclude<Preset, 'never'>, anchor: string): Rule;
export function presetRule(preset: Preset, anchor: string): Rule | null;
export function presetRule(preset: Preset, anchor: string): Rule | null {
  switch (preset) {
    case 'never':
      return null;
    case 'daily':
      return { freq: 'DAILY', ...END };
    case 'weekdays':
      return { freq: 'WEEKLY', ...END, days: [...WORKDAYS], weekStart: 'MO' };
    case 'weekly':
    case 'custom':
      return { freq: 'WEEKLY', ...END, days: [weekdayOf(anchor)], weekStart: 'MO' };
    case 'monthly':
      return { freq: 'MONTHLY', ...END, on: { monthDay: partsFromDay(dayFromIso(anchor)).day } };
    case 'yearly':
      return { freq: 'YEARLY', ...END };
  }
}

/**
 * Which option a rule shows as, given the series' anchor (not a later due date: a monthly rule on
 * the 31st whose due date is now 28 Feb is still "Monthly"). Any interval, end or day other than
 * the anchor's makes it 'custom'.
 */
export function presetOf(rule: Rule | null, anchor: string): Preset {
  if (rule === null) return 'never';
  if (rule.interval !== 1 || rule.count !== null || rule.until !== null || rule.fromDone) return 'custom';
  switch (rule.freq) {
    case 'DAILY':
      return 'daily';
    case 'YEARLY':
      return 'yearly';
    case 'WEEKLY': {
      const days = new Set(rule.days);
      if (days.size === 5 && WORKDAYS.every((d) => days.has(d))) return 'weekdays';
      if (days.size === 0 || (days.size === 1 && days.has(weekdayOf(anchor)))) return 'weekly';
      return 'custom';
    }
    case 'MONTHLY': {
      if (rule.on === null) return 'monthly';
      const anchorDay = partsFromDay(dayFromIso(anchor)).day;
      return 'monthDay' in rule.on && rule.on.monthDay === anchorDay ? 'monthly' : 'custom';
    }
  }
}

/**
 * Sets WKST from the user's week start when it changes the meaning (WEEKLY, INTERVAL > 1, more
 * than one day) and back to Monday otherwise, so rules stay canonical: a US user's "every 2
 * weeks on Sunday and Monday" keeps Sunday and the Monday after it in the same active week.
 */
export function withWeekStart(rule: Rule, weekStart: Weekday): Rule {
  if (rule.freq !== 'WEEKLY') return rule;
  const matters = rule.interval > 1 && new Set(rule.days).size > 1;
  return { ...rule, weekStart: matters ? weekStart : 'MO' };
}

/** The locale's first day of the week (Intl week info where the platform has it), else Monday. */
export function localeWeekStart(locale: string): Weekday {
  try {
    const loc = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = loc.getWeekInfo?.().firstDay ?? loc.weekInfo?.firstDay; // 1 = Monday … 7 = Sunday
    return firstDay && firstDay >= 1 && firstDay <= 7 ? (WEEKDAYS[firstDay - 1] as Weekday) : 'MO';
  } catch {
    return 'MO';
  }
}
