// Shared mutation cases: invitation.accept, invitation.decline, invitation.cancel (SPEC §13.1).
//
// Where the device differs on purpose (`client`): an invitee's device holds only open
// invitations (the server sends no expired, declined or unknown one), so answering one it does
// not hold changes nothing there and the server decides; and a device makes no membership on
// accepting: the list and its members arrive with the next pull.
import type { MutationCase } from '../mutation-case';
import { BOB_EDITS, CAROL_VIEWS, HOME, HOME_DELETED, queued } from './fixtures';

const NOT_HELD = 'the device holds no such open invitation, so it queues the answer with no local change; the server knows whether one is open';
const MEMBER_PULLED = 'the device takes the invitation off at once; the membership (and the list) arrive with the next pull';

const BOB_INVITED = { list: 'L1', to: 'bob', role: 'editor' } as const;

const accept: MutationCase[] = [
  {
    title: 'invitation.accept by the invitee makes them a member with the invited role',
    name: 'invitation.accept',
    before: { lists: [HOME], invitations: [{ ...BOB_INVITED, role: 'viewer' }] },
    as: 'bob',
    args: { list_id: 'L1' },
    expect: { after: { members: { 'L1/bob': 'viewer', 'L1/alice': 'owner' }, invitations: { 'L1/bob': 'absent' } } },
    client: { expect: { after: { members: { 'L1/bob': 'absent' }, invitations: { 'L1/bob': 'absent' } } }, why: MEMBER_PULLED },
  },
  {
    title: 'invitation.accept with no invitation is not_found',
    name: 'invitation.accept',
    before: { lists: [HOME] },
    as: 'bob',
    args: { list_id: 'L1' },
    expect: { refused: 'not_found' },
    client: { expect: queued({ 'L1/bob': 'absent' }), why: NOT_HELD },
  },
  {
    title: "invitation.accept of someone else's invitation is not_found",
    name: 'invitation.accept',
    before: { lists: [HOME], invitations: [BOB_INVITED] },
    as: 'carol',
    args: { list_id: 'L1' },
    expect: { refused: 'not_found' },
    client: { expect: queued({ 'L1/carol': 'absent' }), why: NOT_HELD },
  },
  {
    title: 'invitation.accept of an expired invitation is not_found',
    name: 'invitation.accept',
    before: { lists: [HOME], invitations: [{ ...BOB_INVITED, expired: true }] },
    as: 'bob',
    args: { list_id: 'L1' },
    expect: { refused: 'not_found' },
    client: { expect: queued({ 'L1/bob': 'absent' }), why: NOT_HELD },
  },
  {
    title: 'invitation.accept of a declined invitation is not_found',
    name: 'invitation.accept',
    before: { lists: [HOME], invitations: [{ ...BOB_INVITED, declined: true }] },
    as: 'bob',
    args: { list_id: 'L1' },
    expect: { refused: 'not_found' },
    client: { expect: queued({ 'L1/bob': 'absent' }), why: NOT_HELD },
  },
  {
    title: 'invitation.accept to a deleted list is refused deleted',
    name: 'invitation.accept',
    before: { lists: [HOME_DELETED], invitations: [BOB_INVITED] },
    as: 'bob',
    args: { list_id: 'L1' },
    expect: { refused: 'deleted' },
    client: { expect: queued({ 'L1/bob': 'absent' }), why: NOT_HELD },
  },
  {
    // accepted on another device, or sent again under a new id after a lost answer
    title: 'invitation.accept by someone already a member is applied and changes nothing',
    name: 'invitation.accept',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'bob',
    args: { list_id: 'L1' },
    expect: { after: { members: { 'L1/bob': 'editor' } } },
  },
];

const decline: MutationCase[] = [
  {
    title: 'invitation.decline by the invitee leaves them out and shows the owner it was declined',
    name: 'invitation.decline',
    before: { lists: [HOME], invitations: [BOB_INVITED] },
    as: 'bob',
    args: { list_id: 'L1' },
    expect: { after: { members: { 'L1/bob': 'absent' }, invitations: { 'L1/bob': { role: 'editor', status: 'declined' } } } },
  },
  {
    title: 'invitation.decline of one declined already is applied and changes nothing',
    name: 'invitation.decline',
    before: { lists: [HOME], invitations: [{ ...BOB_INVITED, declined: true }] },
    as: 'bob',
    args: { list_id: 'L1' },
    expect: { after: { invitations: { 'L1/bob': { role: 'editor', status: 'declined' } } } },
  },
  {
    title: 'invitation.decline with no invitation is not_found',
    name: 'invitation.decline',
    before: { lists: [HOME] },
    as: 'bob',
    args: { list_id: 'L1' },
    expect: { refused: 'not_found' },
    client: { expect: queued({ 'L1/bob': 'absent' }), why: NOT_HELD },
  },
];

const cancel: MutationCase[] = [
  {
    title: 'invitation.cancel by the owner takes a pending invitation back',
    name: 'invitation.cancel',
    before: { lists: [HOME], invitations: [BOB_INVITED] },
    as: 'alice',
    args: { list_id: 'L1', email: 'email:bob' },
    expect: { after: { invitations: { 'L1/bob': 'absent' }, members: { 'L1/bob': 'absent' } } },
  },
  {
    title: 'invitation.cancel by the owner dismisses a declined invitation',
    name: 'invitation.cancel',
    before: { lists: [HOME], invitations: [{ ...BOB_INVITED, declined: true }] },
    as: 'alice',
    args: { list_id: 'L1', email: 'email:bob' },
    expect: { after: { invitations: { 'L1/bob': 'absent' } } },
  },
  {
    title: 'invitation.cancel of an invitation that is gone is applied and changes nothing',
    name: 'invitation.cancel',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'alice',
    args: { list_id: 'L1', email: 'email:bob' },
    expect: { after: { invitations: { 'L1/bob': 'absent' }, members: { 'L1/bob': 'editor' } } },
  },
  {
    title: 'invitation.cancel by an editor is forbidden',
    name: 'invitation.cancel',
    before: { lists: [HOME], members: [BOB_EDITS], invitations: [{ list: 'L1', to: 'carol', role: 'viewer' }] },
    as: 'bob',
    args: { list_id: 'L1', email: 'email:carol' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'invitation.cancel by a viewer is forbidden',
    name: 'invitation.cancel',
    before: { lists: [HOME], members: [CAROL_VIEWS], invitations: [BOB_INVITED] },
    as: 'carol',
    args: { list_id: 'L1', email: 'email:bob' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'invitation.cancel by the invitee is not_found (they are not on the list)',
    name: 'invitation.cancel',
    before: { lists: [HOME], invitations: [BOB_INVITED] },
    as: 'bob',
    args: { list_id: 'L1', email: 'email:bob' },
    expect: { refused: 'not_found' },
  },
];

export const INVITATION_CASES: MutationCase[] = [...accept, ...decline, ...cancel];
