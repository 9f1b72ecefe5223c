// Repeating tasks, the pure core (SPEC §11.1; issue #13): the RRULE subset, expansion, the next
// due date on completing an occurrence, words, the dialog's presets, and local time → instant for
// reminders. No React, no storage, no top-level side effects: a screen imports only what it uses
// and the rest is tree-shaken (the expander and zone code stay out of a bundle that only labels).
export { isOccurrence, nextDue, occurrenceAfter, occurrences, restartAt } from './expand';
export { checkRepeat, formatRule, type ParseResult, parseRule } from './parse';
export { localeWeekStart, type Preset, PRESETS, presetOf, presetRule, withWeekStart } from './presets';
export {
  type DailyRule,
  type Freq,
  LIMITS as REPEAT_LIMITS,
  type MonthlyOn,
  type MonthlyRule,
  type Nth,
  REPEAT_MESSAGES,
  type Rule,
  ruleProblem,
  WEEKDAYS,
  type Weekday,
  type WeeklyRule,
  WORKDAYS,
  type YearlyRule,
} from './rule';
export { describeRule, EN, type Language, PHRASES, type Phrases, repeatLabel, type Unit } from './words';
export { occurrenceAt, zoneOffset } from './zone';
