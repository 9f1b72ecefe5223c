// Shared mutation cases: member.invite, member.set_role, member.remove (list.leave is in leave.ts).
//
// Where the device differs on purpose (`client`): it cannot tell whether an e-mail has an
// account and makes no invitation for member.invite (the invitation arrives with the next pull).
import type { MutationCase } from '../mutation-case';
import { BOB_EDITS, CAROL_VIEWS, HOME, HOME_DELETED, INBOX_ALICE, queued } from './fixtures';

const MEMBER_UNKNOWN =
  'the device has no row for that person (a pull may be in flight), so it lets the change through with no local effect; the server knows who is on the list';

const INVITE_QUEUED = 'the device cannot resolve an e-mail to an account: it queues the invite and makes no invitation; the invitation comes with the next pull';

const invite: MutationCase[] = [
  {
    title: 'member.invite by the owner makes a pending invitation, not a member',
    name: 'member.invite',
    before: { lists: [HOME] },
    as: 'alice',
    args: { list_id: 'L1', email: 'email:bob', role: 'editor' },
    expect: { after: { members: { 'L1/bob': 'absent', 'L1/alice': 'owner' }, invitations: { 'L1/bob': { role: 'editor', status: 'pending' } } } },
    client: { expect: { after: { members: { 'L1/bob': 'absent', 'L1/alice': 'owner' }, invitations: { 'L1/bob': 'absent' } } }, why: INVITE_QUEUED },
  },
  {
    title: 'member.invite of a current member sets their role',
    name: 'member.invite',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'alice',
    args: { list_id: 'L1', email: 'email:bob', role: 'viewer' },
    expect: { after: { members: { 'L1/bob': 'viewer' }, invitations: { 'L1/bob': 'absent' } } },
    client: { expect: queued({ 'L1/bob': 'editor' }), why: INVITE_QUEUED },
  },
  {
    title: 'member.invite of someone removed earlier invites them again',
    name: 'member.invite',
    before: { lists: [HOME], members: [{ ...BOB_EDITS, removed: true }] },
    as: 'alice',
    args: { list_id: 'L1', email: 'email:bob', role: 'editor' },
    expect: { after: { members: { 'L1/bob': 'absent' }, invitations: { 'L1/bob': { role: 'editor', status: 'pending' } } } },
    client: { expect: queued({ 'L1/bob': 'absent' }), why: INVITE_QUEUED },
  },
  {
    title: 'member.invite of an e-mail with no account makes an invitation that waits for one',
    name: 'member.invite',
    before: { lists: [HOME] },
    as: 'alice',
    args: { list_id: 'L1', email: 'nobody-here@example.invalid', role: 'viewer' },
    expect: { after: { invitations: { 'L1/nobody-here@example.invalid': { role: 'viewer', status: 'pending' } } } },
    client: { expect: queued({ 'L1/alice': 'owner' }), why: INVITE_QUEUED },
  },
  {
    title: 'member.invite of someone who declined invites them again with the new role',
    name: 'member.invite',
    before: { lists: [HOME], invitations: [{ list: 'L1', to: 'bob', role: 'editor', declined: true }] },
    as: 'alice',
    args: { list_id: 'L1', email: 'email:bob', role: 'viewer' },
    expect: { after: { invitations: { 'L1/bob': { role: 'viewer', status: 'pending' } } } },
    client: { expect: { after: { invitations: { 'L1/bob': { role: 'editor', status: 'declined' } } } }, why: INVITE_QUEUED },
  },
  {
    title: 'member.invite of something that is not an e-mail address is invalid',
    name: 'member.invite',
    before: { lists: [HOME] },
    as: 'alice',
    args: { list_id: 'L1', email: 'not an address', role: 'editor' },
    expect: { refused: 'invalid' },
    client: { expect: queued({ 'L1/alice': 'owner' }), why: 'the share dialog checks the address before it queues anything (invite-check.ts); the pure apply leaves that to the writer' },
  },
  {
    title: "member.invite of the owner's own e-mail is invalid (the owner's role can't change)",
    name: 'member.invite',
    before: { lists: [HOME] },
    as: 'alice',
    args: { list_id: 'L1', email: 'email:alice', role: 'editor' },
    expect: { refused: 'invalid' },
    client: { expect: queued({ 'L1/alice': 'owner' }), why: INVITE_QUEUED },
  },
  {
    title: 'member.invite with role owner is invalid',
    name: 'member.invite',
    before: { lists: [HOME] },
    as: 'alice',
    args: { list_id: 'L1', email: 'email:bob', role: 'owner' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'member.invite to the Inbox is invalid (the Inbox cannot be shared)',
    name: 'member.invite',
    before: { lists: [INBOX_ALICE] },
    as: 'alice',
    args: { list_id: 'inbox:alice', email: 'email:bob', role: 'editor' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'member.invite by an editor is forbidden (owner only)',
    name: 'member.invite',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'bob',
    args: { list_id: 'L1', email: 'email:carol', role: 'editor' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'member.invite by a viewer is forbidden',
    name: 'member.invite',
    before: { lists: [HOME], members: [CAROL_VIEWS] },
    as: 'carol',
    args: { list_id: 'L1', email: 'email:bob', role: 'viewer' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'member.invite by a non-member is not_found',
    name: 'member.invite',
    before: { lists: [HOME] },
    as: 'bob',
    args: { list_id: 'L1', email: 'email:bob', role: 'editor' },
    expect: { refused: 'not_found' },
  },
  {
    title: 'member.invite to a deleted list is refused deleted',
    name: 'member.invite',
    before: { lists: [HOME_DELETED] },
    as: 'alice',
    args: { list_id: 'L1', email: 'email:bob', role: 'editor' },
    expect: { refused: 'deleted' },
  },
];

const setRole: MutationCase[] = [
  {
    title: 'member.set_role by the owner makes an editor a viewer',
    name: 'member.set_role',
    before: { lists: [HOME], members: [BOB_EDITS, CAROL_VIEWS] },
    as: 'alice',
    args: { list_id: 'L1', user_id: 'user:bob', role: 'viewer' },
    expect: { after: { members: { 'L1/bob': 'viewer', 'L1/carol': 'viewer', 'L1/alice': 'owner' } } },
  },
  {
    title: "member.set_role on the owner is invalid (the owner's role can't change)",
    name: 'member.set_role',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'alice',
    args: { list_id: 'L1', user_id: 'user:alice', role: 'editor' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'member.set_role with role owner is invalid',
    name: 'member.set_role',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'alice',
    args: { list_id: 'L1', user_id: 'user:bob', role: 'owner' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'member.set_role of a person who is not a member is not_found',
    name: 'member.set_role',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'alice',
    args: { list_id: 'L1', user_id: 'user:carol', role: 'editor' },
    expect: { refused: 'not_found' },
    client: { expect: queued({ 'L1/carol': 'absent', 'L1/bob': 'editor' }), why: MEMBER_UNKNOWN },
  },
  {
    title: 'member.set_role of a removed member is not_found',
    name: 'member.set_role',
    before: { lists: [HOME], members: [{ ...BOB_EDITS, removed: true }] },
    as: 'alice',
    args: { list_id: 'L1', user_id: 'user:bob', role: 'viewer' },
    expect: { refused: 'not_found' },
    client: { expect: queued({ 'L1/bob': 'absent' }), why: MEMBER_UNKNOWN },
  },
  {
    title: 'member.set_role by an editor is forbidden',
    name: 'member.set_role',
    before: { lists: [HOME], members: [BOB_EDITS, CAROL_VIEWS] },
    as: 'bob',
    args: { list_id: 'L1', user_id: 'user:carol', role: 'editor' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'member.set_role by a viewer is forbidden',
    name: 'member.set_role',
    before: { lists: [HOME], members: [BOB_EDITS, CAROL_VIEWS] },
    as: 'carol',
    args: { list_id: 'L1', user_id: 'user:carol', role: 'editor' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'member.set_role by a non-member is not_found',
    name: 'member.set_role',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'carol',
    args: { list_id: 'L1', user_id: 'user:bob', role: 'viewer' },
    expect: { refused: 'not_found' },
  },
  {
    title: 'member.set_role on the Inbox is invalid',
    name: 'member.set_role',
    before: { lists: [INBOX_ALICE] },
    as: 'alice',
    args: { list_id: 'inbox:alice', user_id: 'user:bob', role: 'viewer' },
    expect: { refused: 'invalid' },
  },
];

const remove: MutationCase[] = [
  {
    title: 'member.remove by the owner removes an editor (and leaves the others)',
    name: 'member.remove',
    before: { lists: [HOME], members: [BOB_EDITS, CAROL_VIEWS] },
    as: 'alice',
    args: { list_id: 'L1', user_id: 'user:bob' },
    expect: { after: { members: { 'L1/bob': 'absent', 'L1/carol': 'viewer', 'L1/alice': 'owner' } } },
  },
  {
    title: 'member.remove of the owner is invalid',
    name: 'member.remove',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'alice',
    args: { list_id: 'L1', user_id: 'user:alice' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'member.remove of a person who is not a member is not_found',
    name: 'member.remove',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'alice',
    args: { list_id: 'L1', user_id: 'user:carol' },
    expect: { refused: 'not_found' },
    client: { expect: queued({ 'L1/carol': 'absent', 'L1/bob': 'editor' }), why: MEMBER_UNKNOWN },
  },
  {
    // Removing someone twice (two devices, or a retry after a lost answer under a new mutation
    // id) is harmless, like deleting twice: applied, nothing changes, no "Couldn't sync".
    title: 'member.remove of someone already removed is applied and changes nothing',
    name: 'member.remove',
    before: { lists: [HOME], members: [{ ...BOB_EDITS, removed: true }] },
    as: 'alice',
    args: { list_id: 'L1', user_id: 'user:bob' },
    expect: { after: { members: { 'L1/bob': 'absent', 'L1/alice': 'owner' } } },
  },
  {
    title: 'member.remove by an editor is forbidden',
    name: 'member.remove',
    before: { lists: [HOME], members: [BOB_EDITS, CAROL_VIEWS] },
    as: 'bob',
    args: { list_id: 'L1', user_id: 'user:carol' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'member.remove by a viewer is forbidden',
    name: 'member.remove',
    before: { lists: [HOME], members: [BOB_EDITS, CAROL_VIEWS] },
    as: 'carol',
    args: { list_id: 'L1', user_id: 'user:bob' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'member.remove by a non-member is not_found',
    name: 'member.remove',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'carol',
    args: { list_id: 'L1', user_id: 'user:bob' },
    expect: { refused: 'not_found' },
  },
];

export const MEMBER_CASES: MutationCase[] = [...invite, ...setRole, ...remove];
