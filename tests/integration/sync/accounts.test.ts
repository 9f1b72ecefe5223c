// Account-level flows over the real server: the first sign-in uploads this device's signed-out
// data exactly once (even when interrupted), and removal from a shared list purges it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, openDatabase, setCurrentDatabase } from '@/data/db/database';
import { defineDatabase } from '@/data/db/schema';
import { invitations, lists, members, tasks } from '@/data/write';
import { getList } from '@/data/read/queries';
import { getClientId } from '@/data';
import { appStorage, openApp } from '../../helpers/sync-app';
import { connectDevice, deviceView, serverView, syncUntilQuiet } from '../../helpers/sync-device';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { pullAll, pushOk } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('accounts on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  it('removal from a shared list purges it (and its tasks) from the removed member’s device', async () => {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const alice = await connectDevice(srv, a, 'alice');
    const bob = await connectDevice(srv, b, 'bob');
    const trip = await lists.create({ name: 'Trip' }, alice.db);
    await members.invite(trip.id, b.email, 'editor', alice.db);
    for (const title of ['Tickets', 'Passport']) await tasks.create({ title, list_id: trip.id }, alice.db);
    await alice.sync();
    await invitations.accept(trip.id, bob.db);
    await bob.sync();
    await alice.sync();
    expect(await getList(trip.id, bob.db)).not.toBeNull();
    expect((await deviceView(bob.db)).tasks).toHaveLength(2);
    const bobsOwn = await tasks.create({ title: 'Bob’s own' }, bob.db);

    const { members: roster } = await deviceView(alice.db);
    expect(roster.filter((m) => m.list_id === trip.id).map((m) => [m.user_id, m.role])).toEqual(
      [[a.userId, 'owner'], [b.userId, 'editor']].sort((x, y) => x[0]!.localeCompare(y[0]!)),
    );
    await members.remove(trip.id, b.userId, alice.db);
    await syncUntilQuiet([alice, bob]);

    expect(await getList(trip.id, bob.db)).toBeNull();
    expect(await bob.db.tasks.where('[list_id+state+position]').between([trip.id, 0, ''], [trip.id, 2, '\uffff']).count()).toBe(0);
    expect(await bob.db.members.where('list_id').equals(trip.id).count()).toBe(0);
    expect(bob.events).toContainEqual({ type: 'lists-removed', listIds: [trip.id], lists: [{ id: trip.id, name: 'Trip' }] });
    expect((await deviceView(bob.db)).tasks.map((t) => t.id)).toEqual([bobsOwn.id]);
    expect(await deviceView(bob.db)).toEqual(await serverView(bob));
    expect((await deviceView(alice.db)).tasks).toHaveLength(2);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('leaving a list purges it from the leaver’s device without a “removed” event (the share dialog told them)', async () => {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const alice = await connectDevice(srv, a, 'alice');
    const bob = await connectDevice(srv, b, 'bob');
    const club = await lists.create({ name: 'Club' }, alice.db);
    const choir = await lists.create({ name: 'Choir' }, alice.db);
    await members.invite(club.id, b.email, 'editor', alice.db);
    await members.invite(choir.id, b.email, 'viewer', alice.db);
    await alice.sync();
    await invitations.accept(club.id, bob.db);
    await invitations.accept(choir.id, bob.db);
    await bob.sync();
    expect(await getList(club.id, bob.db)).not.toBeNull();

    // Bob leaves Club while Alice removes him from Choir: one sync purges both.
    await lists.leave(club.id, bob.db);
    await members.remove(choir.id, b.userId, alice.db);
    await alice.sync();
    await bob.sync();
    expect(await getList(club.id, bob.db)).toBeNull();
    expect(await getList(choir.id, bob.db)).toBeNull();
    const removed = bob.events.filter((e) => e.type === 'lists-removed');
    expect(removed).toEqual([{ type: 'lists-removed', listIds: [choir.id], lists: [{ id: choir.id, name: 'Choir' }] }]);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('a change sent with a device’s client id past the app is refused into its sync centre; the device’s own next change still applies', async () => {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const alice = await connectDevice(srv, a, 'alice');
    const bob = await connectDevice(srv, b, 'bob');
    const plot = await lists.create({ name: 'Plot' }, alice.db);
    const beans = await tasks.create({ title: 'Beans', list_id: plot.id }, alice.db);
    await members.invite(plot.id, b.email, 'viewer', alice.db);
    await alice.sync();
    await invitations.accept(plot.id, bob.db);
    await bob.sync();
    expect(await getList(plot.id, bob.db)).not.toBeNull();

    // Bob, a viewer, sends a rename with his device's client id and next mutation id.
    const clientId = await getClientId(bob.db);
    const next = (await bob.db.meta.get('next_mutation_id'))?.value as number;
    const forged = await pushOk(b.client, clientId, [{ id: next, name: 'task.update', args: { id: beans.id, patch: { title: 'Forged' } } }]);
    expect(forged.results).toEqual([{ id: next, status: 'refused', error: { code: 'forbidden', message: 'You can only view this list' } }]);

    await bob.sync();
    const refusedEvents = bob.events.flatMap((e) => (e.type === 'refused' ? e.items : []));
    expect(refusedEvents).toEqual([expect.objectContaining({ id: next, name: 'task.update', args: { id: beans.id, patch: { title: 'Forged' } } })]);
    expect(await bob.db.refused.get(next)).toMatchObject({ error: { code: 'forbidden' } });
    expect((await bob.db.tasks.get(beans.id))?.title).toBe('Beans');

    // Bob's own next change gets an id past it and is applied, not answered `duplicate`.
    const own = await tasks.create({ title: 'Bob’s own' }, bob.db);
    await bob.sync();
    const onServer = (await pullAll(b.client, randomUUID())).flatMap((p) => p.tasks);
    expect(onServer.map((t) => t.id)).toContain(own.id);
    expect(await bob.db.outbox.count()).toBe(0);
    // a later sync does not bring the handled refusal back
    const before = bob.events.length;
    await bob.sync();
    expect(bob.events.slice(before).filter((e) => e.type === 'refused')).toEqual([]);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('signing in uploads the signed-out data once, even when interrupted midway', async () => {
    const u = await signUpUser(srv);
    // signed out: 250 tasks made on this device (two push batches)
    getDb().close(); // a handle left by an earlier test's sign-out
    const local = await openDatabase('daybook-local');
    setCurrentDatabase(local);
    const garden = await lists.create({ name: 'Garden' }, local);
    for (let i = 0; i < 250; i++) await tasks.create({ title: `Seed ${i}`, list_id: i % 5 ? undefined : garden.id }, local);
    const saved = await Promise.all(local.tables.map(async (t) => [t.name, await t.toArray()] as const));

    const storage = appStorage();
    const app = await openApp(srv, storage);
    // interrupted midway: the second batch reaches the server but its answer is lost, then the app closes
    const signingIn = app.sync.signIn(u.email, u.password);
    expect(await signingIn).toMatchObject({ ok: true });
    expect(await getDb().outbox.count()).toBe(251);
    let pushes = 0;
    app.transport().picker = (k) => (k === 'push' && ++pushes === 2 ? 'drop-response' : null);
    await app.sync.syncNow(); // batch 1 lands; batch 2 lands but its answer is lost
    expect(app.transport().log.map((l) => `${l.kind}:${l.outcome}`)).toEqual(['push:ok', 'push:retry']);
    // the user goes on working on the adopted rows before the app dies
    const seed0 = (await getDb().tasks.toArray()).find((t) => t.title === 'Seed 0')!;
    await tasks.update(seed0.id, { title: 'Seed 0 (watered)' });
    await app.sync.stop();
    // …and a crash had also left daybook-local behind (as if it died before deleting it)
    const leftover = defineDatabase('daybook-local');
    await leftover.open();
    await leftover.transaction('rw', leftover.tables, async () => {
      for (const [name, rows] of saved) await leftover.table(name).bulkPut(rows);
    });
    leftover.close();

    const reopened = await openApp(srv, storage);
    expect(reopened.sync.getAccount()).toMatchObject({ state: 'signed-in', userId: u.userId });
    await reopened.sync.syncNow();
    expect(await getDb().outbox.count()).toBe(0);
    expect(await getDb().refused.count()).toBe(0);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('daybook-local');

    const pages = await pullAll(u.client, crypto.randomUUID());
    const serverTasks = pages.flatMap((p) => p.tasks);
    expect(serverTasks).toHaveLength(250);
    expect(new Set(serverTasks.map((t) => t.title)).size).toBe(250);
    expect(serverTasks.filter((t) => t.title.startsWith('Seed 0')).map((t) => t.title)).toEqual(['Seed 0 (watered)']);
    expect(pages.flatMap((p) => p.lists).filter((l) => l.name === 'Garden')).toHaveLength(1);
    expect(reopened.events).toContainEqual(expect.objectContaining({ type: 'synced', count: 252 }));
    await reopened.sync.signOut();
  });
});
