// Shared mutation cases: list.leave.
//
// Where the device differs on purpose (`client`): it changes nothing locally for list.leave;
// the list vanishes from the device at the next pull.
import type { MutationCase } from '../mutation-case';
import { BOB_EDITS, BOB_VIEWS, CAROL_EDITS, CAROL_VIEWS, HOME, HOME_DELETED, INBOX_ALICE, queued } from './fixtures';

const LEAVE_QUEUED = 'the device changes nothing locally for list.leave: the list vanishes from it at the next pull';

export const LEAVE_CASES: MutationCase[] = [
  {
    title: 'list.leave by an editor ends their membership (the list and its tasks stay)',
    name: 'list.leave',
    before: { lists: [HOME], members: [BOB_EDITS, CAROL_VIEWS], tasks: [{ id: 'T1', list: 'L1', created_by: 'bob' }] },
    as: 'bob',
    args: { list_id: 'L1' },
    expect: {
      after: { members: { 'L1/bob': 'absent', 'L1/carol': 'viewer', 'L1/alice': 'owner' }, lists: { L1: { deleted: false } }, tasks: { T1: { deleted: false } } },
    },
    client: { expect: queued({ 'L1/bob': 'editor', 'L1/carol': 'viewer', 'L1/alice': 'owner' }), why: LEAVE_QUEUED },
  },
  {
    title: 'list.leave by a viewer ends their membership',
    name: 'list.leave',
    before: { lists: [HOME], members: [CAROL_VIEWS] },
    as: 'carol',
    args: { list_id: 'L1' },
    expect: { after: { members: { 'L1/carol': 'absent' } } },
    client: { expect: queued({ 'L1/carol': 'viewer' }), why: LEAVE_QUEUED },
  },
  {
    title: 'list.leave by the owner is invalid',
    name: 'list.leave',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'alice',
    args: { list_id: 'L1' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'list.leave of the Inbox is invalid',
    name: 'list.leave',
    before: { lists: [INBOX_ALICE] },
    as: 'alice',
    args: { list_id: 'inbox:alice' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'list.leave by a non-member is not_found',
    name: 'list.leave',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'carol',
    args: { list_id: 'L1' },
    expect: { refused: 'not_found' },
  },
  {
    title: 'list.leave by someone already removed is not_found',
    name: 'list.leave',
    before: { lists: [HOME], members: [{ ...CAROL_EDITS, removed: true }] },
    as: 'carol',
    args: { list_id: 'L1' },
    expect: { refused: 'not_found' },
  },
  {
    // The owner deleted the list meanwhile: leaving it is still applied (the member's aim, not
    // seeing the list, is met either way), and they are not a member if it is restored.
    title: 'list.leave of a list its owner deleted is applied (their membership ends)',
    name: 'list.leave',
    before: { lists: [HOME_DELETED], members: [BOB_VIEWS] },
    as: 'bob',
    args: { list_id: 'L1' },
    expect: { after: { members: { 'L1/bob': 'absent', 'L1/alice': 'owner' }, lists: { L1: { deleted: true } } } },
    client: { expect: queued({ 'L1/bob': 'viewer' }), why: LEAVE_QUEUED },
  },
];

