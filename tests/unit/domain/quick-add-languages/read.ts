// Shared by the golden tables of quick add in each language (SPEC §20): "today" is Wednesday
// 25 November 2026, no screen date (a time alone is today's), lists "Groceries" and "Home".
import { type ParseOptions, parseQuickAdd, type Words } from '@/domain/quick-add';
import { formatRule } from '@/domain/recurrence';

export const TODAY = '2026-11-25'; // a Wednesday
export const D = {
  today: '2026-11-25',
  tomorrow: '2026-11-26',
  after: '2026-11-27',
  thu: '2026-11-26',
  fri: '2026-11-27',
  sat: '2026-11-28',
  sun: '2026-11-29',
  mon: '2026-11-30',
  tue: '2026-12-01',
  nextFri: '2026-12-04',
  nextWeek: '2026-11-30',
  nextMonth: '2026-12-01',
  in3: '2026-11-28',
  in2w: '2026-12-09',
  dec24: '2026-12-24',
} as const;

const LISTS = [
  { id: 'groceries', name: 'Groceries' },
  { id: 'home', name: 'Home' },
];

export interface Seen {
  title: string;
  date?: string;
  deadline?: string;
  time?: string;
  duration?: number;
  priority?: number;
  list?: string;
  repeat?: string;
}

/** The result in short: the title and the fields the parts set, a repeat as "RRULE @ anchor". */
export function reader(words: Words) {
  return (text: string, options: Partial<ParseOptions> = {}): Seen => {
    const r = parseQuickAdd(text, { today: TODAY, lists: LISTS, words, ...options });
    const f = r.fields;
    const seen: Seen = { title: r.title };
    if (f.due_date !== undefined && !f.repeat) seen.date = f.due_date;
    if (f.deadline !== undefined) seen.deadline = f.deadline;
    if (f.due_time !== undefined) seen.time = f.due_time;
    if (f.duration_min !== undefined) seen.duration = f.duration_min;
    if (f.priority !== undefined) seen.priority = f.priority;
    if (f.list_id !== undefined) seen.list = f.list_id;
    if (f.repeat !== undefined) seen.repeat = `${formatRule(f.repeat.rule)} @ ${f.repeat.anchor}`;
    return seen;
  };
}
