// SPEC §12 "Refusals reach every device, once": refusals are a stream with
// its position in the pull cursors under `refused` (the refused change's mutation id), kept
// until the device's cursor has passed them — never dropped by age or count — delivered in
// pages of at most p_limit, and forgotten once acknowledged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResult } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { newId, pull, pushOk } from '../../helpers/server-sync';

type Cursors = Record<string, number>;

describe.each(SERVER_KINDS)('the refusal stream on %s', (kind) => {
  let srv: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    srv = await startTestServer(kind);
    user = await signUpUser(srv);
  });
  afterAll(() => srv?.stop());

  /** Pushes `count` refused changes (deletes of tasks that do not exist) from mutation id `from`. */
  async function refuseMany(client: string, from: number, count: number) {
    for (let done = 0; done < count; ) {
      const n = Math.min(200, count - done);
      const r = await pushOk(
        user.client,
        client,
        Array.from({ length: n }, (_, i) => ({ id: from + done + i, name: 'task.delete', args: { id: newId() } })),
      );
      expect(r.results.every((x) => x.status === 'refused')).toBe(true);
      done += n;
    }
  }

  /** A device's pulls: each passes back the cursors of the one before, until has_more is false. */
  async function pullPages(client: string, cursors: Cursors, limit?: number, as: TestUser = user) {
    const pages: PullResult[] = [];
    let cur = cursors;
    for (let i = 0; i < 100; i++) {
      const { data, error } = await pull(as.client, client, cur, limit);
      if (error || !data) throw new Error(`pull failed: ${error?.message}`);
      pages.push(data);
      cur = { ...cur, ...data.cursors };
      if (!data.has_more) break;
    }
    return { pages, cursors: cur };
  }

  const stored = (client: string) =>
    srv.sql.query<{ mutation_id: string }>(
      `select mutation_id::text from public.sync_mutations where client_id = $1 and status = 'refused' order by mutation_id`,
      [client],
    );

  it('501 refusals reach a device that passes its cursors back, each exactly once, in pages of p_limit', async () => {
    const client = newId();
    const first = await pullPages(client, {});
    expect(first.cursors.refused).toBe(0);
    await refuseMany(client, 1, 501);

    const { pages, cursors } = await pullPages(client, first.cursors, 100);
    const ids = pages.flatMap((p) => p.refused.map((r) => r.id));
    expect(ids).toEqual(Array.from({ length: 501 }, (_, i) => i + 1));
    for (const p of pages) expect(p.refused.length).toBeLessThanOrEqual(100);
    expect(pages.slice(0, -1).every((p) => p.has_more)).toBe(true);
    expect(cursors.refused).toBe(501);
    expect(pages[0]!.refused[0]).toMatchObject({ id: 1, name: 'task.delete', error: { code: 'not_found' }, args: { id: expect.any(String) } });

    // passed back: nothing comes twice
    const again = await pullPages(client, cursors, 100);
    expect(again.pages.flatMap((p) => p.refused)).toEqual([]);
  });

  it('a page never acknowledges a change whose refusal it does not carry', async () => {
    // its own user: the tasks it makes would make other tests' pages longer
    const me = await signUpUser(srv);
    const client = newId();
    const first = await pullPages(client, {});
    // 1 applied, 2 and 3 refused, 4 applied, 5 refused
    const listId = me.userId; // the Inbox
    const r = await pushOk(me.client, client, [
      { id: 1, name: 'task.create', args: { id: newId(), list_id: listId, title: 'a', position: 'a0' } },
      { id: 2, name: 'task.delete', args: { id: newId() } },
      { id: 3, name: 'task.delete', args: { id: newId() } },
      { id: 4, name: 'task.create', args: { id: newId(), list_id: listId, title: 'b', position: 'a1' } },
      { id: 5, name: 'task.delete', args: { id: newId() } },
    ]);
    expect(r.results.map((x) => x.status)).toEqual(['applied', 'refused', 'refused', 'applied', 'refused']);

    // in one page of two, refusal 5 is left out: 4 is acknowledged, 5 not yet
    const two = await pull(me.client, client, first.cursors, 2);
    expect([two.data!.refused.map((x) => x.id), two.data!.last_mutation_id, two.data!.cursors.refused]).toEqual([[2, 3], 4, 4]);

    const { pages, cursors } = await pullPages(client, first.cursors, 1, me);
    // each page acknowledges up to just below the first refusal it leaves to a later page
    expect(pages.map((p) => [p.refused.map((x) => x.id), p.last_mutation_id, p.cursors.refused])).toEqual([
      [[2], 2, 2],
      [[3], 4, 4],
      [[5], 5, 5],
      ...pages.slice(3).map(() => [[], 5, 5]),
    ]);
    expect(cursors.refused).toBe(5);
  });

  it('the refused cursor moves to the acknowledgment when the page carries every refusal up to it', async () => {
    const client = newId();
    const first = await pullPages(client, {});
    await refuseMany(client, 1, 1);
    // then an applied change that adds no row (restoring a list that is not deleted)
    await pushOk(user.client, client, [{ id: 2, name: 'list.restore', args: { id: user.userId } }]);
    const { data } = await pull(user.client, client, first.cursors);
    expect([data!.refused.map((x) => x.id), data!.last_mutation_id, data!.cursors.refused]).toEqual([[1], 2, 2]);
    // passed back: 1 is forgotten, and nothing comes again
    const next = await pull(user.client, client, data!.cursors);
    expect(next.data!.refused).toEqual([]);
    expect(await stored(client)).toEqual([]);
  });

  it('a refusal older than 7 days is still delivered', async () => {
    const client = newId();
    const { cursors } = await pullPages(client, {});
    await refuseMany(client, 1, 1);
    await srv.sql.query(`update public.sync_mutations set created_at = now() - interval '30 days' where client_id = $1`, [client]);
    const { pages } = await pullPages(client, cursors);
    expect(pages.flatMap((p) => p.refused.map((r) => r.id))).toEqual([1]);
  });

  it('a pull with cursor refused: N lets the server forget the refusals up to N, and only those', async () => {
    const client = newId();
    const { cursors } = await pullPages(client, {});
    await refuseMany(client, 1, 3);
    const got = await pullPages(client, cursors, 2);
    expect(got.pages.map((p) => p.refused.map((r) => r.id))).toEqual([[1, 2], [3]]);
    // the second page's request acknowledged 1 and 2 (its cursor was 2); 3 is not acknowledged yet
    expect((await stored(client)).map((r) => r.mutation_id)).toEqual(['3']);
    // a lost answer: the device asks again with the cursors it last stored — 3 comes again
    const lost = await pull(user.client, client, { ...cursors, refused: 2 });
    expect(lost.data!.refused.map((r) => r.id)).toEqual([3]);
    await pull(user.client, client, got.cursors);
    expect(await stored(client)).toEqual([]);
  });

  it('a device that sends no refused key gets the oldest unacknowledged refusals, at most p_limit, and a cursor to go on', async () => {
    const client = newId();
    await refuseMany(client, 1, 3);
    const { data } = await pull(user.client, client, {}, 2);
    expect(data!.refused.map((r) => r.id)).toEqual([1, 2]);
    expect(data!.cursors.refused).toBe(2);
    // a device from before the stream never pages through it: its acknowledgment is not held back
    expect(data!.last_mutation_id).toBe(3);
    // has_more does not wait on refusals a device without the key could never page through
    expect(data!.has_more).toBe(false);
    // without the key nothing is acknowledged: asked again, the same refusals come
    expect((await pull(user.client, client, {}, 2)).data!.refused.map((r) => r.id)).toEqual([1, 2]);
    expect((await pull(user.client, client, data!.cursors, 2)).data!.refused.map((r) => r.id)).toEqual([3]);
  });

  it('has_more waits on refusals; remaining counts rows only', async () => {
    const client = newId();
    const { cursors } = await pullPages(client, {});
    await refuseMany(client, 1, 5);
    const r = await user.client.rpc('sync_pull', { p_client_id: client, p_cursors: cursors, p_limit: 2, p_count: true });
    const page = r.data as PullResult;
    expect(page.refused.map((x) => x.id)).toEqual([1, 2]);
    expect(page).toMatchObject({ has_more: true, remaining: 0 });
  });

  it('refusals go only to the client id that sent the change', async () => {
    const client = newId();
    await refuseMany(client, 1, 1);
    expect((await pull(user.client, newId(), { refused: 0 })).data!.refused).toEqual([]);
    const other = await signUpUser(srv);
    // another user's call with this client id fails whole, and acknowledges nothing
    expect((await pull(other.client, client, { refused: 5 })).status).toBe(403);
    expect((await stored(client)).map((r) => r.mutation_id)).toEqual(['1']);
  });

  it('a refused cursor that is not a number is read as 0', async () => {
    const client = newId();
    await refuseMany(client, 1, 1);
    const r = await user.client.rpc('sync_pull', { p_client_id: client, p_cursors: { refused: 'x' } });
    expect((r.data as PullResult).refused.map((x) => x.id)).toEqual([1]);
    expect((await stored(client)).map((x) => x.mutation_id)).toEqual(['1']);
  });
});
