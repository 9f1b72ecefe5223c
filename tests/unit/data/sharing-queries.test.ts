import { beforeEach, describe, expect, it } from 'vitest';
import { type Identity, listSharing, lists, members, pendingMemberChanges } from '@/data';
import type { DaybookDb } from '@/data/db/schema';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

describe('listSharing', () => {
  it("counts each live list's members and reads this user's role", async () => {
    const mine = await lists.create({ name: 'Mine' });
    const club = await lists.create({ name: 'Club' });
    const gone = await lists.create({ name: 'Gone' });
    await db.members.bulkPut([
      { list_id: club.id, user_id: me.userId, email: 'me@example.com', role: 'viewer' },
      { list_id: club.id, user_id: 'owner', email: 'owner@example.com', role: 'owner' },
      { list_id: club.id, user_id: 'ann', email: 'ann@example.com', role: 'editor' },
    ]);
    await lists.delete(gone.id);
    expect(await listSharing(db)).toEqual({
      [me.inboxId]: { members: 0, role: null },
      [mine.id]: { members: 1, role: 'owner' },
      [club.id]: { members: 3, role: 'viewer' },
    });
  });
});

describe('pendingMemberChanges', () => {
  it("lists one list's queued invites, oldest first, and drops them when acknowledged", async () => {
    const club = await lists.create({ name: 'Club' });
    const other = await lists.create({ name: 'Other' });
    await members.invite(club.id, 'ann@example.com', 'editor');
    await members.invite(other.id, 'bob@example.com', 'viewer');
    await members.invite(club.id, 'carl@example.com', 'viewer');
    const { invites } = await pendingMemberChanges(club.id, db);
    expect(invites.map(({ email, role }) => [email, role])).toEqual([
      ['ann@example.com', 'editor'],
      ['carl@example.com', 'viewer'],
    ]);
    await db.outbox.delete(invites[0]!.mutationId);
    expect((await pendingMemberChanges(club.id, db)).invites.map((i) => i.email)).toEqual(['carl@example.com']);
  });

  it("names the members of one list whose role change is queued, once each, until acknowledged", async () => {
    const club = await lists.create({ name: 'Club' });
    const other = await lists.create({ name: 'Other' });
    await db.members.bulkPut([
      { list_id: club.id, user_id: 'ann', email: 'ann@example.com', role: 'editor' },
      { list_id: club.id, user_id: 'bob', email: 'bob@example.com', role: 'editor' },
      { list_id: other.id, user_id: 'carl', email: 'carl@example.com', role: 'editor' },
    ]);
    await members.setRole(club.id, 'ann', 'viewer');
    await members.setRole(club.id, 'ann', 'editor');
    await members.setRole(other.id, 'carl', 'viewer');
    expect(await pendingMemberChanges(club.id, db)).toEqual({ invites: [], roleChanges: ['ann'] });
    await db.outbox.clear();
    expect(await pendingMemberChanges(club.id, db)).toEqual({ invites: [], roleChanges: [] });
  });
});
