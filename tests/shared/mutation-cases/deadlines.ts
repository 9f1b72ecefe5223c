// Shared mutation cases: deadlines and steps that start over (SPEC §14.3). A deadline is a date
// apart from the due date, set and cleared through task.create and task.update; completing an
// occurrence of a repeating task moves it by as many days as the due date (its Undo moves it
// back), and unticks the task's steps unless the task keeps them (`steps_start_over` false); its
// Undo ticks again the steps it names (those the completion unticked).
import type { CaseStep, CaseTask, MutationCase } from '../mutation-case';
import { BOB_VIEWS, HOME } from './fixtures';

const NEW = { id: 'T1', list_id: 'L1', title: 'File taxes', position: 'a0' };
const PLAIN: CaseTask = { id: 'T1', list: 'L1', due_date: '2026-12-01' };
/** Every Friday since 27 Nov, now due Fri 4 Dec, to be done by the Sunday after. */
const WEEKLY: CaseTask = { id: 'T1', list: 'L1', due_date: '2026-12-04', repeat: 'FREQ=WEEKLY;BYDAY=FR', repeat_anchor: '2026-11-27', deadline: '2026-12-06' };
const LAST: CaseTask = { ...WEEKLY, repeat: 'FREQ=WEEKLY;BYDAY=FR;COUNT=2' };
const TICKED: CaseStep = { id: 'S1', task: 'T1', done: true, position: 'a0' };
const OPEN: CaseStep = { id: 'S2', task: 'T1', done: false, position: 'a1' };
const GONE: CaseStep = { id: 'S3', task: 'T1', done: true, position: 'a2', deleted: true };
const COMPLETION = '0f1e2d3c-4b5a-4697-8877-665544332211';
const complete = (next: string | null) => ({ id: 'T1', occurrence: '2026-12-04', next, completion: COMPLETION });

const deadlineFields: MutationCase[] = [
  {
    title: 'task.create keeps its deadline apart from its due date',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, due_date: '2026-12-01', deadline: '2026-12-24' },
    expect: { after: { tasks: { T1: { due_date: '2026-12-01', deadline: '2026-12-24', steps_start_over: true } } } },
  },
  {
    title: 'task.create takes a deadline without a due date',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, deadline: '2026-12-24' },
    expect: { after: { tasks: { T1: { due_date: null, deadline: '2026-12-24' } } } },
  },
  {
    title: 'task.create with a deadline that is no date is invalid',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, deadline: '2026-02-30' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with steps that keep their ticks stores that choice',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, steps_start_over: false },
    expect: { after: { tasks: { T1: { steps_start_over: false, deadline: null } } } },
  },
  {
    title: 'task.update sets a deadline and leaves the due date',
    name: 'task.update', before: { lists: [HOME], tasks: [PLAIN] }, as: 'alice',
    args: { id: 'T1', patch: { deadline: '2026-12-24' } },
    expect: { after: { tasks: { T1: { due_date: '2026-12-01', deadline: '2026-12-24' } } } },
  },
  {
    title: 'task.update clears a deadline',
    name: 'task.update', before: { lists: [HOME], tasks: [{ ...PLAIN, deadline: '2026-12-24' }] }, as: 'alice',
    args: { id: 'T1', patch: { deadline: null } },
    expect: { after: { tasks: { T1: { due_date: '2026-12-01', deadline: null } } } },
  },
  {
    title: 'task.update clearing the due date keeps the deadline',
    name: 'task.update', before: { lists: [HOME], tasks: [{ ...PLAIN, deadline: '2026-12-24' }] }, as: 'alice',
    args: { id: 'T1', patch: { due_date: null } },
    expect: { after: { tasks: { T1: { due_date: null, deadline: '2026-12-24' } } } },
  },
  {
    title: 'task.update with a deadline past 2999 is invalid',
    name: 'task.update', before: { lists: [HOME], tasks: [PLAIN] }, as: 'alice',
    args: { id: 'T1', patch: { deadline: '3000-01-01' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update turns starting steps over off',
    name: 'task.update', before: { lists: [HOME], tasks: [PLAIN] }, as: 'alice',
    args: { id: 'T1', patch: { steps_start_over: false } },
    expect: { after: { tasks: { T1: { steps_start_over: false } } } },
  },
  {
    title: 'task.update with steps_start_over that is not true or false is invalid',
    name: 'task.update', before: { lists: [HOME], tasks: [PLAIN] }, as: 'alice',
    args: { id: 'T1', patch: { steps_start_over: 'yes' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update of a deadline by a viewer is forbidden',
    name: 'task.update', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [PLAIN] }, as: 'bob',
    args: { id: 'T1', patch: { deadline: '2026-12-24' } },
    expect: { refused: 'forbidden' },
  },
];

const completing: MutationCase[] = [
  {
    title: 'task.complete_occurrence moves the deadline by as many days as the due date',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    args: complete('2026-12-11'),
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', deadline: '2026-12-13' } } } },
  },
  {
    title: 'task.complete_occurrence of the same occurrence twice moves the deadline once',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    first: [{ name: 'task.complete_occurrence', args: { ...complete('2026-12-11'), completion: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' } }],
    args: complete('2026-12-11'),
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', deadline: '2026-12-13' } } } },
  },
  {
    title: 'task.complete_occurrence ending the series leaves the deadline',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [LAST] }, as: 'alice',
    args: complete(null),
    expect: { after: { tasks: { T1: { done: true, due_date: '2026-12-04', deadline: '2026-12-06' } } } },
  },
  {
    title: 'task.uncomplete_occurrence moves the deadline back',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    first: [{ name: 'task.complete_occurrence', args: complete('2026-12-11') }],
    args: complete('2026-12-11'),
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', deadline: '2026-12-06' } } } },
  },
  {
    title: 'task.complete_occurrence unticks the steps for the next occurrence',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WEEKLY], steps: [TICKED, OPEN, GONE] }, as: 'alice',
    args: complete('2026-12-11'),
    expect: { after: { steps: { S1: { done: false, deleted: false }, S2: { done: false }, S3: { done: true, deleted: true } } } },
  },
  {
    title: 'task.complete_occurrence keeps the ticks of a task whose steps do not start over',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, steps_start_over: false }], steps: [TICKED] }, as: 'alice',
    args: complete('2026-12-11'),
    expect: { after: { tasks: { T1: { due_date: '2026-12-11' } }, steps: { S1: { done: true } } } },
  },
  {
    title: 'task.complete_occurrence of the last occurrence keeps the ticks (the task is done)',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [LAST], steps: [TICKED] }, as: 'alice',
    args: complete(null),
    expect: { after: { tasks: { T1: { done: true } }, steps: { S1: { done: true } } } },
  },
  {
    title: 'task.complete_occurrence of an occurrence already completed elsewhere leaves the steps',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, due_date: '2026-12-11' }], steps: [TICKED] }, as: 'alice',
    args: complete('2026-12-11'),
    expect: { after: { tasks: { T1: { due_date: '2026-12-11' } }, steps: { S1: { done: true } } } },
  },
  {
    title: 'task.uncomplete_occurrence ticks again the steps the completion unticked',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WEEKLY], steps: [TICKED, OPEN, GONE] }, as: 'alice',
    first: [{ name: 'task.complete_occurrence', args: complete('2026-12-11') }],
    args: { ...complete('2026-12-11'), steps: ['S1'] },
    expect: { after: { tasks: { T1: { due_date: '2026-12-04' } }, steps: { S1: { done: true }, S2: { done: false }, S3: { done: true, deleted: true } } } },
  },
  {
    title: 'task.uncomplete_occurrence leaves a named step deleted since, and one of another task',
    name: 'task.uncomplete_occurrence',
    before: { lists: [HOME], tasks: [WEEKLY, { ...PLAIN, id: 'T2' }], steps: [TICKED, { ...OPEN, id: 'S4', task: 'T2' }] }, as: 'alice',
    first: [
      { name: 'task.complete_occurrence', args: complete('2026-12-11') },
      { name: 'step.delete', args: { id: 'S1' } },
    ],
    args: { ...complete('2026-12-11'), steps: ['S1', 'S4'] },
    expect: { after: { tasks: { T1: { due_date: '2026-12-04' } }, steps: { S1: { done: false, deleted: true }, S4: { done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence that takes nothing back (another completion since) leaves the steps unticked',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WEEKLY], steps: [TICKED] }, as: 'alice',
    first: [{ name: 'task.complete_occurrence', args: { ...complete('2026-12-11'), completion: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d' } }],
    args: { ...complete('2026-12-11'), steps: ['S1'] },
    expect: { after: { tasks: { T1: { due_date: '2026-12-11' } }, steps: { S1: { done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence with steps that are not a list is invalid',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WEEKLY], steps: [TICKED] }, as: 'alice',
    args: { ...complete('2026-12-11'), steps: 'S1' },
    expect: { refused: 'invalid' },
  },
];

export const DEADLINE_CASES: MutationCase[] = [...deadlineFields, ...completing];
