// Repeating tasks, the pure core (SPEC §11.1): the RRULE subset, expansion, the next due date on
// completing an occurrence, words, the dialog's presets, and local time → instant for reminders.
// No React, no storage, no top-level side effects: a screen imports only what it uses and the
// rest is tree-shaken (the expander and zone code stay out of a bundle that only labels).
//
// Our own expander, not the rrule library: rrule follows RFC 5545, which skips months without the
// day ("monthly on the 31st" → 31 Jan, 31 Mar…) and puts yearly 29 Feb only in leap years, where
// SPEC wants the last day of the month — rrule gets there only with BYSETPOS/BYMONTH rewrites
// outside SPEC's subset, stored in the text other clients read — and it does not count a DTSTART
// off the pattern, where SPEC's anchor is always occurrence 1. rrule is also one class whose
// methods don't tree-shake, and walks every series from its DTSTART (size and speed, side by
// side: BENCHMARKS.md, bench/recurrence-size.ts and bench/recurrence-rrule.ts).
// It stays small because the subset is small and, with SPEC's month-end rule, every period has
// a fixed number of dates, so the window and COUNT are reached by arithmetic (expand.ts).
export { isOccurrence, nextDue, occurrenceAfter, occurrences, restartAt } from './expand';
export { isFromDone, nextFromDone } from './from-done';
export { laterOccurrences, occurrenceCounts, type Repeating } from './later';
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
