// SPEC §14.3 "From the day it's done": the next due date of a rule marked FROM=DONE is its
// interval after the day the occurrence was completed — on the completing device's calendar,
// carried in the completion — and always after the occurrence itself, so a tick always moves the
// task on. Months and years that lack the day end on their last day (31 Jan + 1 month = 28 Feb),
// as PostgreSQL's date arithmetic does: the server computes the same date from the rule text
// (daybook_private.next_from_done), so this reads the text, not a parsed Rule.
import { addDays, daysInMonth, isoFromParts, parseIso } from '@/lib/dates';

const FROM_DONE = /(^|;)FROM=DONE(;|$)/;

/** Does this rule text count from the day an occurrence is done? */
export function isFromDone(rule: string | null | undefined): boolean {
  return !!rule && FROM_DONE.test(rule);
}

function addMonths(iso: string, months: number): string {
  const { year, month, day } = parseIso(iso);
  const total = year * 12 + (month - 1) + months;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  return isoFromParts(y, m, Math.min(day, daysInMonth(y, m)));
}

/** The due date after completing `occurrence` on `doneOn`, or null once past the rule's UNTIL. */
export function nextFromDone(rule: string, occurrence: string, doneOn: string): string | null {
  const n = Number(/(?:^|;)INTERVAL=(\d+)/.exec(rule)?.[1] ?? 1);
  const freq = /(?:^|;)FREQ=([A-Z]+)/.exec(rule)?.[1];
  const after =
    freq === 'DAILY' ? addDays(doneOn, n) : freq === 'WEEKLY' ? addDays(doneOn, 7 * n) : addMonths(doneOn, freq === 'MONTHLY' ? n : 12 * n);
  const next = after > occurrence ? after : addDays(occurrence, 1);
  const until = /(?:^|;)UNTIL=(\d{4})(\d{2})(\d{2})/.exec(rule);
  return until && next > `${until[1]}-${until[2]}-${until[3]}` ? null : next;
}
