// Shared mutation cases: whose completion an Undo takes back, and completions computed from a
// rule that has changed (SPEC §15). A completion carries its own id (`completion`) and the rule
// its `next` came from (`repeat`, `repeat_anchor`); the task keeps the id of the completion that
// last moved it, and an Undo applies only to that one. A rule that no longer matches, on a task
// still at the occurrence, refuses the completion `stale`.
import type { CaseTask, MutationCase } from '../mutation-case';
import { HOME } from './fixtures';

const FRIDAYS = 'FREQ=WEEKLY;BYDAY=FR';
const ANCHOR = '2026-11-27';
/** Every Friday since 27 Nov, now due Fri 4 Dec. */
const WEEKLY: CaseTask = { id: 'T1', list: 'L1', due_date: '2026-12-04', repeat: FRIDAYS, repeat_anchor: ANCHOR };
/** The 2nd of 2 Fridays: completing it ends the series. */
const LAST: CaseTask = { ...WEEKLY, repeat: `${FRIDAYS};COUNT=2` };
const MINE = '6d1f6f0e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const THEIRS = 'b2c4e6a8-1357-4a9b-8cde-f02468ace013';

const complete = (next: string | null, completion: string, rule: Record<string, unknown> = {}) => ({
  name: 'task.complete_occurrence' as const,
  args: { id: 'T1', occurrence: '2026-12-04', next, completion, ...rule },
});
const undo = (next: string | null, completion?: string) => ({ id: 'T1', occurrence: '2026-12-04', next, ...(completion ? { completion } : {}) });

const undoing: MutationCase[] = [
  {
    title: 'task.uncomplete_occurrence takes back its own completion',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    first: [complete('2026-12-11', MINE)],
    args: undo('2026-12-11', MINE),
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence leaves another device’s completion of the same occurrence',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    // theirs moved the task; mine (the same occurrence) then changed nothing, and its undo neither
    first: [complete('2026-12-11', THEIRS), complete('2026-12-11', MINE)],
    args: undo('2026-12-11', MINE),
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence does not reopen the last occurrence another device completed',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [LAST] }, as: 'alice',
    first: [complete(null, THEIRS), complete(null, MINE)],
    args: undo(null, MINE),
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', done: true } } } },
  },
  {
    title: 'task.uncomplete_occurrence reopens the last occurrence its own completion completed',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [LAST] }, as: 'alice',
    first: [complete(null, MINE)],
    args: undo(null, MINE),
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence without a completion id leaves a task an identified completion moved',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    first: [complete('2026-12-11', THEIRS)],
    args: undo('2026-12-11'),
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence twice takes the occurrence back once',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    first: [
      complete('2026-12-11', MINE),
      { name: 'task.uncomplete_occurrence', args: undo('2026-12-11', MINE) },
      complete('2026-12-11', THEIRS),
    ],
    args: undo('2026-12-11', MINE),
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence with a completion that is not a UUID is invalid',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    args: { ...undo('2026-12-11'), completion: 'mine' },
    expect: { refused: 'invalid' },
  },
];

const rules: MutationCase[] = [
  {
    title: 'task.complete_occurrence with the task’s own rule advances it',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    args: complete('2026-12-11', MINE, { repeat: FRIDAYS, repeat_anchor: ANCHOR }).args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', done: false, repeat: FRIDAYS } } } },
  },
  {
    title: 'task.complete_occurrence computed from a rule the task no longer has is refused stale',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, repeat: 'FREQ=WEEKLY;BYDAY=MO' }] }, as: 'alice',
    args: complete('2026-12-11', MINE, { repeat: FRIDAYS, repeat_anchor: ANCHOR }).args,
    expect: { refused: 'stale' },
  },
  {
    title: 'task.complete_occurrence computed from an anchor the task no longer has is refused stale',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR' }] }, as: 'alice',
    args: complete('2026-12-18', MINE, { repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', repeat_anchor: '2026-12-04' }).args,
    expect: { refused: 'stale' },
  },
  {
    title: 'task.complete_occurrence from a device that saw no repeat, on a task that repeats now, is refused stale',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    args: complete(null, MINE, { repeat: null, repeat_anchor: null }).args,
    expect: { refused: 'stale' },
  },
  {
    title: 'task.complete_occurrence on a task whose repeat was removed completes it like a plain task',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, repeat: null, repeat_anchor: null }] }, as: 'alice',
    args: complete('2026-12-11', MINE, { repeat: FRIDAYS, repeat_anchor: ANCHOR }).args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', done: true, repeat: null } } } },
  },
  {
    title: 'task.complete_occurrence with an old rule, of an occurrence the task has left, is an applied no-op',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, due_date: '2026-12-07', repeat: 'FREQ=WEEKLY;BYDAY=MO' }] }, as: 'alice',
    args: complete('2026-12-11', MINE, { repeat: FRIDAYS, repeat_anchor: ANCHOR }).args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-07', done: false } } } },
  },
  {
    title: 'task.complete_occurrence with a repeat that is not text is invalid',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    args: complete('2026-12-11', MINE, { repeat: 7 }).args,
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.complete_occurrence with a completion that is not a UUID is invalid',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [WEEKLY] }, as: 'alice',
    args: complete('2026-12-11', 'mine').args,
    expect: { refused: 'invalid' },
  },
];

export const COMPLETION_CASES: MutationCase[] = [...undoing, ...rules];
