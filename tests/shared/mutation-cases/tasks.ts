// Shared mutation cases: task.create, task.delete, task.restore (task.update is in task-update.ts).
import type { MutationCase } from '../mutation-case';
import { BOB_EDITS, BOB_VIEWS, BOBS, CAROL_VIEWS, HOME, HOME_DELETED, INBOX_ALICE } from './fixtures';

const NEW = { id: 'T1', list_id: 'L1', title: 'Buy milk', position: 'a0' };

const create: MutationCase[] = [
  {
    title: 'task.create by an editor stores every field given',
    name: 'task.create',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'bob',
    args: { ...NEW, notes: '2 litres', due_date: '2026-12-01', due_time: '09:30', priority: 2, position: 'a5' },
    expect: {
      after: {
        tasks: {
          T1: {
            list: 'L1', title: 'Buy milk', notes: '2 litres', due_date: '2026-12-01', due_time: '09:30',
            priority: 2, done: false, position: 'a5', deleted: false, deleted_with_list: false,
          },
        },
      },
    },
  },
  {
    title: 'task.create in the Inbox with title and position only: trimmed title, empty defaults',
    name: 'task.create',
    before: { lists: [INBOX_ALICE] },
    as: 'alice',
    args: { id: 'T1', list_id: 'inbox:alice', title: '  Call mum  ', position: 'a0' },
    expect: {
      after: {
        tasks: { T1: { list: 'inbox:alice', title: 'Call mum', notes: '', due_date: null, due_time: null, priority: 0, done: false } },
      },
    },
  },
  {
    title: 'task.create with a 500-character title is accepted',
    name: 'task.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: { ...NEW, title: 't'.repeat(500) },
    expect: { after: { tasks: { T1: { title: 't'.repeat(500) } } } },
  },
  {
    title: 'task.create with a blank title is invalid',
    name: 'task.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: { ...NEW, title: '  ' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with a 501-character title is invalid',
    name: 'task.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: { ...NEW, title: 't'.repeat(501) },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with a time but no date is invalid',
    name: 'task.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: { ...NEW, due_time: '08:00' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with a date that does not exist (2026-02-30) is invalid',
    name: 'task.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: { ...NEW, due_date: '2026-02-30' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with a time of 24:00 is invalid',
    name: 'task.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: { ...NEW, due_date: '2026-12-01', due_time: '24:00' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with priority 4 is invalid',
    name: 'task.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: { ...NEW, priority: 4 },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with notes over 10,000 characters is invalid',
    name: 'task.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: { ...NEW, notes: 'n'.repeat(10_001) },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create by a viewer is forbidden',
    name: 'task.create',
    before: { lists: [HOME], members: [CAROL_VIEWS] },
    as: 'carol',
    args: NEW,
    expect: { refused: 'forbidden' },
  },
  {
    title: 'task.create by a non-member is not_found',
    name: 'task.create',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'carol',
    args: NEW,
    expect: { refused: 'not_found' },
  },
  {
    title: 'task.create in a deleted list is refused deleted',
    name: 'task.create',
    before: { lists: [HOME_DELETED], members: [BOB_EDITS] },
    as: 'bob',
    args: NEW,
    expect: { refused: 'deleted' },
  },
  {
    title: 'task.create with the id of a task the person can see is invalid (the task is unchanged)',
    name: 'task.create',
    before: { lists: [HOME], tasks: [{ id: 'T1', list: 'L1', title: 'Already here' }] },
    as: 'alice',
    args: { ...NEW, title: 'Second try' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with the id of a task in a list the person cannot see is invalid',
    name: 'task.create',
    before: { lists: [HOME, BOBS], tasks: [{ id: 'T1', list: 'L2', title: "Bob's task" }] },
    as: 'alice',
    args: { ...NEW, title: 'Mine' },
    expect: { refused: 'invalid' },
    client: {
      expect: { after: { tasks: { T1: { list: 'L1', title: 'Mine' } } } },
      why: "alice's device has no row of a task in bob's list, so it cannot know the id is taken",
    },
  },
];

const del: MutationCase[] = [
  {
    title: "task.delete by an editor tombstones someone else's task",
    name: 'task.delete',
    before: { lists: [HOME], members: [BOB_EDITS], tasks: [{ id: 'T1', list: 'L1', created_by: 'alice', done: true }] },
    as: 'bob',
    args: { id: 'T1' },
    expect: { after: { tasks: { T1: { deleted: true, deleted_with_list: false, done: true, list: 'L1' } } } },
  },
  {
    title: 'task.delete twice is harmless (applied, still deleted)',
    name: 'task.delete',
    before: { lists: [HOME], tasks: [{ id: 'T1', list: 'L1', deleted: true }] },
    as: 'alice',
    args: { id: 'T1' },
    expect: { after: { tasks: { T1: { deleted: true, deleted_with_list: false } } } },
  },
  {
    // Their delete reached the server after the list's: the task becomes deleted on its own, so
    // restoring the list does not bring back a task this person deleted.
    title: 'task.delete of a task already deleted with its list makes it deleted on its own (restoring the list leaves it deleted)',
    name: 'task.delete',
    before: { lists: [HOME_DELETED], members: [BOB_EDITS], tasks: [{ id: 'T1', list: 'L1', deleted: true, deleted_with_list: true }] },
    as: 'bob',
    args: { id: 'T1' },
    expect: { after: { tasks: { T1: { deleted: true, deleted_with_list: false } } } },
  },
  {
    title: 'task.delete by a viewer is forbidden',
    name: 'task.delete',
    before: { lists: [HOME], members: [BOB_VIEWS], tasks: [{ id: 'T1', list: 'L1' }] },
    as: 'bob',
    args: { id: 'T1' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'task.delete by a non-member is not_found',
    name: 'task.delete',
    before: { lists: [HOME], tasks: [{ id: 'T1', list: 'L1' }] },
    as: 'carol',
    args: { id: 'T1' },
    expect: { refused: 'not_found' },
  },
  {
    title: 'task.delete of a task that never existed is not_found',
    name: 'task.delete',
    before: { lists: [HOME] },
    as: 'alice',
    args: { id: 'T9' },
    expect: { refused: 'not_found' },
  },
];

const restore: MutationCase[] = [
  {
    title: 'task.restore brings a tombstone back as it was (Undo of a delete)',
    name: 'task.restore',
    before: {
      lists: [HOME],
      members: [BOB_EDITS],
      tasks: [{ id: 'T1', list: 'L1', title: 'Undo me', done: true, due_date: '2026-12-24', due_time: '18:00', deleted: true }],
    },
    as: 'bob',
    args: { id: 'T1' },
    expect: {
      after: { tasks: { T1: { deleted: false, deleted_with_list: false, title: 'Undo me', done: true, due_date: '2026-12-24', due_time: '18:00' } } },
    },
  },
  {
    title: 'task.restore of a live task is harmless (applied, nothing changes)',
    name: 'task.restore',
    before: { lists: [HOME], tasks: [{ id: 'T1', list: 'L1', title: 'Alive' }] },
    as: 'alice',
    args: { id: 'T1' },
    expect: { after: { tasks: { T1: { deleted: false, title: 'Alive' } } } },
  },
  {
    title: 'task.restore of a task whose list is deleted is refused deleted',
    name: 'task.restore',
    before: { lists: [HOME_DELETED], members: [BOB_EDITS], tasks: [{ id: 'T1', list: 'L1', deleted: true, deleted_with_list: true }] },
    as: 'bob',
    args: { id: 'T1' },
    expect: { refused: 'deleted' },
  },
  {
    title: 'task.restore by a viewer is forbidden',
    name: 'task.restore',
    before: { lists: [HOME], members: [CAROL_VIEWS], tasks: [{ id: 'T1', list: 'L1', deleted: true }] },
    as: 'carol',
    args: { id: 'T1' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'task.restore by a non-member is not_found',
    name: 'task.restore',
    before: { lists: [HOME], tasks: [{ id: 'T1', list: 'L1', deleted: true }] },
    as: 'bob',
    args: { id: 'T1' },
    expect: { refused: 'not_found' },
  },
];

export const TASK_CASES: MutationCase[] = [...create, ...del, ...restore];
