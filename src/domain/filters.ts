// SPEC §14.2 saved filters, pure: what a filter asks (its query) and the check every path makes
// (the form, the pure apply). The predicate the device runs is ./filter-predicate.ts, loaded with
// a filter's screen rather than with the writes.
import { ValidationError } from '@/lib/errors';
import { codePoints, hasForbiddenCharacter, trimText } from '@/lib/text';

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
