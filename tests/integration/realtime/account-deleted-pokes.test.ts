// Deleting an account pokes the people who shared lists with the person (SPEC §16): their devices
// pull at once and drop the person (their member rows, assignments, ownership), rather than at
// their next scheduled sync. Nobody else hears of it; the poke carries the list's id only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen } from '../../helpers/realtime';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { acceptInvitations, listCreate, newId, pushOk, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('an account deleted on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  it('pokes the other members of every list the person was on, and no one else', async () => {
    const [alice, bob, carol, dave] = await Promise.all([signUpUser(srv), signUpUser(srv), signUpUser(srv), signUpUser(srv)]);
    // Garden: Alice's, Bob edits (it passes to him). Shed: Carol's, Alice edits. Dave: a stranger.
    const [garden, shed] = [newId(), newId()];
    await pushOk(alice.client, newId(), [listCreate(1, garden, 'Garden'), { id: 2, name: 'member.invite', args: { list_id: garden, email: bob.email, role: 'editor' } }]);
    await pushOk(carol.client, newId(), [listCreate(1, shed, 'Shed'), { id: 2, name: 'member.invite', args: { list_id: shed, email: alice.email, role: 'editor' } }]);
    await acceptInvitations(bob.client, garden);
    await acceptInvitations(alice.client, shed);
    const recs = [bob, carol, dave].map((u) => listen(u.client, u.userId));
    await vi.waitFor(() => {
      for (const r of recs) expect(r.statuses).toEqual(['SUBSCRIBED']);
    });
    const [bRec, cRec, dRec] = recs;

    expect((await alice.client.rpc('delete_account')).error).toBeNull();
    await vi.waitFor(() => expect(bRec!.pokes.map((p) => p.list_id)).toEqual([garden]));
    await vi.waitFor(() => expect(cRec!.pokes.map((p) => p.list_id)).toEqual([shed]));
    expect(bRec!.pokes[0]).toEqual({ list_id: garden, client_id: null, id: expect.any(String) });

    // Dave's own push is poked to him after anything sent before it: nothing came for Alice's deletion
    await pushOk(dave.client, newId(), [taskCreate(1, newId(), dave.userId, 'marker')]);
    await vi.waitFor(() => expect(dRec!.pokes.length).toBe(1));
    expect(dRec!.pokes.map((p) => p.list_id)).toEqual([dave.userId]);
    for (const u of [bob, carol, dave]) await u.client.removeAllChannels();
  });
});
