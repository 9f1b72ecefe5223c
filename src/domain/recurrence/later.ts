// A repeating task's later occurrences inside a window of days, for Upcoming and its calendar
// (SPEC §11.1: "Upcoming shows the later occurrences of a repeating task inside its 14 days …
// and the calendar counts them").
//
// "Later" means strictly after the later of the task's due date and today: that is where
// completing the current occurrence moves it (nextDue), so a day shown here is a day the task can
// actually land on. An overdue daily task therefore shows from tomorrow, not today — completing it
// late goes to tomorrow, never to today.
//
// Screens re-read their tasks on every write, so the same expansions come back again and again:
// results are memoised by what decides them (rule text, anchor, due date, window), and rule texts
// are parsed once. Both memos are bounded; clearing them only costs a recomputation.
import { dayFromValidIso, isoFromDay } from './calendar';
import { occurrences } from './expand';
import { parseRule } from './parse';
import type { Rule } from './rule';

export interface Repeating {
  done: boolean;
  due_date: string | null;
  repeat?: string | null | undefined;
  repeat_anchor?: string | null | undefined;
}

const MEMO_LIMIT = 5000;
const rules = new Map<string, Rule | null>();
const windows = new Map<string, readonly string[]>();
const NONE: readonly string[] = Object.freeze([]);

function remember<T>(memo: Map<string, T>, key: string, value: T): T {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

/** The rule a task's RRULE text stands for, or null when this app can't read it (parsed once per text). */
function ruleOf(text: string): Rule | null {
  const known = rules.get(text);
  if (known !== undefined) return known;
  const parsed = parseRule(text);
  return remember(rules, text, parsed.ok ? parsed.rule : null);
}

/**
 * The occurrences of an open repeating task in [from, to] (inclusive, 'YYYY-MM-DD') that fall
 * strictly after both its due date and `today`, in order. Empty for a task that is done, has no
 * due date, doesn't repeat, or repeats by a rule this app can't read.
 */
export function laterOccurrences(task: Repeating, from: string, to: string, today: string): readonly string[] {
  const { repeat, due_date: due } = task;
  if (task.done || !repeat || !due) return NONE;
  const after = due > today ? due : today;
  const start = dayFromValidIso(from);
  const afterDay = dayFromValidIso(after);
  if (start === null || afterDay === null || dayFromValidIso(to) === null) return NONE;
  const lo = isoFromDay(Math.max(start, afterDay + 1));
  if (lo > to) return NONE;
  const anchor = task.repeat_anchor ?? due;
  const key = `${repeat}|${anchor}|${after}|${lo}|${to}`;
  const known = windows.get(key);
  if (known) return known;
  const rule = ruleOf(repeat);
  // a repeat from the day it's done has no later dates until it is done
  if (!rule || rule.fromDone || dayFromValidIso(anchor) === null) return remember(windows, key, NONE);
  return remember(windows, key, Object.freeze(occurrences(rule, anchor, lo, to)));
}

/** Occurrences per day in [from, to] over `tasks` (the calendar's counts, added to the plain ones). */
export function occurrenceCounts(tasks: readonly Repeating[], from: string, to: string, today: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const task of tasks) {
    for (const date of laterOccurrences(task, from, to, today)) counts[date] = (counts[date] ?? 0) + 1;
  }
  return counts;
}
