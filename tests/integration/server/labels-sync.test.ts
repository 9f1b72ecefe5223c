// Labels through the whole path (SPEC §14.1): a label and a label on a task belong to the person
// who made them. On PGlite and PostgreSQL 15, with devices that edit offline and sync (optimistic
// write, push, pull, rebase): on a shared list the others never receive or read my labels; a
// viewer labels for themselves; two devices adding different labels offline keep both, and a
// removal on one reaches the other; the limits hold on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, lists, members, tasks } from '@/data/write';
import { labels } from '@/data/labels';
import type { PullResult } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { connectDevice, type Device, syncUntilQuiet } from '../../helpers/sync-device';
import { asUser as asUserOf } from '../../helpers/as-user';

/** Every label and task-label row a full pull with a fresh client id gives this user. */
async function pulled(d: Device): Promise<{ labels: Record<string, unknown>[]; task_labels: Record<string, unknown>[] }> {
  const out = { labels: [] as Record<string, unknown>[], task_labels: [] as Record<string, unknown>[] };
  let cursors: Record<string, number> = {};
  const client = crypto.randomUUID();
  for (;;) {
    const { data, error } = await d.backend.supabase.rpc('sync_pull', { p_client_id: client, p_cursors: cursors });
    if (error) throw new Error(error.message);
    const page = data as PullResult;
    out.labels.push(...((page.labels ?? []) as unknown as Record<string, unknown>[]));
    out.task_labels.push(...((page.task_labels ?? []) as unknown as Record<string, unknown>[]));
    cursors = page.cursors;
    if (!page.has_more) break;
  }
  return out;
}

/** The live labels on a task as the device shows them, by name. */
async function namesOn(d: Device, taskId: string): Promise<string[]> {
  const rows = await d.db.task_labels.where('[task_id+label_id]').between([taskId, ''], [taskId, '\uffff']).toArray();
  const names: string[] = [];
  for (const r of rows) {
    const label = await d.db.labels.get(r.label_id);
    if (!r.deleted_at && label && !label.deleted_at) names.push(label.name);
  }
  return names.sort();
}

describe.each(SERVER_KINDS)('labels sync on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const asUser = <T extends Record<string, unknown>>(user: { userId: string }, sql: string, params: unknown[] = []) =>
    asUserOf<T>(srv, kind, user, sql, params);

  async function sharedPair(role: 'editor' | 'viewer'): Promise<{ alice: Device; bob: Device; a: TestUser; b: TestUser; listId: string }> {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const alice = await connectDevice(srv, a, 'alice');
    const bob = await connectDevice(srv, b, 'bob');
    const list = await lists.create({ name: 'Club', color: 'green' }, alice.db);
    await members.invite(list.id, b.email, role, alice.db);
    await syncUntilQuiet([alice, bob]);
    await invitations.accept(list.id, bob.db);
    await syncUntilQuiet([alice, bob]);
    return { alice, bob, a, b, listId: list.id };
  }

  it('on a shared list another member never receives or reads my labels; a viewer labels for themselves', async () => {
    const { alice, bob, a, b, listId } = await sharedPair('viewer');
    const hall = await tasks.create({ title: 'Book the hall', list_id: listId }, alice.db);
    await labels.addByName(hall.id, ['Errands'], alice.db);
    await syncUntilQuiet([alice, bob]);
    expect(await bob.db.tasks.get(hall.id)).toBeDefined(); // bob sees the task…
    expect(await bob.db.labels.count()).toBe(0); // …not alice's label, nor her label on it
    expect(await bob.db.task_labels.count()).toBe(0);
    expect(await pulled(bob)).toEqual({ labels: [], task_labels: [] });
    expect(await asUser(b, 'select * from public.labels')).toEqual([]);
    expect(await asUser(b, 'select * from public.task_labels')).toEqual([]);

    // bob only views the list, and labels the task for himself
    await labels.addByName(hall.id, ['Later'], bob.db);
    await syncUntilQuiet([alice, bob]);
    expect(await bob.db.refused.count()).toBe(0);
    expect(await namesOn(alice, hall.id)).toEqual(['Errands']);
    expect(await namesOn(bob, hall.id)).toEqual(['Later']);
    const mine = await pulled(alice);
    expect(mine.labels.map((l) => l.name)).toEqual(['Errands']);
    expect(mine.labels[0]).not.toHaveProperty('user_id');
    expect(mine.task_labels).toHaveLength(1);
    expect(mine.task_labels[0]).not.toHaveProperty('user_id');
    expect((await asUser<{ name: string }>(a, 'select name from public.labels')).map((r) => r.name)).toEqual(['Errands']);
    expect((await asUser<{ name: string }>(b, 'select name from public.labels')).map((r) => r.name)).toEqual(['Later']);
    const all = await srv.sql.query<{ n: number }>('select count(*)::int as n from public.task_labels where task_id = $1', [hall.id]);
    expect(all[0]!.n).toBe(2);
    await Promise.all([alice.close(), bob.close()]);
  });

  it('two devices adding different labels to one task offline keep both; a removal reaches the other', async () => {
    const a = await signUpUser(srv);
    const phone = await connectDevice(srv, a, 'phone');
    const laptop = await connectDevice(srv, a, 'laptop');
    const trip = await tasks.create({ title: 'Plan the trip' }, phone.db);
    const errands = await labels.create('Errands', 'teal', phone.db);
    const phoneLabel = await labels.create('Phone', 'red', phone.db);
    await syncUntilQuiet([phone, laptop]);
    expect((await laptop.db.labels.get(errands.id))?.name).toBe('Errands');

    phone.transport.offline = true;
    laptop.transport.offline = true;
    await labels.add(trip.id, errands.id, phone.db);
    await labels.add(trip.id, phoneLabel.id, laptop.db);
    await phone.sync();
    await laptop.sync();
    phone.transport.offline = false;
    laptop.transport.offline = false;
    await syncUntilQuiet([phone, laptop]);
    for (const d of [phone, laptop]) expect(await namesOn(d, trip.id)).toEqual(['Errands', 'Phone']);

    await labels.remove(trip.id, errands.id, laptop.db);
    await labels.update(phoneLabel.id, { name: 'Calls' }, laptop.db);
    await syncUntilQuiet([laptop, phone]);
    expect(await namesOn(phone, trip.id)).toEqual(['Calls']);

    await labels.delete(phoneLabel.id, phone.db);
    await syncUntilQuiet([phone, laptop]);
    expect(await namesOn(laptop, trip.id)).toEqual([]);
    expect((await laptop.db.labels.get(phoneLabel.id))?.deleted_at).not.toBeNull();
    for (const d of [phone, laptop]) expect(await d.db.refused.count()).toBe(0);
    await Promise.all([phone.close(), laptop.close()]);
  });

  it('the server holds 20 labels on a task and 500 a person, whatever a device sends', async () => {
    const a = await signUpUser(srv);
    const phone = await connectDevice(srv, a, 'phone');
    const task = await tasks.create({ title: 'Busy' }, phone.db);
    await syncUntilQuiet([phone]);
    const ids = Array.from({ length: 21 }, () => crypto.randomUUID());
    const push = async (mutations: { name: string; args: unknown }[]) => {
      const { data, error } = await phone.backend.supabase.rpc('sync_push', {
        p_client_id: crypto.randomUUID(),
        p_mutations: mutations.map((m, i) => ({ id: i + 1, ...m })),
      });
      if (error) throw new Error(error.message);
      return (data as { results: { status: string; error?: { code: string; message: string } }[] }).results;
    };
    const made = await push(ids.map((id, i) => ({ name: 'label.create', args: { id, name: `L${i}`, color: 'grey' } })));
    expect(made.every((r) => r.status === 'applied')).toBe(true);
    const on = await push(ids.map((id) => ({ name: 'task_label.add', args: { task_id: task.id, label_id: id } })));
    expect(on.slice(0, 20).every((r) => r.status === 'applied')).toBe(true);
    expect(on[20]).toMatchObject({ status: 'refused', error: { code: 'invalid', message: 'A task holds at most 20 labels' } });

    await srv.sql.query(
      `insert into public.labels (id, user_id, list_id, name, color) select gen_random_uuid(), $1, $1, 'x' || g, 'grey' from generate_series(1, 479) g`,
      [a.userId],
    );
    const past = await push([{ name: 'label.create', args: { id: crypto.randomUUID(), name: 'One too many', color: 'grey' } }]);
    expect(past[0]).toMatchObject({ status: 'refused', error: { code: 'invalid', message: 'You can have at most 500 labels' } });
    await phone.close();
  });
});
