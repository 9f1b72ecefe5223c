// A person who deletes their account leaves nothing of them on the server (SPEC §16), so no member
// tombstone can tell the other members' devices; the lists they were on come with their member set
// whole instead. Through the whole path — sync engine, Dexie, HTTP, pull — on PGlite and
// PostgreSQL 15: the others' devices, synced before, drop the person from every list's members, and
// their assignments and turns with them, and agree with what the server shows; a change naming them
// queued offline meanwhile is refused and the device still agrees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, lists, members, tasks } from '@/data/write';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { connectDevice, type Device, deviceView, serverView, syncUntilQuiet } from '../../helpers/sync-device';

describe.each(SERVER_KINDS)('a deleted member on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const held = async (d: Device, listId: string) => (await d.db.members.where('list_id').equals(listId).toArray()).map((m) => [m.user_id, m.role]).sort();

  it('leaves the members, assignees and turns of the others’ devices at their next sync', async () => {
    const [a, b, c] = await Promise.all([signUpUser(srv), signUpUser(srv), signUpUser(srv)]);
    const alice = await connectDevice(srv, a, 'alice');
    // Carol pulls in pages of two rows, so a list's set and its rows come on different pages
    const carol = await connectDevice(srv, c, 'carol', { pullLimit: 2 });
    const bob = await connectDevice(srv, b, 'bob');
    // Chores: Alice's, Bob edits, Carol views. Shed: Bob's, Alice edits, Carol views.
    const chores = await lists.create({ name: 'Chores', color: 'green' }, alice.db);
    const shed = await lists.create({ name: 'Shed', color: 'blue' }, bob.db);
    await members.invite(chores.id, b.email, 'editor', alice.db);
    await members.invite(chores.id, c.email, 'viewer', alice.db);
    await members.invite(shed.id, a.email, 'editor', bob.db);
    await members.invite(shed.id, c.email, 'viewer', bob.db);
    await syncUntilQuiet([alice, bob, carol]);
    await invitations.accept(chores.id, bob.db);
    await invitations.accept(chores.id, carol.db);
    await invitations.accept(shed.id, alice.db);
    await invitations.accept(shed.id, carol.db);
    await syncUntilQuiet([alice, bob, carol]);
    const cake = await tasks.create({ title: 'Cake', list_id: chores.id, assignee: b.userId }, alice.db);
    const bins = await tasks.create({ title: 'Bins', list_id: chores.id, due_date: '2026-12-04' }, alice.db);
    await tasks.update(bins.id, { turns: [b.userId, a.userId] }, alice.db);
    const rake = await tasks.create({ title: 'Rake', list_id: shed.id, assignee: a.userId }, bob.db);
    await syncUntilQuiet([alice, bob, carol]);
    for (const d of [alice, carol]) {
      expect(await held(d, chores.id)).toEqual([[a.userId, 'owner'], [b.userId, 'editor'], [c.userId, 'viewer']].sort());
      expect(await d.db.tasks.get(bins.id)).toMatchObject({ assignee: b.userId, turns: [b.userId, a.userId] });
    }

    // Alice, offline, hands the hall to Bob just as he deletes his account
    const hall = await tasks.create({ title: 'Hall', list_id: chores.id }, alice.db);
    await alice.sync();
    alice.transport.offline = true;
    await tasks.update(hall.id, { assignee: b.userId }, alice.db);
    expect((await bob.backend.supabase.rpc('delete_account')).error).toBeNull();
    await bob.close();
    alice.transport.offline = false;
    await syncUntilQuiet([alice, carol]);

    for (const d of [alice, carol]) {
      expect(await held(d, chores.id)).toEqual([[a.userId, 'owner'], [c.userId, 'viewer']].sort());
      // Shed passed to Alice, its longest-standing editor
      expect(await held(d, shed.id)).toEqual([[a.userId, 'owner'], [c.userId, 'viewer']].sort());
      expect((await d.db.tasks.get(cake.id))?.assignee).toBeNull();
      expect((await d.db.tasks.get(bins.id))?.turns).toEqual([a.userId]);
      expect((await d.db.tasks.get(bins.id))?.assignee).not.toBe(b.userId);
      expect((await d.db.tasks.get(hall.id))?.assignee).toBeNull();
      expect((await d.db.tasks.get(rake.id))?.assignee).toBe(a.userId);
      expect((await d.db.members.toArray()).filter((m) => m.user_id === b.userId)).toEqual([]);
      expect(await deviceView(d.db)).toEqual(await serverView(d));
    }
    // the change naming him was refused, its text kept in Alice's sync centre
    const refused = await alice.db.refused.toArray();
    expect(refused.map((r) => r.name)).toEqual(['task.update']);
    expect(await carol.db.refused.count()).toBe(0);
    await Promise.all([alice.close(), carol.close()]);
  });
});
