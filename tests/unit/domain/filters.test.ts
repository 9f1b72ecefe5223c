// Saved filters' predicate (SPEC §14.2): one table of tasks, each filter and the titles it keeps.
// Today is Wednesday 25 November 2026; 'me' is u-me. `assignee` and `deadline` are optional task
// fields (other features add them): tasks without them match "nobody" and no deadline.
import { describe, expect, it } from 'vitest';
import { filterPredicate, type FilterTask } from '@/domain/filter-predicate';
import { checkFilterQuery, type FilterQuery } from '@/domain/filters';

const TODAY = '2026-11-25';
const base: FilterTask = { id: '', list_id: 'home', title: '', notes: '', due_date: null, priority: 0, done: false, deleted_at: null };
const TASKS: FilterTask[] = [
  { ...base, id: 'a', title: 'Pay rent', due_date: '2026-11-20', priority: 3, assignee: 'u-me' },
  { ...base, id: 'b', title: 'Buy milk', notes: 'oat, not cow', due_date: TODAY, list_id: 'shop' },
  { ...base, id: 'c', title: 'Book flights', due_date: '2026-12-01', priority: 2, assignee: 'u-ann', deadline: '2026-11-27' },
  { ...base, id: 'd', title: 'Read a book', due_date: '2026-12-02', priority: 1 },
  { ...base, id: 'e', title: 'Old chore', due_date: '2026-11-01', done: true },
  { ...base, id: 'f', title: 'Gone', deleted_at: '2026-11-24T00:00:00Z' },
  { ...base, id: 'g', title: 'Plan the Trip', notes: 'Rome in spring', deadline: '2026-11-20' },
];
const LABELS: Record<string, string[]> = { a: ['bills'], b: ['errands'], d: ['errands', 'home'] };

const run = (query: FilterQuery) =>
  TASKS.filter(filterPredicate(query, { today: TODAY, me: 'u-me', labelsOf: (id) => LABELS[id] ?? [] })).map((t) => t.id);

describe('filter predicate', () => {
  it.each<[string, FilterQuery, string[]]>([
    ['nothing set: every open live task', {}, ['a', 'b', 'c', 'd', 'g']],
    ['done only', { status: 'done' }, ['e']],
    ['open and done', { status: 'all' }, ['a', 'b', 'c', 'd', 'e', 'g']],
    ['a list', { lists: ['shop'] }, ['b']],
    ['any of two labels', { labels: ['bills', 'home'] }, ['a', 'd']],
    ['assigned to me', { assignee: 'me' }, ['a']],
    ['assigned to nobody', { assignee: 'nobody' }, ['b', 'd', 'g']],
    ['assigned to anyone', { assignee: 'anyone' }, ['a', 'c']],
    ['priority at least medium', { priority_at_least: 2 }, ['a', 'c']],
    ['overdue', { due: 'overdue' }, ['a']],
    ['overdue counts no done task', { due: 'overdue', status: 'all' }, ['a']],
    ['due today', { due: 'today' }, ['b']],
    ['next 7 days (today through 1 December)', { due: 'next7' }, ['b', 'c']],
    ['no date', { due: 'none' }, ['g']],
    ['a range, both ends in', { due: { from: '2026-11-20', to: '2026-12-01' } }, ['a', 'b', 'c']],
    ['deadline within 2 days (past ones too)', { deadline_within: 2 }, ['c', 'g']],
    ['deadline within 0 days', { deadline_within: 0 }, ['g']],
    ['words in title or notes, any case, every word', { words: 'ROME plan' }, ['g']],
    ['a word in the notes', { words: 'oat' }, ['b']],
    ['everything at once: d fits all but its date, a day past the 7', { lists: ['home'], labels: ['errands'], priority_at_least: 1, due: 'next7', words: 'book' }, []],
    ['everything at once over 8 days', { lists: ['home'], labels: ['errands'], priority_at_least: 1, due: { from: TODAY, to: '2026-12-02' }, words: 'book' }, ['d']],
    ['labels and a word', { labels: ['errands'], words: 'read' }, ['d']],
  ])('%s', (_name, query, want) => {
    expect(run(query)).toEqual(want);
  });
});

describe('filter query check', () => {
  it('keeps what is valid and only the fields set', () => {
    expect(checkFilterQuery({ status: 'done', words: '  milk ', due: { from: '2026-01-01', to: '2026-01-31' } })).toEqual({
      status: 'done',
      words: 'milk',
      due: { from: '2026-01-01', to: '2026-01-31' },
    });
    expect(checkFilterQuery({ words: '   ' })).toEqual({});
  });

  it.each([
    ['not an object', []],
    ['an unknown field', { colour: 'red' }],
    ['a priority outside 1–3', { priority_at_least: 4 }],
    ['a range backwards', { due: { from: '2026-02-01', to: '2026-01-01' } }],
    ['a bad due word', { due: 'soon' }],
    ['a negative deadline window', { deadline_within: -1 }],
    ['lists that are not ids', { lists: [1] }],
  ])('refuses %s', (_name, raw) => {
    expect(() => checkFilterQuery(raw)).toThrow('That filter can’t be saved');
  });
});
