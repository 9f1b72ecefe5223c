// Two people, two devices each way offline, then back: everyone ends with the server's state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lists, tasks } from '@/data/write';
import { getTask } from '@/data/read/queries';
import { connectDevice, deviceView, serverView, syncUntilQuiet } from '../../helpers/sync-device';
import { editorPair } from '../../helpers/editor-pair';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';

describe.each(SERVER_KINDS)('offline edits converge on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const pair = () => editorPair(srv, 'Groceries');

  it('edits made offline on two devices merge field by field; the same field goes to server order', async () => {
    const { alice, bob, listId } = await pair();
    const milk = await tasks.create({ title: 'Milk', list_id: listId }, alice.db);
    await alice.sync();
    await bob.sync();
    expect((await getTask(milk.id, bob.db))?.title).toBe('Milk');

    alice.transport.offline = true;
    bob.transport.offline = true;
    await tasks.update(milk.id, { notes: 'oat milk', priority: 2 }, alice.db);
    await tasks.update(milk.id, { title: 'Milk (2 l)' }, bob.db);
    await tasks.update(milk.id, { priority: 3 }, bob.db); // same field as alice: bob pushes last
    const bread = await tasks.create({ title: 'Bread', list_id: listId, due_date: '2026-12-24' }, bob.db);
    const eggs = await tasks.create({ title: 'Eggs', list_id: listId }, alice.db);
    await tasks.setDone(eggs.id, true, alice.db);
    await alice.sync();
    await bob.sync();
    expect(await alice.db.outbox.count()).toBe(3);
    expect(alice.engine.getStatus().status).toBe('offline');

    alice.transport.offline = false;
    bob.transport.offline = false;
    await alice.sync();
    await bob.sync();
    await alice.sync();

    for (const d of [alice, bob]) {
      expect(await d.db.outbox.count()).toBe(0);
      expect(await d.db.refused.count()).toBe(0);
      expect(await getTask(milk.id, d.db)).toMatchObject({ title: 'Milk (2 l)', notes: 'oat milk', priority: 3 });
      expect(await getTask(bread.id, d.db)).toMatchObject({ due_date: '2026-12-24' });
      expect(await getTask(eggs.id, d.db)).toMatchObject({ done: true });
    }
    expect(await deviceView(alice.db)).toEqual(await serverView(alice));
    expect(await deviceView(bob.db)).toEqual(await serverView(bob));
    expect(alice.events).toContainEqual({ type: 'synced', count: 3, afterOffline: true });
    await Promise.all([alice.close(), bob.close()]);
  });

  it('a delete wins over an offline edit: the edit is refused as deleted, the rest still syncs', async () => {
    const { alice, bob, listId } = await pair();
    const task = await tasks.create({ title: 'Call plumber', list_id: listId }, alice.db);
    await alice.sync();
    await bob.sync();
    bob.transport.offline = true;
    await tasks.delete(task.id, alice.db);
    await alice.sync();
    await tasks.update(task.id, { title: 'Call plumber at 9' }, bob.db);
    const other = await tasks.create({ title: 'Buy washers', list_id: listId }, bob.db);
    bob.transport.offline = false;
    await syncUntilQuiet([alice, bob]);

    const refused = await bob.db.refused.toArray();
    expect(refused.map((r) => [r.name, r.error.code])).toEqual([['task.update', 'deleted']]);
    expect(bob.events.filter((e) => e.type === 'refused')).toHaveLength(1);
    expect(await getTask(task.id, bob.db)).toBeNull();
    expect((await getTask(other.id, alice.db))?.title).toBe('Buy washers');
    expect(await deviceView(bob.db)).toEqual(await serverView(bob));
    await Promise.all([alice.close(), bob.close()]);
  });

  it('two devices of one user: a new device gets everything, pages of 7 rows at a time', async () => {
    const u = await signUpUser(srv);
    const phone = await connectDevice(srv, u, 'phone', { pullLimit: 7 });
    const home = await lists.create({ name: 'Home' }, phone.db);
    for (let i = 0; i < 30; i++) await tasks.create({ title: `Task ${i}`, list_id: i % 2 ? home.id : undefined }, phone.db);
    await phone.sync();
    const laptop = await connectDevice(srv, u, 'laptop', { pullLimit: 7 });
    await laptop.sync();
    const view = await deviceView(laptop.db);
    expect(view.tasks).toHaveLength(30);
    expect(view).toEqual(await deviceView(phone.db));
    expect(view).toEqual(await serverView(laptop));
    await Promise.all([phone.close(), laptop.close()]);
  });
});
