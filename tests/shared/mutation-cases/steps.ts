// Shared mutation cases: steps (SPEC §11.3) — step.create/update/delete/restore, their rights
// (from the task's list), the 100-step limit on every way a step becomes live (create, restore,
// a task's restore), and how task and list deletes, restores and moves carry a task's steps
// (deleted_with_task marks the steps a task's delete took).
import type { CaseStep, CaseTask, MutationCase } from '../mutation-case';
import { BOB_EDITS, BOB_VIEWS, BOBS, HOME, HOME_DELETED, WORK } from './fixtures';

const TASK: CaseTask = { id: 'T1', list: 'L1', title: 'Pack for the trip' };
const S1: CaseStep = { id: 'S1', task: 'T1', title: 'Passport', position: 'a0' };
const S2: CaseStep = { id: 'S2', task: 'T1', title: 'Charger', position: 'a1' };
const NEW = { id: 'S9', task_id: 'T1', title: 'Socks', position: 'a5' };
/** n live steps of T1, S100… (ids past the ones cases name). */
const many = (n: number): CaseStep[] => Array.from({ length: n }, (_, i) => ({ id: `S${100 + i}`, task: 'T1', title: `Step ${i + 1}`, position: `b${String(i).padStart(3, '0')}` }));

const create: MutationCase[] = [
  {
    title: 'step.create by an editor adds an open step in the task’s list (title trimmed)',
    name: 'step.create', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK] }, as: 'bob',
    args: { ...NEW, title: '  Socks  ' },
    expect: { after: { steps: { S9: { title: 'Socks', done: false, position: 'a5', list: 'L1', deleted: false } } } },
  },
  {
    title: 'step.create with a 200-character title is accepted',
    name: 'step.create', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { ...NEW, title: 's'.repeat(200) },
    expect: { after: { steps: { S9: { title: 's'.repeat(200) } } } },
  },
  {
    title: 'step.create with a 201-character title is invalid (Step must be at most 200 characters)',
    name: 'step.create', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { ...NEW, title: 's'.repeat(201) },
    expect: { refused: 'invalid' },
  },
  {
    title: 'step.create with a blank title is invalid (Step is required)',
    name: 'step.create', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { ...NEW, title: ' \t ' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'step.create by a viewer is forbidden',
    name: 'step.create', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [TASK] }, as: 'bob',
    args: NEW,
    expect: { refused: 'forbidden' },
  },
  {
    title: 'step.create by someone not on the list is not_found',
    name: 'step.create', before: { lists: [HOME, BOBS], tasks: [TASK] }, as: 'bob',
    args: NEW,
    expect: { refused: 'not_found' },
  },
  {
    title: 'step.create on a deleted task is refused as deleted',
    name: 'step.create', before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }] }, as: 'alice',
    args: NEW,
    expect: { refused: 'deleted' },
  },
  {
    title: 'step.create with an id already in use is invalid',
    name: 'step.create', before: { lists: [HOME], tasks: [TASK], steps: [S1] }, as: 'alice',
    args: { ...NEW, id: 'S1' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'step.create of the 101st step is invalid (A task holds at most 100 steps)',
    name: 'step.create', before: { lists: [HOME], tasks: [TASK], steps: many(100) }, as: 'alice',
    args: NEW,
    expect: { refused: 'invalid' },
  },
  {
    title: 'step.create of the 100th live step is accepted (deleted steps do not count)',
    name: 'step.create', before: { lists: [HOME], tasks: [TASK], steps: [...many(99), { ...S1, deleted: true }] }, as: 'alice',
    args: NEW,
    expect: { after: { steps: { S9: { title: 'Socks', deleted: false } } } },
  },
];

const update: MutationCase[] = [
  {
    title: 'step.update changes only the fields in the patch',
    name: 'step.update', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], steps: [S1] }, as: 'bob',
    args: { id: 'S1', patch: { title: ' Passport and visa ', position: 'a3' } },
    expect: { after: { steps: { S1: { title: 'Passport and visa', position: 'a3', done: false } } } },
  },
  {
    title: 'step.update done: true ticks the step',
    name: 'step.update', before: { lists: [HOME], tasks: [TASK], steps: [S1] }, as: 'alice',
    args: { id: 'S1', patch: { done: true } },
    expect: { after: { steps: { S1: { done: true, title: 'Passport' } } } },
  },
  {
    title: 'step.update of two different steps keeps both ticks (per-field merge)',
    name: 'step.update', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], steps: [S1, S2] }, as: 'bob',
    first: [{ name: 'step.update', args: { id: 'S1', patch: { done: true } } }],
    args: { id: 'S2', patch: { done: true } },
    expect: { after: { steps: { S1: { done: true }, S2: { done: true } } } },
  },
  {
    title: 'step.update with a blank title is invalid',
    name: 'step.update', before: { lists: [HOME], tasks: [TASK], steps: [S1] }, as: 'alice',
    args: { id: 'S1', patch: { title: '' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'step.update by a viewer is forbidden',
    name: 'step.update', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [TASK], steps: [S1] }, as: 'bob',
    args: { id: 'S1', patch: { done: true } },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'step.update of a deleted step is refused as deleted',
    name: 'step.update', before: { lists: [HOME], tasks: [TASK], steps: [{ ...S1, deleted: true }] }, as: 'alice',
    args: { id: 'S1', patch: { done: true } },
    expect: { refused: 'deleted' },
  },
  {
    title: 'step.update of a step its task’s delete took is refused as deleted',
    name: 'step.update', before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }], steps: [{ ...S1, deleted: true, deleted_with_task: true }] }, as: 'alice',
    args: { id: 'S1', patch: { done: true } },
    expect: { refused: 'deleted' },
  },
  {
    title: 'step.update of a step that does not exist is not_found',
    name: 'step.update', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { id: 'S1', patch: { done: true } },
    expect: { refused: 'not_found' },
  },
];

const deleting: MutationCase[] = [
  {
    title: 'step.delete tombstones the step on its own',
    name: 'step.delete', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], steps: [S1, S2] }, as: 'bob',
    args: { id: 'S1' },
    expect: { after: { steps: { S1: { deleted: true, deleted_with_task: false }, S2: { deleted: false } } } },
  },
  {
    title: 'step.delete twice is applied and changes nothing',
    name: 'step.delete', before: { lists: [HOME], tasks: [TASK], steps: [{ ...S1, deleted: true }] }, as: 'alice',
    args: { id: 'S1' },
    expect: { after: { steps: { S1: { deleted: true, deleted_with_task: false } } } },
  },
  {
    title: 'step.delete of a step its task’s delete took makes it deleted on its own',
    name: 'step.delete', before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }], steps: [{ ...S1, deleted: true, deleted_with_task: true }] }, as: 'alice',
    args: { id: 'S1' },
    expect: { after: { steps: { S1: { deleted: true, deleted_with_task: false } } } },
  },
  {
    title: 'step.delete by a viewer is forbidden',
    name: 'step.delete', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [TASK], steps: [S1] }, as: 'bob',
    args: { id: 'S1' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'step.restore brings back a deleted step',
    name: 'step.restore', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], steps: [{ ...S1, deleted: true }] }, as: 'bob',
    args: { id: 'S1' },
    expect: { after: { steps: { S1: { deleted: false, title: 'Passport' } } } },
  },
  {
    title: 'step.restore of a live step changes nothing',
    name: 'step.restore', before: { lists: [HOME], tasks: [TASK], steps: [S1] }, as: 'alice',
    args: { id: 'S1' },
    expect: { after: { steps: { S1: { deleted: false } } } },
  },
  {
    title: 'step.restore while its task is deleted is refused as deleted',
    name: 'step.restore', before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }], steps: [{ ...S1, deleted: true, deleted_with_task: true }] }, as: 'alice',
    args: { id: 'S1' },
    expect: { refused: 'deleted' },
  },
  {
    title: 'step.restore of a 101st live step is invalid (A task holds at most 100 steps)',
    name: 'step.restore', before: { lists: [HOME], tasks: [TASK], steps: [...many(100), { ...S1, deleted: true }] }, as: 'alice',
    args: { id: 'S1' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'step.restore of the 100th live step is accepted',
    name: 'step.restore', before: { lists: [HOME], tasks: [TASK], steps: [...many(99), { ...S1, deleted: true }] }, as: 'alice',
    args: { id: 'S1' },
    expect: { after: { steps: { S1: { deleted: false } } } },
  },
  {
    title: 'step.restore of a live step of a task holding 100 changes nothing (not refused)',
    name: 'step.restore', before: { lists: [HOME], tasks: [TASK], steps: [...many(99), S1] }, as: 'alice',
    args: { id: 'S1' },
    expect: { after: { steps: { S1: { deleted: false } } } },
  },
  {
    title: 'step.restore by a viewer is forbidden',
    name: 'step.restore', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [TASK], steps: [{ ...S1, deleted: true }] }, as: 'bob',
    args: { id: 'S1' },
    expect: { refused: 'forbidden' },
  },
];

const withTask: MutationCase[] = [
  {
    title: 'task.delete tombstones its live steps as deleted with the task',
    name: 'task.delete', before: { lists: [HOME], tasks: [TASK], steps: [S1, { ...S2, deleted: true }] }, as: 'alice',
    args: { id: 'T1' },
    expect: { after: { tasks: { T1: { deleted: true } }, steps: { S1: { deleted: true, deleted_with_task: true }, S2: { deleted: true, deleted_with_task: false } } } },
  },
  {
    title: 'task.restore brings back the steps its delete took, not those deleted on their own',
    name: 'task.restore',
    before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }], steps: [{ ...S1, deleted: true, deleted_with_task: true }, { ...S2, deleted: true }] },
    as: 'alice',
    args: { id: 'T1' },
    expect: { after: { tasks: { T1: { deleted: false } }, steps: { S1: { deleted: false, title: 'Passport' }, S2: { deleted: true } } } },
  },
  {
    title: 'task.delete then task.restore gives back the ticked steps as they were',
    name: 'task.restore', before: { lists: [HOME], tasks: [TASK], steps: [{ ...S1, done: true }, S2] }, as: 'alice',
    first: [{ name: 'task.delete', args: { id: 'T1' } }],
    args: { id: 'T1' },
    expect: { after: { steps: { S1: { deleted: false, done: true }, S2: { deleted: false, done: false } } } },
  },
  {
    title: 'task.restore brings back all 100 steps its delete took',
    name: 'task.restore',
    before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }], steps: many(100).map((s) => ({ ...s, deleted: true, deleted_with_task: true })) },
    as: 'alice',
    args: { id: 'T1' },
    expect: { after: { tasks: { T1: { deleted: false } }, steps: { S100: { deleted: false }, S199: { deleted: false } } } },
  },
  {
    title: 'task.update moving a task to another list moves its steps there',
    name: 'task.update', before: { lists: [HOME, WORK], tasks: [TASK], steps: [S1, { ...S2, deleted: true }] }, as: 'alice',
    args: { id: 'T1', patch: { list_id: 'L2', position: 'a0' } },
    expect: { after: { tasks: { T1: { list: 'L2' } }, steps: { S1: { list: 'L2', deleted: false }, S2: { list: 'L2', deleted: true } } } },
  },
  {
    title: 'list.delete tombstones the steps of its live tasks with them',
    name: 'list.delete', before: { lists: [HOME], tasks: [TASK], steps: [S1] }, as: 'alice',
    args: { id: 'L1' },
    expect: { after: { tasks: { T1: { deleted: true, deleted_with_list: true } }, steps: { S1: { deleted: true, deleted_with_task: true } } } },
  },
  {
    title: 'list.restore brings back the steps of the tasks it brings back, only those',
    name: 'list.restore',
    before: {
      lists: [HOME_DELETED],
      tasks: [{ ...TASK, deleted: true, deleted_with_list: true }, { id: 'T2', list: 'L1', deleted: true }],
      steps: [{ ...S1, deleted: true, deleted_with_task: true }, { id: 'S2', task: 'T2', deleted: true, deleted_with_task: true }],
    },
    as: 'alice',
    args: { id: 'L1' },
    expect: { after: { tasks: { T1: { deleted: false }, T2: { deleted: true } }, steps: { S1: { deleted: false }, S2: { deleted: true } } } },
  },
];

export const STEP_CASES: MutationCase[] = [...create, ...update, ...deleting, ...withTask];
