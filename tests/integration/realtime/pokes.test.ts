// Who the database pokes after a push: the members of each list the push changed (and a member
// it removed, once), never anyone else, and never for a push that changed nothing. "Never" is
// checked with a marker: every poke travels one ordered stream (NOTIFY at commit → one
// listener → each socket in order), so once a later marker has arrived on a socket, an earlier
// poke meant for it would have arrived too.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type Recorder } from '../../helpers/realtime';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { acceptInvitations, listCreate, newId, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('pokes on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  async function people(n: number) {
    const users = await Promise.all(Array.from({ length: n }, () => signUpUser(srv)));
    const recs = users.map((u) => listen(u.client, u.userId));
    await vi.waitFor(() => {
      for (const r of recs) expect(r.statuses).toEqual(['SUBSCRIBED']);
    });
    return { users, recs };
  }

  /** The user pushes a task into their own Inbox and waits for that poke: the marker. */
  async function marker(user: TestUser, rec: Recorder) {
    const before = rec.pokes.length;
    await pushOk(user.client, newId(), [taskCreate(1, newId(), user.userId, 'marker')]);
    await vi.waitFor(() => expect(rec.pokes.length).toBeGreaterThan(before));
    expect(rec.pokes.at(-1)).toMatchObject({ list_id: user.userId });
  }

  const lists = (rec: Recorder) => rec.pokes.map((p) => p.list_id);

  it('reach the members of a shared list and nobody else; a removed member hears of it, then nothing', async () => {
    const {
      users: [alice, bob, carol],
      recs: [aRec, bRec, cRec],
    } = await people(3);
    const aliceDevice = newId();
    const list = newId();
    const invite: RawMutation = { id: 2, name: 'member.invite', args: { list_id: list, email: bob!.email, role: 'editor' } };
    await pushOk(alice!.client, aliceDevice, [listCreate(1, list, 'Groceries'), invite]);
    // an invitation changes nothing of the list; Bob's accepting it does (his membership)
    await acceptInvitations(bob!.client, list);
    await pushOk(alice!.client, aliceDevice, [taskCreate(3, newId(), list, 'Milk')]);
    await vi.waitFor(() => expect([aRec!.pokes.length, bRec!.pokes.length]).toEqual([3, 2]));
    // ids only: which list, which device — never row data
    for (const p of [...aRec!.pokes, ...bRec!.pokes]) {
      expect(p).toEqual({ list_id: list, client_id: expect.any(String), id: expect.any(String) });
    }
    expect(bRec!.pokes.at(-1)?.client_id).toBe(aliceDevice);
    await marker(carol!, cRec!);
    expect(lists(cRec!)).toEqual([carol!.userId]);

    await pushOk(alice!.client, aliceDevice, [{ id: 4, name: 'member.remove', args: { list_id: list, user_id: bob!.userId } }]);
    await vi.waitFor(() => expect(bRec!.pokes).toHaveLength(3)); // the removal
    await pushOk(alice!.client, aliceDevice, [taskCreate(5, newId(), list, 'Bread')]);
    await vi.waitFor(() => expect(aRec!.pokes).toHaveLength(5));
    await marker(bob!, bRec!);
    expect(lists(bRec!)).toEqual([list, list, list, bob!.userId]);
    await marker(carol!, cRec!);
    expect(lists(cRec!)).toEqual([carol!.userId, carol!.userId]);
    for (const u of [alice, bob, carol]) await u!.client.removeAllChannels();
  });

  it('one poke per changed list; none for a push that changed nothing (duplicates, refusals)', async () => {
    const {
      users: [alice, bob],
      recs: [aRec, bRec],
    } = await people(2);
    const device = newId();
    const [home, work] = [newId(), newId()];
    await pushOk(alice!.client, device, [
      listCreate(1, home, 'Home'),
      listCreate(2, work, 'Work'),
      { id: 3, name: 'member.invite', args: { list_id: work, email: bob!.email, role: 'viewer' } },
      taskCreate(4, newId(), home),
      taskCreate(5, newId(), work),
    ]);
    await vi.waitFor(() => expect(aRec!.pokes).toHaveLength(2));
    expect(lists(aRec!).sort()).toEqual([home, work].sort());
    await acceptInvitations(bob!.client, work);
    await vi.waitFor(() => expect(aRec!.pokes).toHaveLength(3));
    await vi.waitFor(() => expect(lists(bRec!)).toEqual([work]));

    // the same batch again: all duplicates; a viewer's edit: refused
    const again = await pushOk(alice!.client, device, [taskCreate(5, newId(), work)]);
    expect(again.results[0]?.status).toBe('duplicate');
    const refused = await pushOk(bob!.client, newId(), [taskCreate(1, newId(), work, 'not allowed')]);
    expect(refused.results[0]?.status).toBe('refused');
    await marker(alice!, aRec!);
    await marker(bob!, bRec!);
    expect(aRec!.pokes).toHaveLength(4);
    expect(lists(bRec!)).toEqual([work, bob!.userId]);
    for (const u of [alice, bob]) await u!.client.removeAllChannels();
  });
});
