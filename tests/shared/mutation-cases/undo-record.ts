// Shared mutation cases: an Undo takes back exactly what its completion did (SPEC §21). The
// completion records the steps it unticked and whose turn it was before and after; the Undo ticks
// again those steps (whatever steps the Undo names) and hands the task back only while it is
// still with the person the completion handed it to. A completion that would move the deadline
// past 2999 is refused `invalid`.
import type { CaseStep, CaseTask, MutationCase } from '../mutation-case';
import { BOB_EDITS, CAROL_VIEWS, HOME } from './fixtures';

const SHARED = { lists: [HOME], members: [BOB_EDITS, CAROL_VIEWS] };
const WEEKLY: CaseTask = { id: 'T1', list: 'L1', due_date: '2026-12-04', repeat: 'FREQ=WEEKLY;BYDAY=FR', repeat_anchor: '2026-11-27' };
const TURNS: CaseTask = { ...WEEKLY, assignee: 'alice', turns: ['alice', 'bob', 'carol'] };
const S1: CaseStep = { id: 'S1', task: 'T1', done: true, position: 'a0' };
const S2: CaseStep = { id: 'S2', task: 'T1', done: true, position: 'a1' };
const S3: CaseStep = { id: 'S3', task: 'T1', done: false, position: 'a2' };
const COMPLETION = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const occurrence = { id: 'T1', occurrence: '2026-12-04', next: '2026-12-11', completion: COMPLETION };
const completed = { name: 'task.complete_occurrence' as const, args: occurrence };

const steps: MutationCase[] = [
  {
    // device A knew only S1 ticked; S2 was ticked on device B and synced before A's completion
    title: 'task.uncomplete_occurrence ticks again every step its completion unticked, not only those it names',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WEEKLY], steps: [S1, S2, S3] }, as: 'alice',
    first: [completed],
    args: { ...occurrence, steps: ['S1'] },
    expect: { after: { tasks: { T1: { due_date: '2026-12-04' } }, steps: { S1: { done: true }, S2: { done: true }, S3: { done: false } } } },
  },
  {
    title: 'task.uncomplete_occurrence does not tick a step its completion did not untick, though it names it',
    name: 'task.uncomplete_occurrence', before: { lists: [HOME], tasks: [WEEKLY], steps: [S1, S3] }, as: 'alice',
    first: [completed],
    args: { ...occurrence, steps: ['S1', 'S3'] },
    expect: { after: { tasks: { T1: { due_date: '2026-12-04' } }, steps: { S1: { done: true }, S3: { done: false } } } },
  },
];

const turns: MutationCase[] = [
  {
    title: 'task.uncomplete_occurrence hands the task back to whose turn it was',
    name: 'task.uncomplete_occurrence', before: { ...SHARED, tasks: [{ ...TURNS, assignee: 'carol' }] }, as: 'alice',
    first: [completed],
    args: occurrence,
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', assignee: 'carol' } } } },
  },
  {
    // the completion handed it alice → bob; the owner then handed it to carol by hand
    title: 'task.uncomplete_occurrence leaves a task handed to someone else since its completion',
    name: 'task.uncomplete_occurrence', before: { ...SHARED, tasks: [TURNS] }, as: 'alice',
    first: [completed, { name: 'task.update', args: { id: 'T1', patch: { assignee: 'user:carol' } } }],
    args: occurrence,
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', assignee: 'carol' } } } },
  },
  {
    title: 'task.uncomplete_occurrence does not hand the task back to someone taken out of the turns since',
    name: 'task.uncomplete_occurrence', before: { ...SHARED, tasks: [TURNS] }, as: 'alice',
    first: [completed, { name: 'task.update', args: { id: 'T1', patch: { turns: ['user:bob', 'user:carol'] } } }],
    args: occurrence,
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', assignee: 'bob', turns: ['bob', 'carol'] } } } },
  },
];

const overflow: MutationCase[] = [
  {
    title: 'task.complete_occurrence that would move the deadline past 2999 is invalid',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, deadline: '2999-12-30' }] }, as: 'alice',
    args: occurrence,
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.complete_occurrence that moves the deadline to the last day of 2999 is applied',
    name: 'task.complete_occurrence', before: { lists: [HOME], tasks: [{ ...WEEKLY, deadline: '2999-12-24' }] }, as: 'alice',
    args: occurrence,
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', deadline: '2999-12-31' } } } },
  },
];

export const UNDO_RECORD_CASES: MutationCase[] = [...steps, ...turns, ...overflow];
