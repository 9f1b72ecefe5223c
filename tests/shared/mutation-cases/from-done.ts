// Shared mutation cases: repeats from the day it's done (SPEC §14.3). The rule carries Daybook's
// own part FROM=DONE; a completion carries the completing device's day (`done_on`), and the next
// due date is the interval after it (at least the day after the occurrence), computed from the
// rule on both sides rather than taken from `next`. One occurrence is still completed once.
import type { CaseTask, MutationCase } from '../mutation-case';
import { HOME } from './fixtures';

const EVERY_3 = 'FREQ=DAILY;INTERVAL=3;FROM=DONE';
/** Every 3 days after done, now due Fri 20 Nov. */
const WATER: CaseTask = { id: 'T1', list: 'L1', due_date: '2026-11-20', repeat: EVERY_3, repeat_anchor: '2026-11-20' };
const NEW = { id: 'T1', list_id: 'L1', title: 'Water plants', position: 'a0', due_date: '2026-11-20' };
const MINE = '3c2b1a09-8f7e-4d6c-9b5a-493827160514';
const THEIRS = '9e8d7c6b-5a49-4382-9716-05f4e3d2c1b0';

const complete = (done_on: string, next: string | null, completion = MINE, repeat = EVERY_3) => ({
  id: 'T1', occurrence: '2026-11-20', next, completion, repeat, repeat_anchor: '2026-11-20', done_on,
});

const rules: MutationCase[] = [
  {
    title: 'task.create stores a repeat from the day it’s done',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, repeat: 'FREQ=WEEKLY;INTERVAL=2;FROM=DONE' },
    expect: { after: { tasks: { T1: { repeat: 'FREQ=WEEKLY;INTERVAL=2;FROM=DONE', repeat_anchor: '2026-11-20' } } } },
  },
  {
    title: 'task.create with a repeat from the day it’s done on weekdays is invalid',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, repeat: 'FREQ=WEEKLY;BYDAY=MO;FROM=DONE' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with a repeat from the day it’s done a number of times is invalid',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, repeat: 'FREQ=DAILY;COUNT=3;FROM=DONE' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with FROM other than DONE is invalid',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, repeat: 'FREQ=DAILY;FROM=START' },
    expect: { refused: 'invalid' },
  },
];

const completing: MutationCase[] = [
  {
    title: 'task.complete_occurrence of a repeat from the day it’s done moves it the interval after that day',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WATER] }, as: 'alice',
    args: complete('2026-11-22', '2026-11-25'),
    expect: { after: { tasks: { T1: { due_date: '2026-11-25', done: false } } } },
  },
  {
    title: 'task.complete_occurrence takes the next date from done_on, not from next',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WATER] }, as: 'alice',
    args: complete('2026-11-22', '2026-11-23'),
    expect: { after: { tasks: { T1: { due_date: '2026-11-25' } } } },
  },
  {
    title: 'task.complete_occurrence done early still moves past the occurrence',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WATER] }, as: 'alice',
    args: complete('2026-11-15', '2026-11-21'),
    expect: { after: { tasks: { T1: { due_date: '2026-11-21' } } } },
  },
  {
    title: 'task.complete_occurrence of a monthly repeat from the 31st ends on the last day of a shorter month',
    name: 'task.complete_occurrence',
    before: { lists: [HOME], tasks: [{ ...WATER, due_date: '2026-01-31', repeat: 'FREQ=MONTHLY;FROM=DONE', repeat_anchor: '2026-01-31' }] },
    as: 'alice',
    args: { ...complete('2026-01-31', '2026-02-28', MINE, 'FREQ=MONTHLY;FROM=DONE'), occurrence: '2026-01-31', repeat_anchor: '2026-01-31' },
    expect: { after: { tasks: { T1: { due_date: '2026-02-28' } } } },
  },
  {
    title: 'task.complete_occurrence past the repeat’s end date completes the task',
    name: 'task.complete_occurrence',
    before: { lists: [HOME], tasks: [{ ...WATER, repeat: 'FREQ=DAILY;INTERVAL=3;UNTIL=20261124;FROM=DONE' }] },
    as: 'alice',
    args: complete('2026-11-22', null, MINE, 'FREQ=DAILY;INTERVAL=3;UNTIL=20261124;FROM=DONE'),
    expect: { after: { tasks: { T1: { due_date: '2026-11-20', done: true } } } },
  },
  {
    title: 'task.complete_occurrence moves the deadline with a repeat from the day it’s done',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WATER, deadline: '2026-11-22' }] }, as: 'alice',
    args: complete('2026-11-22', '2026-11-25'),
    expect: { after: { tasks: { T1: { due_date: '2026-11-25', deadline: '2026-11-27' } } } },
  },
  {
    title: 'task.complete_occurrence of the same occurrence done on two days advances it once',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WATER] }, as: 'alice',
    first: [{ name: 'task.complete_occurrence', args: complete('2026-11-21', '2026-11-24', THEIRS) }],
    args: complete('2026-11-22', '2026-11-25'),
    expect: { after: { tasks: { T1: { due_date: '2026-11-24', done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence takes back a completion from the day it’s done',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WATER] }, as: 'alice',
    first: [{ name: 'task.complete_occurrence', args: complete('2026-11-22', '2026-11-25') }],
    args: { id: 'T1', occurrence: '2026-11-20', next: '2026-11-25', completion: MINE },
    expect: { after: { tasks: { T1: { due_date: '2026-11-20', done: false } } } },
  },
  {
    title: 'task.complete_occurrence with a done_on after tomorrow is invalid',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WATER] }, as: 'alice',
    args: complete('2999-01-01', '2999-01-04'),
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.complete_occurrence with a done_on that is no date is invalid',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WATER] }, as: 'alice',
    args: complete('2026-11-31', '2026-12-03'),
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.complete_occurrence computed from the rule before it counted from the day it’s done is stale',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WATER] }, as: 'alice',
    args: { id: 'T1', occurrence: '2026-11-20', next: '2026-11-23', completion: MINE, repeat: 'FREQ=DAILY;INTERVAL=3', repeat_anchor: '2026-11-20' },
    expect: { refused: 'stale' },
  },
];

export const FROM_DONE_CASES: MutationCase[] = [...rules, ...completing];
