// A person's notification counter, taken once a transaction and settled at its commit: the values
// of one push are distinct and under the head, the pull pages them without a gap, read marks in
// the same person's stream stay distinct, rows past 90 days go at the commit, and (PostgreSQL,
// two connections) a transaction that notifies the same person waits for the first one's commit,
// so a pull never skips a row committed late.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser as asUserOf } from '../../helpers/as-user';
import { acceptInvitations, listCreate, newId, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';

describe.each(SERVER_KINDS)('notification versions on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  const asUser = <T extends Record<string, unknown>>(user: { userId: string }, sql: string, params: unknown[] = []) =>
    asUserOf<T>(srv, kind, user, sql, params);
  const head = async (u: TestUser) =>
    (await srv.sql.query<{ version: string; pending: boolean }>('select version::text, pending from daybook_private.notification_heads where user_id = $1', [u.userId]))[0];
  const versions = async (u: TestUser) =>
    (await srv.sql.query<{ id: string; version: string }>('select id, version::text from public.notifications where recipient = $1 order by version', [u.userId])).map((r) => ({
      id: r.id,
      version: Number(r.version),
    }));
  /** Every notification id the person's pull hands out from `from`, `limit` a page, and the cursor it ends at. */
  const pullAll = async (u: TestUser, from: number, limit: number) => {
    const ids: string[] = [];
    let cursor = from;
    for (let page = 0; page < 100; page++) {
      type Slice = { notifications?: { rows: { id: string }[]; more: boolean }; cursors: { notifications: number } };
      const [row] = await asUser<{ s: Slice }>(u, 'select daybook_private.pull_notifications($1::jsonb, $2) as s', [
        JSON.stringify({ notifications: cursor }),
        limit,
      ]);
      const s = row!.s;
      ids.push(...(s.notifications?.rows ?? []).map((r) => r.id));
      cursor = s.cursors.notifications;
      if (!s.notifications?.more) break;
    }
    return { ids, cursor };
  };

  async function crew(): Promise<{ owner: TestUser; mates: TestUser[]; listId: string; tasks: string[] }> {
    const owner = await signUpUser(srv);
    const mates = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const listId = newId();
    await pushOk(owner.client, newId(), [
      listCreate(1, listId, 'Crew'),
      ...mates.map((m, i) => ({ id: i + 2, name: 'member.invite', args: { list_id: listId, email: m.email, role: 'editor' } })),
    ]);
    for (const m of mates) await acceptInvitations(m.client, listId);
    const tasks = Array.from({ length: 30 }, () => newId());
    await pushOk(owner.client, newId(), tasks.map((id, i) => taskCreate(i + 1, id, listId, `task ${i}`, { assignee: owner.userId })));
    return { owner, mates, listId, tasks };
  }
  const renames = (tasks: string[], word: string): RawMutation[] =>
    tasks.map((id, i) => ({ id: i + 1, name: 'task.update', args: { id, patch: i % 2 ? { title: `${word} ${i}` } : { due_date: '2026-12-24' } } }));

  it('numbers one push’s notifications apart, settles the head at the highest, and pages them without a gap', async () => {
    const { owner, mates, tasks } = await crew();
    const before = Number((await head(owner))?.version ?? 0);
    const r = await pushOk(mates[0]!.client, newId(), renames(tasks, 'renamed'));
    expect(r.results.every((x) => x.status === 'applied')).toBe(true);
    const rows = await versions(owner);
    const fresh = rows.filter((n) => n.version > before);
    expect(fresh).toHaveLength(30);
    expect(new Set(rows.map((n) => n.version)).size).toBe(rows.length);
    const h = await head(owner);
    expect(h).toMatchObject({ pending: false });
    expect(Number(h!.version)).toBe(Math.max(...rows.map((n) => n.version)));
    const pulled = await pullAll(owner, before, 7);
    expect(pulled.ids.sort()).toEqual(fresh.map((n) => n.id).sort());
    expect(pulled.cursor).toBe(Number(h!.version));
    // a change refused after its notification leaves neither the row nor a value in use
    const refused = await pushOk(mates[1]!.client, newId(), [
      { id: 1, name: 'task.update', args: { id: tasks[1], patch: { title: 'again' } } },
      { id: 2, name: 'task.update', args: { id: tasks[3], patch: { title: '' } } },
      { id: 3, name: 'task.update', args: { id: tasks[5], patch: { title: 'and again' } } },
    ]);
    expect(refused.results.map((x) => x.status)).toEqual(['applied', 'refused', 'applied']);
    const after = await versions(owner);
    expect(after).toHaveLength(rows.length + 2);
    expect(new Set(after.map((n) => n.version)).size).toBe(after.length);
    expect(Number((await head(owner))!.version)).toBe(Math.max(...after.map((n) => n.version)));
  });

  it('gives read marks values past every notification of the person, all distinct', async () => {
    const { owner, mates, tasks } = await crew();
    await pushOk(mates[0]!.client, newId(), renames(tasks.slice(0, 10), 'first'));
    const unread = await versions(owner);
    const top = Math.max(...unread.map((n) => n.version));
    await pushOk(owner.client, newId(), [{ id: 1, name: 'notification.read', args: { ids: unread.slice(0, 5).map((n) => n.id) } }]);
    await pushOk(mates[1]!.client, newId(), renames(tasks.slice(10, 20), 'second'));
    const all = await versions(owner);
    expect(new Set(all.map((n) => n.version)).size).toBe(all.length);
    const marked = all.filter((n) => unread.slice(0, 5).some((u) => u.id === n.id));
    expect(marked.every((n) => n.version > top)).toBe(true);
    expect(Number((await head(owner))!.version)).toBe(Math.max(...all.map((n) => n.version)));
  });

  it('prunes a person’s rows past 90 days when a transaction notifies them', async () => {
    const { owner, mates, tasks } = await crew();
    await srv.sql.query(
      `insert into public.notifications (recipient, kind, at, version) values ($1, 'joined', now() - interval '91 days', 0), ($1, 'joined', now() - interval '89 days', 0)`,
      [owner.userId],
    );
    const kept = (await versions(owner)).length - 1;
    await pushOk(mates[0]!.client, newId(), renames(tasks.slice(0, 2), 'late'));
    const ages = await srv.sql.query<{ old: number }>(`select count(*)::int as old from public.notifications where recipient = $1 and at < now() - interval '90 days'`, [
      owner.userId,
    ]);
    expect(ages[0]!.old).toBe(0);
    expect(await versions(owner)).toHaveLength(kept + 2);
  });

  it.runIf(kind === 'pg')('makes a second transaction notifying the person wait, so a pull between skips nothing', async () => {
    const { owner, mates, tasks } = await crew();
    const start = Number((await head(owner))!.version);
    const open = async (u: TestUser) => {
      const c = new pg.Client({ connectionString: srv.databaseUrl });
      await c.connect();
      await c.query('begin');
      await c.query('set local role authenticated');
      await c.query(`select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)`, [
        JSON.stringify({ sub: u.userId, role: 'authenticated' }),
        u.userId,
      ]);
      return c;
    };
    const pushIn = (c: pg.Client, mutations: RawMutation[]) => c.query('select public.sync_push($1, $2::jsonb)', [randomUUID(), JSON.stringify(mutations)]);
    const first = await open(mates[0]!);
    const second = await open(mates[1]!);
    try {
      await pushIn(first, renames(tasks.slice(0, 4), 'first'));
      let secondDone = false;
      const secondPush = pushIn(second, renames(tasks.slice(4, 8), 'second')).then(() => {
        secondDone = true;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(secondDone).toBe(false);
      expect((await pullAll(owner, start, 3)).ids).toEqual([]);
      await first.query('commit');
      await secondPush;
      const mid = await pullAll(owner, start, 3);
      expect(mid.ids).toHaveLength(4);
      await second.query('commit');
      const rest = await pullAll(owner, mid.cursor, 3);
      expect(rest.ids).toHaveLength(4);
      const all = await versions(owner);
      expect([...mid.ids, ...rest.ids].sort()).toEqual(all.filter((n) => n.version > start).map((n) => n.id).sort());
    } finally {
      await first.end();
      await second.end();
    }
  });
});
