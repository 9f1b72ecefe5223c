// Shared mutation cases: list.create, list.update, list.delete, list.restore.
import type { MutationCase } from '../mutation-case';
import { BOB_EDITS, CAROL_VIEWS, HOME, HOME_DELETED, INBOX_ALICE } from './fixtures';

const create: MutationCase[] = [
  {
    title: 'list.create makes the list (name trimmed) and its owner membership',
    name: 'list.create',
    before: {},
    as: 'alice',
    args: { id: 'L1', name: '  Groceries ', color: 'green', position: 'a3' },
    expect: {
      after: {
        lists: { L1: { name: 'Groceries', color: 'green', position: 'a3', is_inbox: false, deleted: false } },
        members: { 'L1/alice': 'owner' },
      },
    },
  },
  {
    title: 'list.create takes its owner from the caller and ignores owner_id / is_inbox in args',
    name: 'list.create',
    before: {},
    as: 'alice',
    args: { id: 'L1', name: 'Mine', color: 'red', position: 'a0', owner_id: 'user:bob', is_inbox: true },
    expect: { after: { lists: { L1: { is_inbox: false } }, members: { 'L1/alice': 'owner', 'L1/bob': 'absent' } } },
  },
  {
    title: 'list.create with a blank name is invalid',
    name: 'list.create',
    before: {},
    as: 'alice',
    args: { id: 'L1', name: '   ', color: 'grey', position: 'a0' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'list.create with an 81-character name is invalid',
    name: 'list.create',
    before: {},
    as: 'alice',
    args: { id: 'L1', name: 'n'.repeat(81), color: 'grey', position: 'a0' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'list.create with a colour outside the palette is invalid',
    name: 'list.create',
    before: {},
    as: 'alice',
    args: { id: 'L1', name: 'Pink', color: 'pink', position: 'a0' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'list.create with an id already used by a list the person has is invalid (and changes nothing)',
    name: 'list.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: { id: 'L1', name: 'Again', color: 'grey', position: 'a0' },
    expect: { refused: 'invalid' },
  },
  {
    title: "list.create with an id already used by someone else's list is invalid",
    name: 'list.create',
    before: { lists: [{ id: 'L1', owner: 'bob', name: "Bob's" }] },
    as: 'alice',
    args: { id: 'L1', name: 'Mine', color: 'grey', position: 'a0' },
    expect: { refused: 'invalid' },
    client: {
      expect: { after: { lists: { L1: { name: 'Mine' } } } },
      why: "alice's device has no row of bob's list, so it cannot know the id is taken; the server refuses it at push",
    },
  },
  {
    title: "list.create with a person's own Inbox id is invalid",
    name: 'list.create',
    before: { lists: [INBOX_ALICE] },
    as: 'alice',
    args: { id: 'inbox:alice', name: 'Not an inbox', color: 'grey', position: 'a0' },
    expect: { refused: 'invalid' },
  },
];

const update: MutationCase[] = [
  {
    title: 'list.update by the owner renames and recolours, leaving other fields alone',
    name: 'list.update',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'alice',
    args: { id: 'L1', patch: { name: ' House ', color: 'blue' } },
    expect: { after: { lists: { L1: { name: 'House', color: 'blue', position: 'a1', deleted: false } } } },
  },
  {
    title: 'list.update of the position only (reorder)',
    name: 'list.update',
    before: { lists: [HOME] },
    as: 'alice',
    args: { id: 'L1', patch: { position: 'b0' } },
    expect: { after: { lists: { L1: { name: 'Home', color: 'teal', position: 'b0' } } } },
  },
  {
    title: 'list.update ignores unknown patch keys (is_inbox, owner_id)',
    name: 'list.update',
    before: { lists: [HOME] },
    as: 'alice',
    args: { id: 'L1', patch: { name: 'Renamed', is_inbox: true, owner_id: 'user:bob' } },
    expect: { after: { lists: { L1: { name: 'Renamed', is_inbox: false } }, members: { 'L1/alice': 'owner' } } },
  },
  {
    title: 'list.update: the owner may rename their Inbox (only deleting, sharing and leaving it are refused)',
    name: 'list.update',
    before: { lists: [INBOX_ALICE] },
    as: 'alice',
    args: { id: 'inbox:alice', patch: { name: 'Inbox (home)', color: 'orange' } },
    expect: { after: { lists: { 'inbox:alice': { name: 'Inbox (home)', color: 'orange', is_inbox: true } } } },
  },
  {
    title: 'list.update with a blank name is invalid',
    name: 'list.update',
    before: { lists: [HOME] },
    as: 'alice',
    args: { id: 'L1', patch: { name: '' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'list.update with a colour outside the palette is invalid',
    name: 'list.update',
    before: { lists: [HOME] },
    as: 'alice',
    args: { id: 'L1', patch: { color: 'magenta' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'list.update by an editor is forbidden (owner only)',
    name: 'list.update',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'bob',
    args: { id: 'L1', patch: { name: 'Bob was here' } },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'list.update by a viewer is forbidden',
    name: 'list.update',
    before: { lists: [HOME], members: [CAROL_VIEWS] },
    as: 'carol',
    args: { id: 'L1', patch: { color: 'red' } },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'list.update by a non-member is not_found',
    name: 'list.update',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'carol',
    args: { id: 'L1', patch: { name: 'Mine' } },
    expect: { refused: 'not_found' },
  },
  {
    title: 'list.update of a deleted list is refused deleted',
    name: 'list.update',
    before: { lists: [HOME_DELETED] },
    as: 'alice',
    args: { id: 'L1', patch: { name: 'Back?' } },
    expect: { refused: 'deleted' },
  },
];

const del: MutationCase[] = [
  {
    title: 'list.delete tombstones the list and its live tasks (deleted_with_list); a task deleted on its own stays apart',
    name: 'list.delete',
    before: {
      lists: [HOME],
      members: [BOB_EDITS],
      tasks: [
        { id: 'T1', list: 'L1', title: 'Open one' },
        { id: 'T2', list: 'L1', title: 'Done one', done: true },
        { id: 'T3', list: 'L1', title: 'Deleted on its own', deleted: true },
      ],
    },
    as: 'alice',
    args: { id: 'L1' },
    expect: {
      after: {
        lists: { L1: { deleted: true } },
        tasks: {
          T1: { deleted: true, deleted_with_list: true },
          T2: { deleted: true, deleted_with_list: true, done: true },
          T3: { deleted: true, deleted_with_list: false },
        },
        members: { 'L1/alice': 'owner', 'L1/bob': 'editor' },
      },
    },
  },
  {
    title: 'list.delete twice is harmless (applied, still deleted)',
    name: 'list.delete',
    before: { lists: [HOME_DELETED], tasks: [{ id: 'T1', list: 'L1', deleted: true, deleted_with_list: true }] },
    as: 'alice',
    args: { id: 'L1' },
    expect: { after: { lists: { L1: { deleted: true } }, tasks: { T1: { deleted: true, deleted_with_list: true } } } },
  },
  {
    title: 'list.delete of the Inbox is invalid',
    name: 'list.delete',
    before: { lists: [INBOX_ALICE], tasks: [{ id: 'T1', list: 'inbox:alice' }] },
    as: 'alice',
    args: { id: 'inbox:alice' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'list.delete by an editor is forbidden',
    name: 'list.delete',
    before: { lists: [HOME], members: [BOB_EDITS], tasks: [{ id: 'T1', list: 'L1' }] },
    as: 'bob',
    args: { id: 'L1' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'list.delete by a viewer is forbidden',
    name: 'list.delete',
    before: { lists: [HOME], members: [CAROL_VIEWS] },
    as: 'carol',
    args: { id: 'L1' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'list.delete by a non-member is not_found',
    name: 'list.delete',
    before: { lists: [HOME] },
    as: 'bob',
    args: { id: 'L1' },
    expect: { refused: 'not_found' },
  },
];

const restore: MutationCase[] = [
  {
    title: 'list.restore brings back the list and exactly the tasks deleted with it, not one deleted on its own before',
    name: 'list.restore',
    before: {
      lists: [HOME_DELETED],
      members: [BOB_EDITS],
      tasks: [
        { id: 'T1', list: 'L1', title: 'Went with the list', deleted: true, deleted_with_list: true },
        { id: 'T2', list: 'L1', title: 'Done, went with the list', done: true, deleted: true, deleted_with_list: true },
        { id: 'T3', list: 'L1', title: 'Deleted on its own before', deleted: true },
      ],
    },
    as: 'alice',
    args: { id: 'L1' },
    expect: {
      after: {
        lists: { L1: { deleted: false, name: 'Home' } },
        tasks: {
          T1: { deleted: false, deleted_with_list: false },
          T2: { deleted: false, deleted_with_list: false, done: true },
          T3: { deleted: true, deleted_with_list: false },
        },
      },
    },
  },
  {
    title: 'list.restore of a list that is not deleted is harmless (applied, nothing changes)',
    name: 'list.restore',
    before: { lists: [HOME], tasks: [{ id: 'T1', list: 'L1', deleted: true }] },
    as: 'alice',
    args: { id: 'L1' },
    expect: { after: { lists: { L1: { deleted: false } }, tasks: { T1: { deleted: true } } } },
  },
  {
    title: 'list.restore by an editor is forbidden',
    name: 'list.restore',
    before: { lists: [HOME_DELETED], members: [BOB_EDITS] },
    as: 'bob',
    args: { id: 'L1' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'list.restore by a viewer is forbidden',
    name: 'list.restore',
    before: { lists: [HOME_DELETED], members: [CAROL_VIEWS] },
    as: 'carol',
    args: { id: 'L1' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'list.restore by a non-member is not_found',
    name: 'list.restore',
    before: { lists: [HOME_DELETED], members: [BOB_EDITS] },
    as: 'carol',
    args: { id: 'L1' },
    expect: { refused: 'not_found' },
  },
  {
    title: 'list.restore of a list that never existed is not_found',
    name: 'list.restore',
    before: {},
    as: 'alice',
    args: { id: 'L9' },
    expect: { refused: 'not_found' },
  },
];

export const LIST_CASES: MutationCase[] = [...create, ...update, ...del, ...restore];
