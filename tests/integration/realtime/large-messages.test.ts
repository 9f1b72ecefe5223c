// A broadcast from the database larger than a NOTIFY can carry (8,000 bytes) still reaches its
// channel, in order with the messages around it: the stand-in's realtime.send() keeps it in
// realtime.messages and notifies its id (hosted Realtime has no such limit, so SQL written
// against it may send one).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen } from '../../helpers/realtime';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';

describe.each(SERVER_KINDS)('large broadcasts from the database on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  it('a 20 KB message arrives whole, between the small ones sent before and after it', async () => {
    const alice = await signUpUser(srv);
    const rec = listen(alice.client, alice.userId);
    await vi.waitFor(() => expect(rec.statuses).toEqual(['SUBSCRIBED']));
    const send = (payload: Record<string, unknown>) =>
      srv.sql.query(`select realtime.send($1::jsonb, 'poke', $2, true)`, [JSON.stringify(payload), `user:${alice.userId}`]);
    const big = 'x'.repeat(20_000);
    await send({ n: 1 });
    await send({ n: 2, big });
    await send({ n: 3 });
    await vi.waitFor(() => expect(rec.pokes).toHaveLength(3));
    expect(rec.pokes.map((p) => p.n)).toEqual([1, 2, 3]);
    expect(rec.pokes[1]).toEqual({ n: 2, big, id: expect.any(String) });
  });
});
