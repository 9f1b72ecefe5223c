// Repeating tasks, the pure core (SPEC §11.1; issue #13): the RRULE subset, expansion, the next
// due date on completing an occurrence, words, the dialog's presets, and local time → instant for
// reminders. No React, no storage, no top-level side effects: a screen imports only what it uses
// and the rest is tree-shaken (the expander and zone code stay out of a bundle that only labels).
//
// Our own expander, not the rrule library (2.8.1), measured on the same 1,000 mixed tasks
// (bench/recurrence-size.ts, bench/recurrence-rrule.ts; BENCHMARKS.md):
//  - behaviour: rrule follows RFC 5545, which skips months without the day ("monthly on the
//    31st" → 31 Jan, 31 Mar, 31 May…; 77 of the 1,000 tasks disagree over a year) and puts
//    yearly 29 Feb only in leap years (2024 → 2028). SPEC wants the last day of the month.
//    rrule gets there only with BYSETPOS/BYMONTH rewrites outside SPEC's subset, stored in the
//    text other clients read. It also doesn't count a DTSTART off the pattern, where SPEC's
//    anchor is always occurrence 1.
//  - size: rrule is 13.1 KB gzip in a Vite build whatever is used (one class; its methods don't
//    tree-shake); this module is 3.0 KB for the row label or for Upcoming, 5.1 KB for all of it.
//  - speed (medians over three runs on a busy 2-core machine): the 14-day Upcoming window for
//    1,000 tasks takes 3–8 ms here and 325–550 ms with rrule (it walks every series from its
//    DTSTART); a year 17–30 ms against 0.9–1.3 s.
// It stays small because the subset is small and, with SPEC's month-end rule, every period has
// a fixed number of dates, so the window and COUNT are reached by arithmetic (expand.ts).
export { isOccurrence, nextDue, occurrenceAfter, occurrences, restartAt } from './expand';
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
