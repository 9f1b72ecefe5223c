// Shared mutation cases: link.create, link.revoke (SPEC §13.1, share links). Owner only; a role
// (editor or viewer), an expiry of 1, 7 or 30 days, the token's hash, at most 5 live links a list.
import type { MutationCase } from '../mutation-case';
import { BOB_EDITS, CAROL_VIEWS, HOME, HOME_DELETED, INBOX_ALICE } from './fixtures';

const make = (overrides: Record<string, unknown> = {}) => ({ id: 'K9', list_id: 'L1', role: 'viewer', expires_in_days: 7, token_hash: 'hash:9', ...overrides });
const FIVE_LIVE = ['K1', 'K2', 'K3', 'K4', 'K5'].map((id) => ({ id, list: 'L1', role: 'viewer' as const }));

const create: MutationCase[] = [
  {
    title: 'link.create by the owner makes a live link with its role',
    name: 'link.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: make(),
    expect: { after: { links: { K9: { role: 'viewer' } } } },
  },
  {
    title: 'link.create of an editor link for 30 days',
    name: 'link.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: make({ role: 'editor', expires_in_days: 30 }),
    expect: { after: { links: { K9: { role: 'editor' } } } },
  },
  {
    title: 'link.create by an editor is forbidden',
    name: 'link.create',
    before: { lists: [HOME], members: [BOB_EDITS] },
    as: 'bob',
    args: make(),
    expect: { refused: 'forbidden' },
  },
  {
    title: 'link.create by a viewer is forbidden',
    name: 'link.create',
    before: { lists: [HOME], members: [CAROL_VIEWS] },
    as: 'carol',
    args: make(),
    expect: { refused: 'forbidden' },
  },
  {
    title: 'link.create on a list the person is not on is not_found',
    name: 'link.create',
    before: { lists: [HOME] },
    as: 'bob',
    args: make(),
    expect: { refused: 'not_found' },
  },
  {
    title: 'link.create on a deleted list is refused deleted',
    name: 'link.create',
    before: { lists: [HOME_DELETED] },
    as: 'alice',
    args: make(),
    expect: { refused: 'deleted' },
  },
  {
    title: 'link.create for the Inbox is invalid',
    name: 'link.create',
    before: { lists: [INBOX_ALICE] },
    as: 'alice',
    args: make({ list_id: 'inbox:alice' }),
    expect: { refused: 'invalid' },
  },
  {
    title: 'link.create with the owner role is invalid',
    name: 'link.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: make({ role: 'owner' }),
    expect: { refused: 'invalid' },
  },
  {
    title: 'link.create lasting 3 days is invalid',
    name: 'link.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: make({ expires_in_days: 3 }),
    expect: { refused: 'invalid' },
  },
  {
    title: 'link.create without a token hash is invalid',
    name: 'link.create',
    before: { lists: [HOME] },
    as: 'alice',
    args: make({ token_hash: 'not a hash' }),
    expect: { refused: 'invalid' },
  },
  {
    title: 'link.create past 5 live links is invalid',
    name: 'link.create',
    before: { lists: [HOME], links: FIVE_LIVE },
    as: 'alice',
    args: make(),
    expect: { refused: 'invalid' },
  },
  {
    title: 'link.create beside 5 expired or revoked links is applied',
    name: 'link.create',
    before: { lists: [HOME], links: FIVE_LIVE.map((l, i) => (i % 2 ? { ...l, expired: true } : { ...l, revoked: true })) },
    as: 'alice',
    args: make(),
    expect: { after: { links: { K9: { role: 'viewer' }, K1: 'gone' } } },
  },
];

const revoke: MutationCase[] = [
  {
    title: 'link.revoke by the owner ends the link',
    name: 'link.revoke',
    before: { lists: [HOME], links: [{ id: 'K1', list: 'L1', role: 'editor' }, { id: 'K2', list: 'L1', role: 'viewer' }] },
    as: 'alice',
    args: { id: 'K1', list_id: 'L1' },
    expect: { after: { links: { K1: 'gone', K2: { role: 'viewer' } } } },
  },
  {
    title: 'link.revoke by an editor is forbidden',
    name: 'link.revoke',
    before: { lists: [HOME], members: [BOB_EDITS], links: [{ id: 'K1', list: 'L1', role: 'editor' }] },
    as: 'bob',
    args: { id: 'K1', list_id: 'L1' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'link.revoke by a viewer is forbidden',
    name: 'link.revoke',
    before: { lists: [HOME], members: [CAROL_VIEWS], links: [{ id: 'K1', list: 'L1', role: 'viewer' }] },
    as: 'carol',
    args: { id: 'K1', list_id: 'L1' },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'link.revoke of a link revoked already is applied and changes nothing',
    name: 'link.revoke',
    before: { lists: [HOME], links: [{ id: 'K1', list: 'L1', role: 'viewer', revoked: true }] },
    as: 'alice',
    args: { id: 'K1', list_id: 'L1' },
    expect: { after: { links: { K1: 'gone' } } },
  },
  {
    title: 'link.revoke of an unknown link is applied',
    name: 'link.revoke',
    before: { lists: [HOME] },
    as: 'alice',
    args: { id: 'K7', list_id: 'L1' },
    expect: { after: { links: { K7: 'gone' } } },
  },
];

export const LINK_CASES: MutationCase[] = [...create, ...revoke];
