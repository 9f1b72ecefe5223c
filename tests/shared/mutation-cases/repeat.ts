// Shared mutation cases: repeating tasks (SPEC §11.1) — repeat fields on task.create and
// task.update, and completing one occurrence (task.complete_occurrence) and its undo
// (task.uncomplete_occurrence). The next date is computed by the device and carried in `next`;
// the server only checks that the task is still at `occurrence`, else the change is an applied
// no-op (one occurrence is completed once, whatever the devices do).
import type { CaseTask, MutationCase } from '../mutation-case';
import { BOB_EDITS, BOB_VIEWS, BOBS, HOME } from './fixtures';

const FRIDAYS = 'FREQ=WEEKLY;BYDAY=FR';
/** Every Friday since 27 Nov, now due Fri 4 Dec at 09:00. */
const WEEKLY: CaseTask = { id: 'T1', list: 'L1', title: 'Bins out', due_date: '2026-12-04', due_time: '09:00', repeat: FRIDAYS, repeat_anchor: '2026-11-27' };
const NEW = { id: 'T1', list_id: 'L1', title: 'Water plants', position: 'a0' };
const complete = (occurrence: string, next: string | null) => ({ name: 'task.complete_occurrence' as const, args: { id: 'T1', occurrence, next } });

const fields: MutationCase[] = [
  {
    title: 'task.create with a repeat and no anchor anchors the series on the due date',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, due_date: '2026-12-01', repeat: 'FREQ=DAILY;INTERVAL=2' },
    expect: { after: { tasks: { T1: { due_date: '2026-12-01', repeat: 'FREQ=DAILY;INTERVAL=2', repeat_anchor: '2026-12-01' } } } },
  },
  {
    title: 'task.create keeps the anchor it is given',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, due_date: '2026-12-04', repeat: FRIDAYS, repeat_anchor: '2026-11-27' },
    expect: { after: { tasks: { T1: { repeat: FRIDAYS, repeat_anchor: '2026-11-27' } } } },
  },
  {
    title: 'task.create without a repeat stores none',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, due_date: '2026-12-01' },
    expect: { after: { tasks: { T1: { repeat: null, repeat_anchor: null } } } },
  },
  {
    title: 'task.create with a repeat but no due date is invalid (Set a date before repeating)',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, repeat: 'FREQ=DAILY' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with INTERVAL=100 is invalid (Pick an interval between 1 and 99)',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, due_date: '2026-12-01', repeat: 'FREQ=DAILY;INTERVAL=100' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with a rule part outside the subset (BYHOUR) is invalid',
    name: 'task.create', before: { lists: [HOME] }, as: 'alice',
    args: { ...NEW, due_date: '2026-12-01', repeat: 'FREQ=DAILY;BYHOUR=9' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update setting a repeat anchors it on the due date',
    name: 'task.update', before: { lists: [HOME], tasks: [{ id: 'T1', list: 'L1', due_date: '2026-12-07' }] }, as: 'alice',
    args: { id: 'T1', patch: { repeat: 'FREQ=MONTHLY;BYDAY=-1FR' } },
    expect: { after: { tasks: { T1: { repeat: 'FREQ=MONTHLY;BYDAY=-1FR', repeat_anchor: '2026-12-07' } } } },
  },
  {
    title: 'task.update clearing the due date clears the repeat, its anchor and the time',
    name: 'task.update', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    args: { id: 'T1', patch: { due_date: null } },
    expect: { after: { tasks: { T1: { due_date: null, due_time: null, repeat: null, repeat_anchor: null } } } },
  },
  {
    title: 'task.update repeat: null stops the repeat and keeps the date',
    name: 'task.update', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    args: { id: 'T1', patch: { repeat: null } },
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', repeat: null, repeat_anchor: null } } } },
  },
  {
    title: 'task.update moving the date with a new anchor (restartAt) stores both',
    name: 'task.update', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    args: { id: 'T1', patch: { due_date: '2026-12-08', repeat: 'FREQ=WEEKLY;BYDAY=TU', repeat_anchor: '2026-12-08' } },
    expect: { after: { tasks: { T1: { due_date: '2026-12-08', repeat: 'FREQ=WEEKLY;BYDAY=TU', repeat_anchor: '2026-12-08' } } } },
  },
  {
    title: 'task.update of the date alone keeps the repeat and its anchor',
    name: 'task.update', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    args: { id: 'T1', patch: { due_date: '2026-12-11' } },
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', repeat: FRIDAYS, repeat_anchor: '2026-11-27' } } } },
  },
  {
    title: 'task.update setting a repeat on a task with no date is invalid',
    name: 'task.update', before: { lists: [HOME], tasks: [{ id: 'T1', list: 'L1' }] }, as: 'alice',
    args: { id: 'T1', patch: { repeat: 'FREQ=DAILY' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update with INTERVAL=0 is invalid',
    name: 'task.update', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    args: { id: 'T1', patch: { repeat: 'FREQ=WEEKLY;INTERVAL=0' } },
    expect: { refused: 'invalid' },
  },
];

const completing: MutationCase[] = [
  {
    title: 'task.complete_occurrence at the occurrence moves the due date to next (time and anchor stay)',
    name: 'task.complete_occurrence', before: { lists: [HOME], members: [BOB_EDITS], tasks: [WEEKLY] }, as: 'bob',
    args: complete('2026-12-04', '2026-12-11').args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', due_time: '09:00', done: false, repeat: FRIDAYS, repeat_anchor: '2026-11-27' } } } },
  },
  {
    title: 'task.complete_occurrence of the same occurrence twice advances one step',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    first: [complete('2026-12-04', '2026-12-11')],
    args: complete('2026-12-04', '2026-12-11').args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', done: false } } } },
  },
  {
    title: 'task.complete_occurrence of two different occurrences advances two steps',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    first: [complete('2026-12-04', '2026-12-11')],
    args: complete('2026-12-11', '2026-12-18').args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-18', done: false } } } },
  },
  {
    title: 'task.complete_occurrence of an occurrence the task has left is an applied no-op',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, due_date: '2026-12-18' }] }, as: 'alice',
    args: complete('2026-12-04', '2026-12-11').args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-18', done: false } } } },
  },
  {
    title: 'task.complete_occurrence with no next occurrence completes the task and keeps its date',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, repeat: 'FREQ=WEEKLY;BYDAY=FR;COUNT=2' }] }, as: 'alice',
    args: complete('2026-12-04', null).args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', done: true } } } },
  },
  {
    title: 'task.complete_occurrence of a done task changes nothing',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, done: true }] }, as: 'alice',
    args: complete('2026-12-04', '2026-12-11').args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', done: true } } } },
  },
  {
    title: 'task.complete_occurrence by a viewer is forbidden',
    name: 'task.complete_occurrence', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [WEEKLY] }, as: 'bob',
    args: complete('2026-12-04', '2026-12-11').args,
    expect: { refused: 'forbidden' },
  },
  {
    title: 'task.complete_occurrence by someone not on the list is not_found',
    name: 'task.complete_occurrence', before: { lists: [HOME, BOBS], tasks: [WEEKLY] }, as: 'bob',
    args: complete('2026-12-04', '2026-12-11').args,
    expect: { refused: 'not_found' },
  },
  {
    title: 'task.complete_occurrence of a deleted task is refused as deleted',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, deleted: true }] }, as: 'alice',
    args: complete('2026-12-04', '2026-12-11').args,
    expect: { refused: 'deleted' },
  },
  {
    title: 'task.complete_occurrence with a next that is not after the occurrence is invalid',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    args: complete('2026-12-04', '2026-12-04').args,
    expect: { refused: 'invalid' },
  },
];

const undoing: MutationCase[] = [
  {
    title: 'task.uncomplete_occurrence puts the occurrence back while the task is at next',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, due_date: '2026-12-11' }] }, as: 'alice',
    args: { id: 'T1', occurrence: '2026-12-04', next: '2026-12-11' },
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', due_time: '09:00', done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence after its completion undoes it',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    first: [complete('2026-12-04', '2026-12-11')],
    args: { id: 'T1', occurrence: '2026-12-04', next: '2026-12-11' },
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence when the task has moved on is an applied no-op',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, due_date: '2026-12-18' }] }, as: 'alice',
    args: { id: 'T1', occurrence: '2026-12-04', next: '2026-12-11' },
    expect: { after: { tasks: { T1: { due_date: '2026-12-18', done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence with no next reopens the task done at that occurrence',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, done: true }] }, as: 'alice',
    args: { id: 'T1', occurrence: '2026-12-04', next: null },
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence by a viewer is forbidden',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [{ ...WEEKLY, due_date: '2026-12-11' }] }, as: 'bob',
    args: { id: 'T1', occurrence: '2026-12-04', next: '2026-12-11' },
    expect: { refused: 'forbidden' },
  },
];

export const REPEAT_CASES: MutationCase[] = [...fields, ...completing, ...undoing];
