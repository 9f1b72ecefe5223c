// What quick add reads from a line, and what it needs to know to read it.
import type { Rule } from '@/domain/recurrence';
import type { Words } from './en';

export interface ListRef {
  id: string;
  name: string;
}

/** A member of a shared list whom "+name" may name: their name in lower case (display name or e-mail before @). */
export interface PersonRef {
  id: string;
  /** The name shown (their display name). */
  name: string;
  listId: string;
  /** What "+…" matches, folded (src/domain/people.ts personKeys); the folded name when absent. */
  keys?: readonly string[];
  /** The avatar colour, for the suggestions. */
  color?: string;
}

/** A label "@name" reads: an existing one (its id), or a new name (id null), made on Enter. */
export interface LabelRef {
  id: string | null;
  name: string;
}

export type RepeatValue = { rule: Rule; anchor: string };

interface Span {
  /** [start, end) of the words it came from, in UTF-16 units of the text. */
  start: number;
  end: number;
  /** Those words, as typed. */
  text: string;
}

/** One recognised thing. A date is 'YYYY-MM-DD', a time 'HH:MM'. */
export type Part = Span &
  (
    | { kind: 'date'; value: string }
    | { kind: 'deadline'; value: string }
    | { kind: 'time'; value: string }
    | { kind: 'duration'; value: number }
    | { kind: 'priority'; value: 1 | 2 | 3 }
    | { kind: 'list'; value: ListRef }
    | { kind: 'repeat'; value: RepeatValue }
    | { kind: 'assignee'; value: PersonRef }
    | { kind: 'label'; value: LabelRef }
  );

export type PartKind = Part['kind'];

export interface ParseOptions {
  /** Today on the device's calendar, 'YYYY-MM-DD'. Every date is read relative to it. */
  today: string;
  /** The screen's date (Today: today; Upcoming: the picked day; a list: none). */
  defaultDate?: string | null;
  /**
   * The local time now, 'HH:MM'. Only for a time typed on a screen without a date: it is today's
   * if still to come, else tomorrow's. Without it, today's.
   */
  now?: string | null;
  /** Lists a '#' may name. */
  lists?: readonly ListRef[];
  /** People "+name" may name, each on a list: only those on the task's list count. */
  people?: readonly PersonRef[];
  /** The screen's list (where the task goes unless "#list" says otherwise), for "+name". */
  listId?: string | null;
  /** The person's labels an '@' may name (each with its id). */
  labels?: readonly LabelRef[];
  /** Parts the user dismissed (partKey): their words stay in the title and nothing inside them is read. */
  dismissed?: ReadonlySet<string>;
  /** The word table; English by default. */
  words?: Words;
  /** First day of the week, 0 = Monday … 6 = Sunday, for "next friday" and "next week". Default Monday. */
  weekStart?: number;
}

/** The task's fields the parts set; a field absent here keeps the screen's default. */
export interface Fields {
  due_date?: string;
  due_time?: string;
  /** Minutes (SPEC §18), only with a time. */
  duration_min?: number;
  deadline?: string;
  priority?: 1 | 2 | 3;
  list_id?: string;
  repeat?: RepeatValue;
  assignee?: string;
  /** The names of the labels to put on (existing ones as they are spelt), each once. */
  labels?: string[];
}

export interface QuickAddResult {
  /** The text without the recognised words, trimmed; spaces collapsed where words were removed. */
  title: string;
  /** In the order they appear in the text; at most one of each kind but labels. */
  parts: Part[];
  fields: Fields;
}
