// Who does what (SPEC §13.2) through the whole path — optimistic write, push, pull, rebase — on
// PGlite and PostgreSQL 15: an assignment reaches the other person's device; the server refuses a
// viewer's and a stranger's; leaving or being removed clears a person's assignments on the server
// and on every device; and a chore taken in turns, completed offline on two phones, moves the turn
// once, not twice.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushResult } from '@/domain/model';
import { invitations, lists, members, tasks } from '@/data/write';
import { editorPair } from '../../helpers/editor-pair';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { connectDevice, type Device, deviceView, serverView, syncUntilQuiet } from '../../helpers/sync-device';

const TODAY = '2026-12-01';
/** Every Friday, now due Fri 4 Dec. */
const FRIDAYS = { due_date: '2026-12-04', repeat: 'FREQ=WEEKLY;BYDAY=FR', repeat_anchor: '2026-12-04' };

describe.each(SERVER_KINDS)('assignees on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  /** Alice owns "Chores", Bob edits it, Carol views it; all three devices synced. */
  async function three() {
    const { alice, bob, listId } = await editorPair(srv, 'Chores');
    const c = await signUpUser(srv);
    const carol = await connectDevice(srv, c, 'carol');
    await members.invite(listId, c.email, 'viewer', alice.db);
    await syncUntilQuiet([alice, bob, carol]);
    await invitations.accept(listId, carol.db);
    await syncUntilQuiet([alice, bob, carol]);
    return { alice, bob, carol, listId };
  }

  async function expectAgreed(devices: Device[]) {
    for (const d of devices) {
      expect(await d.db.outbox.count()).toBe(0);
      expect(await d.db.refused.count()).toBe(0);
      expect(await deviceView(d.db)).toEqual(await serverView(d));
    }
  }

  const push = (d: Device, name: string, args: Record<string, unknown>) =>
    d.backend.supabase.rpc('sync_push', { p_client_id: randomUUID(), p_mutations: [{ id: 1, name, args }] });

  it('an editor assigns a task and the others see it; a viewer and a stranger are refused', async () => {
    const { alice, bob, carol, listId } = await three();
    const hall = await tasks.create({ title: 'Book the hall', list_id: listId }, alice.db);
    await syncUntilQuiet([alice, bob, carol]);
    await tasks.update(hall.id, { assignee: carol.userId }, bob.db);
    await syncUntilQuiet([alice, bob, carol]);
    for (const d of [alice, bob, carol]) expect((await d.db.tasks.get(hall.id))?.assignee).toBe(carol.userId);
    await expectAgreed([alice, bob, carol]);

    const viewer = await push(carol, 'task.update', { id: hall.id, patch: { assignee: carol.userId } });
    expect((viewer.data as PushResult).results[0]).toMatchObject({ status: 'refused', error: { code: 'forbidden' } });
    const stranger = await signUpUser(srv);
    const notMember = await push(bob, 'task.update', { id: hall.id, patch: { assignee: stranger.userId } });
    expect((notMember.data as PushResult).results[0]).toMatchObject({ status: 'refused', error: { code: 'invalid', field: 'assignee' } });
    const [row] = await srv.sql.query<{ assignee: string }>('select assignee::text as assignee from public.tasks where id = $1', [hall.id]);
    expect(row?.assignee).toBe(carol.userId);
    await Promise.all([alice, bob, carol].map((d) => d.close()));
  });

  it('removing a member or leaving clears their assignments and turns on the server and every device', async () => {
    const { alice, bob, carol, listId } = await three();
    const bins = await tasks.create({ title: 'Bins', list_id: listId, ...FRIDAYS }, alice.db);
    const cake = await tasks.create({ title: 'Cake', list_id: listId, assignee: carol.userId }, alice.db);
    await tasks.update(bins.id, { turns: [bob.userId, alice.userId] }, alice.db);
    await syncUntilQuiet([alice, bob, carol]);
    expect(await bob.db.tasks.get(bins.id)).toMatchObject({ assignee: bob.userId, turns: [bob.userId, alice.userId] });

    await members.remove(listId, bob.userId, alice.db);
    await syncUntilQuiet([alice, bob, carol]);
    for (const d of [alice, carol]) expect(await d.db.tasks.get(bins.id)).toMatchObject({ assignee: null, turns: [alice.userId] });
    expect(await bob.db.tasks.get(bins.id)).toBeUndefined();

    await lists.leave(listId, carol.db);
    await syncUntilQuiet([alice, bob, carol]);
    expect((await alice.db.tasks.get(cake.id))?.assignee).toBeNull();
    expect(await carol.db.tasks.get(cake.id)).toBeUndefined();
    const left = await srv.sql.query<{ n: string }>(
      'select count(*)::text as n from public.tasks where list_id = $1 and (assignee = any($2::uuid[]) or turns && $2::uuid[])',
      [listId, `{${bob.userId},${carol.userId}}`],
    );
    expect(left[0]?.n).toBe('0');
    await expectAgreed([alice, bob, carol]);
    await Promise.all([alice, bob, carol].map((d) => d.close()));
  });

  it('two phones completing the same occurrence of a chore taken in turns offline move the turn once', async () => {
    const { alice, bob, listId } = await editorPair(srv, 'Chores');
    const bins = await tasks.create({ title: 'Bins', list_id: listId, ...FRIDAYS }, alice.db);
    await tasks.update(bins.id, { turns: [alice.userId, bob.userId] }, alice.db);
    await syncUntilQuiet([alice, bob]);
    expect((await bob.db.tasks.get(bins.id))?.assignee).toBe(alice.userId);

    alice.transport.offline = true;
    bob.transport.offline = true;
    await tasks.completeOccurrence(bins.id, TODAY, alice.db);
    await tasks.completeOccurrence(bins.id, TODAY, bob.db);
    for (const d of [alice, bob]) expect(await d.db.tasks.get(bins.id)).toMatchObject({ due_date: '2026-12-11', assignee: bob.userId });
    alice.transport.offline = false;
    bob.transport.offline = false;
    await alice.sync();
    await bob.sync();
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) expect(await d.db.tasks.get(bins.id)).toMatchObject({ due_date: '2026-12-11', assignee: bob.userId });

    // the next occurrence, completed on one phone while the other is offline, hands it back
    bob.transport.offline = true;
    await tasks.completeOccurrence(bins.id, '2026-12-11', bob.db);
    await tasks.completeOccurrence(bins.id, '2026-12-11', alice.db);
    await alice.sync();
    bob.transport.offline = false;
    await syncUntilQuiet([alice, bob]);
    for (const d of [alice, bob]) expect(await d.db.tasks.get(bins.id)).toMatchObject({ due_date: '2026-12-18', assignee: alice.userId });
    await expectAgreed([alice, bob]);
    await Promise.all([alice.close(), bob.close()]);
  });
});
