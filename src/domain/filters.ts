// SPEC §14.2 saved filters, pure: what a filter asks (its query), the check every path makes
// (the form, the pure apply, import), and the predicate the device runs over its tasks, live and
// offline. `assignee` and `deadline` are read as optional task fields, so a filter saved for them
// means nothing extra where tasks do not have them yet.
import { addDays } from '@/lib/dates';
import { ValidationError } from '@/lib/errors';
import { codePoints, hasForbiddenCharacter, trimText } from '@/lib/text';
import type { Task } from './model';

export type DueChoice = 'overdue' | 'today' | 'next7' | 'none' | { from: string; to: string };

/** Every field is optional; a filter with none shows every open task. */
export interface FilterQuery {
  lists?: string[];
  /** Any of these labels (the person's own). */
  labels?: string[];
  assignee?: 'me' | 'nobody' | 'anyone';
  priority_at_least?: 1 | 2 | 3;
  due?: DueChoice;
  /** A deadline today + N days or earlier (past ones too). */
  deadline_within?: number;
  /** Default 'open'. */
  status?: 'open' | 'done' | 'all';
  /** Every word in the title or the notes, case-insensitive. */
  words?: string;
}

export const FILTER_LIMITS = { name: 60, perPerson: 100, ids: 500, words: 200 } as const;

export const FILTER_MESSAGES = {
  nameRequired: 'Filter name is required',
  nameTooLong: 'Filter name must be at most 60 characters',
  nameCharacter: 'Filter name contains a character that can’t be saved',
  query: 'That filter can’t be saved',
  tooMany: 'You can have at most 100 filters',
  missing: 'That filter no longer exists',
  deleted: 'That filter was deleted on another device',
  idTaken: 'That filter id is already in use',
} as const;

export function normalizeFilterName(raw: unknown): string {
  const name = typeof raw === 'string' ? trimText(raw) : '';
  if (!name) throw new ValidationError('name', FILTER_MESSAGES.nameRequired);
  if (hasForbiddenCharacter(name, false)) throw new ValidationError('name', FILTER_MESSAGES.nameCharacter);
  if (codePoints(name) > FILTER_LIMITS.name) throw new ValidationError('name', FILTER_MESSAGES.nameTooLong);
  return name;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ids = (v: unknown) => Array.isArray(v) && v.length <= FILTER_LIMITS.ids && v.every((x) => typeof x === 'string' && x.length <= 64);
const KEYS = new Set(['lists', 'labels', 'assignee', 'priority_at_least', 'due', 'deadline_within', 'status', 'words']);

/** The query as saved (only the fields it sets), or a ValidationError with FILTER_MESSAGES.query. */
export function checkFilterQuery(raw: unknown): FilterQuery {
  const bad = () => new ValidationError('query', FILTER_MESSAGES.query);
  if (!isObject(raw) || Object.keys(raw).some((k) => !KEYS.has(k))) throw bad();
  const q: FilterQuery = {};
  if (raw.lists !== undefined) {
    if (!ids(raw.lists)) throw bad();
    q.lists = raw.lists as string[];
  }
  if (raw.labels !== undefined) {
    if (!ids(raw.labels)) throw bad();
    q.labels = raw.labels as string[];
  }
  if (raw.assignee !== undefined) {
    if (raw.assignee !== 'me' && raw.assignee !== 'nobody' && raw.assignee !== 'anyone') throw bad();
    q.assignee = raw.assignee;
  }
  if (raw.priority_at_least !== undefined) {
    if (raw.priority_at_least !== 1 && raw.priority_at_least !== 2 && raw.priority_at_least !== 3) throw bad();
    q.priority_at_least = raw.priority_at_least;
  }
  if (raw.due !== undefined) {
    const d = raw.due;
    if (isObject(d)) {
      if (typeof d.from !== 'string' || typeof d.to !== 'string' || !DAY.test(d.from) || !DAY.test(d.to) || d.from > d.to || Object.keys(d).length !== 2) throw bad();
      q.due = { from: d.from, to: d.to };
    } else if (d === 'overdue' || d === 'today' || d === 'next7' || d === 'none') q.due = d;
    else throw bad();
  }
  if (raw.deadline_within !== undefined) {
    const n = raw.deadline_within;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 3650) throw bad();
    q.deadline_within = n;
  }
  if (raw.status !== undefined) {
    if (raw.status !== 'open' && raw.status !== 'done' && raw.status !== 'all') throw bad();
    q.status = raw.status;
  }
  if (raw.words !== undefined) {
    if (typeof raw.words !== 'string' || codePoints(raw.words) > FILTER_LIMITS.words) throw bad();
    const words = raw.words.trim();
    if (words) q.words = words;
  }
  return q;
}

/** A task as filters read it: the fields other features add are optional. */
export type FilterTask = Pick<Task, 'id' | 'list_id' | 'title' | 'notes' | 'due_date' | 'priority' | 'done' | 'deleted_at'> & {
  assignee?: string | null;
  deadline?: string | null;
};

export interface FilterContext {
  today: string;
  /** The person's user id ('me'). */
  me: string;
  /** The ids of the person's live labels on a task (empty when none). */
  labelsOf: (taskId: string) => readonly string[];
}

/** The query compiled once into one test per task: run over 10,000 tasks on every change. */
export function filterPredicate(query: FilterQuery, ctx: FilterContext): (task: FilterTask) => boolean {
  const tests: ((t: FilterTask) => boolean)[] = [];
  const status = query.status ?? 'open';
  if (status !== 'all') tests.push(status === 'done' ? (t) => t.done : (t) => !t.done);
  if (query.lists?.length) {
    const lists = new Set(query.lists);
    tests.push((t) => lists.has(t.list_id));
  }
  if (query.priority_at_least) {
    const at = query.priority_at_least;
    tests.push((t) => t.priority >= at);
  }
  const { today } = ctx;
  const due = query.due;
  if (due === 'overdue') tests.push((t) => t.due_date !== null && t.due_date < today && !t.done);
  else if (due === 'today') tests.push((t) => t.due_date === today);
  else if (due === 'next7') {
    const last = addDays(today, 6);
    tests.push((t) => t.due_date !== null && t.due_date >= today && t.due_date <= last);
  } else if (due === 'none') tests.push((t) => t.due_date === null);
  else if (due) tests.push((t) => t.due_date !== null && t.due_date >= due.from && t.due_date <= due.to);
  if (query.deadline_within !== undefined) {
    const by = addDays(today, query.deadline_within);
    tests.push((t) => typeof t.deadline === 'string' && t.deadline <= by);
  }
  if (query.assignee === 'me') tests.push((t) => t.assignee === ctx.me);
  else if (query.assignee === 'nobody') tests.push((t) => !t.assignee);
  else if (query.assignee === 'anyone') tests.push((t) => Boolean(t.assignee));
  if (query.labels?.length) {
    const wanted = new Set(query.labels);
    tests.push((t) => ctx.labelsOf(t.id).some((id) => wanted.has(id)));
  }
  const words = query.words?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  if (words.length) tests.push((t) => words.every((w) => t.title.toLowerCase().includes(w) || t.notes.toLowerCase().includes(w)));
  return (t) => t.deleted_at === null && tests.every((test) => test(t));
}
