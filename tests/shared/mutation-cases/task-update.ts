// Shared mutation cases: task.update — fields, validation, tombstones, roles and moves.
import type { CaseTask, MutationCase } from '../mutation-case';
import { BOB_EDITS, BOB_VIEWS, BOBS, CAROL_VIEWS, HOME, HOME_DELETED, INBOX_ALICE, WORK } from './fixtures';

/** A live task in L1 with a date and a time. */
const DATED: CaseTask = { id: 'T1', list: 'L1', title: 'Dentist', notes: 'Bring the card', due_date: '2026-12-01', due_time: '10:00', priority: 1 };

const fields: MutationCase[] = [
  {
    title: 'task.update by an editor changes only the fields in the patch (title trimmed)',
    name: 'task.update',
    before: { lists: [HOME], members: [BOB_EDITS], tasks: [DATED] },
    as: 'bob',
    args: { id: 'T1', patch: { title: '  Dentist at 10  ', priority: 3 } },
    expect: {
      after: {
        tasks: { T1: { title: 'Dentist at 10', priority: 3, notes: 'Bring the card', due_date: '2026-12-01', due_time: '10:00', list: 'L1' } },
      },
    },
  },
  {
    title: 'task.update done: true completes the task',
    name: 'task.update',
    before: { lists: [HOME], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { done: true } },
    expect: { after: { tasks: { T1: { done: true, title: 'Dentist' } } } },
  },
  {
    title: 'task.update done: false reopens a done task',
    name: 'task.update',
    before: { lists: [HOME], tasks: [{ ...DATED, done: true }] },
    as: 'alice',
    args: { id: 'T1', patch: { done: false } },
    expect: { after: { tasks: { T1: { done: false } } } },
  },
  {
    title: 'task.update due_date: null clears the due_time too',
    name: 'task.update',
    before: { lists: [HOME], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { due_date: null } },
    expect: { after: { tasks: { T1: { due_date: null, due_time: null } } } },
  },
  {
    title: 'task.update of the date alone keeps the time',
    name: 'task.update',
    before: { lists: [HOME], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { due_date: '2026-12-02' } },
    expect: { after: { tasks: { T1: { due_date: '2026-12-02', due_time: '10:00' } } } },
  },
  {
    title: 'task.update ignores unknown patch keys (deleted_at, created_by)',
    name: 'task.update',
    before: { lists: [HOME], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { title: 'Renamed', deleted_at: '2026-01-01T00:00:00Z', created_by: 'user:bob' } },
    expect: { after: { tasks: { T1: { title: 'Renamed', deleted: false } } } },
  },
  {
    title: 'task.update with a blank title is invalid',
    name: 'task.update',
    before: { lists: [HOME], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { title: '' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update with a 501-character title is invalid',
    name: 'task.update',
    before: { lists: [HOME], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { title: 'x'.repeat(501) } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update setting a time on a task without a date is invalid',
    name: 'task.update',
    before: { lists: [HOME], tasks: [{ id: 'T1', list: 'L1', title: 'No date' }] },
    as: 'alice',
    args: { id: 'T1', patch: { due_time: '07:30' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update with a date before 1900 is invalid',
    name: 'task.update',
    before: { lists: [HOME], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { due_date: '1899-12-31' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update with priority given as a string is invalid',
    name: 'task.update',
    before: { lists: [HOME], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { priority: '2' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update with done not a boolean is invalid',
    name: 'task.update',
    before: { lists: [HOME], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { done: 'yes' } },
    expect: { refused: 'invalid' },
  },
];

const tombstonesAndRoles: MutationCase[] = [
  {
    title: 'task.update of a deleted task is refused deleted',
    name: 'task.update',
    before: { lists: [HOME], members: [BOB_EDITS], tasks: [{ ...DATED, deleted: true }] },
    as: 'bob',
    args: { id: 'T1', patch: { title: 'Too late' } },
    expect: { refused: 'deleted' },
  },
  {
    title: 'task.update of a task in a deleted list is refused deleted',
    name: 'task.update',
    before: { lists: [HOME_DELETED], members: [BOB_EDITS], tasks: [{ ...DATED, deleted: true, deleted_with_list: true }] },
    as: 'bob',
    args: { id: 'T1', patch: { done: true } },
    expect: { refused: 'deleted' },
  },
  {
    title: 'task.update by a viewer is forbidden',
    name: 'task.update',
    before: { lists: [HOME], members: [CAROL_VIEWS], tasks: [DATED] },
    as: 'carol',
    args: { id: 'T1', patch: { done: true } },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'task.update by a non-member is not_found',
    name: 'task.update',
    before: { lists: [HOME], members: [BOB_EDITS], tasks: [DATED] },
    as: 'carol',
    args: { id: 'T1', patch: { title: 'Mine' } },
    expect: { refused: 'not_found' },
  },
];

const moves: MutationCase[] = [
  {
    title: 'task.update moves a task to another list the person owns',
    name: 'task.update',
    before: { lists: [HOME, WORK], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { list_id: 'L2', position: 'b1' } },
    expect: { after: { tasks: { T1: { list: 'L2', position: 'b1', title: 'Dentist', due_time: '10:00' } } } },
  },
  {
    title: 'task.update: an editor of both lists moves a task between them',
    name: 'task.update',
    before: {
      lists: [HOME, WORK],
      members: [BOB_EDITS, { list: 'L2', user: 'bob', role: 'editor' }],
      tasks: [DATED],
    },
    as: 'bob',
    args: { id: 'T1', patch: { list_id: 'L2' } },
    expect: { after: { tasks: { T1: { list: 'L2', deleted: false } } } },
  },
  {
    title: 'task.update moves a task into the Inbox',
    name: 'task.update',
    before: { lists: [HOME, INBOX_ALICE], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { list_id: 'inbox:alice' } },
    expect: { after: { tasks: { T1: { list: 'inbox:alice' } } } },
  },
  {
    title: 'task.update moving to a list where the person is a viewer is forbidden',
    name: 'task.update',
    before: { lists: [HOME, BOBS], members: [{ list: 'L2', user: 'alice', role: 'viewer' }], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { list_id: 'L2' } },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'task.update moving to a list the person cannot see is not_found',
    name: 'task.update',
    before: { lists: [HOME, BOBS], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { list_id: 'L2' } },
    expect: { refused: 'not_found' },
  },
  {
    title: 'task.update moving to a deleted list is refused deleted',
    name: 'task.update',
    before: { lists: [HOME, { ...WORK, deleted: true }], tasks: [DATED] },
    as: 'alice',
    args: { id: 'T1', patch: { list_id: 'L2' } },
    expect: { refused: 'deleted' },
  },
  {
    title: 'task.update moving out of a list where the person is a viewer is forbidden',
    name: 'task.update',
    before: { lists: [HOME, BOBS], members: [BOB_VIEWS], tasks: [DATED] },
    as: 'bob',
    args: { id: 'T1', patch: { list_id: 'L2' } },
    expect: { refused: 'forbidden' },
  },
];

export const TASK_UPDATE_CASES: MutationCase[] = [...fields, ...tombstonesAndRoles, ...moves];
