// Database size per person: P people (default 200) made through the real API on PostgreSQL 15,
// each as a long-time user would be: 10 lists (one shared with the next person), 300 tasks
// (titles, a fifth with notes, a third done, a tenth deleted, a tenth with a due time and a
// reminder), 3 steps on a quarter of the tasks, and 2 devices subscribed to pushes; all through
// sync_push from two clients, so the sync bookkeeping (versions, mutation ids, tombstones) is
// counted as the server keeps it. Prints pg_database_size before and after (VACUUM ANALYZE
// first), the growth per 1,000 people, and the largest tables with their indexes.
//
//   npx tsx bench/db-size.ts        (env DBSIZE_PEOPLE=200; DBSIZE_HISTORY=0 without history's
//   triggers; DBSIZE_EDITS=n: then each person renames every live task n times, e.g. 210 to fill
//   history to its bound of 200 entries a task; TEST_PG_URL, or a cluster of its own)
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { freshDatabase, startServerProcess } from '../tests/helpers/index.ts';
import { fmt } from './backend-common.ts';

const PEOPLE = Number(process.env.DBSIZE_PEOPLE ?? 200);
const LISTS = 10;
const TASKS = 300;
const EDITS = Number(process.env.DBSIZE_EDITS ?? 0);

let stopCluster = () => {};
if (!process.env.TEST_PG_URL) {
  const { startCluster } = (await import('../scripts/pg-cluster.mjs' as string)) as { startCluster: () => Promise<{ url: string; stop: () => void }> };
  const cluster = await startCluster();
  process.env.TEST_PG_URL = cluster.url;
  stopCluster = cluster.stop;
}
const database = await freshDatabase();
const server = await startServerProcess(database.url);
const db = new pg.Client({ connectionString: database.url });
await db.connect();
// DBSIZE_HISTORY=0: without recording history (SPEC §17), for the figure before it
if (process.env.DBSIZE_HISTORY === '0') {
  await db.query('alter table public.tasks disable trigger tasks_history_created, disable trigger tasks_history_changed');
  await db.query('alter table public.list_members disable trigger list_members_history');
}

// biome-ignore lint/suspicious/noExplicitAny: the set-up reads a few fields of known answers
async function post(path: string, body: unknown, token?: string): Promise<any> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { apikey: server.anonKey, authorization: `Bearer ${token ?? server.anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${path} ${res.status}: ${JSON.stringify(data)}`);
  return data;
}

const size = async () => {
  await db.query('vacuum analyze');
  return Number((await db.query<{ n: string }>('select pg_database_size(current_database()) as n')).rows[0]!.n);
};

let refused = 0;
async function push(token: string, clientId: string, mutations: { name: string; args: Record<string, unknown> }[]) {
  for (let from = 0; from < mutations.length; from += 500) {
    const batch = mutations.slice(from, from + 500).map((m, i) => ({ id: from + i + 1, ...m }));
    const out = await post('/rest/v1/rpc/sync_push', { p_client_id: clientId, p_mutations: batch }, token);
    const bad = (out.results as { status: string; error?: { message: string } }[]).filter((r) => r.status !== 'applied');
    if (bad.length && refused === 0) console.log(`refused: ${JSON.stringify(bad[0])}`);
    refused += bad.length;
  }
}

try {
  const empty = await size();
  const t0 = performance.now();
  const people: { token: string; email: string; shared: string }[] = [];
  for (let p = 0; p < PEOPLE; p++) {
    const email = `size-${p}-${randomUUID()}@example.test`;
    const s = await post('/auth/v1/signup', { email, password: 'correct horse battery' });
    people.push({ token: s.access_token, email, shared: '' });
  }
  for (const [p, person] of people.entries()) {
    const lists = Array.from({ length: LISTS }, () => randomUUID());
    person.shared = lists[0]!;
    const phone = randomUUID();
    const laptop = randomUUID();
    const mutations: { name: string; args: Record<string, unknown> }[] = lists.map((id, i) => ({
      name: 'list.create',
      args: { id, name: `List ${i} of person ${p}`, color: 'teal', position: `a${i}` },
    }));
    const tasks: string[] = [];
    const later: { name: string; args: Record<string, unknown> }[] = [];
    for (let t = 0; t < TASKS; t++) {
      const id = randomUUID();
      tasks.push(id);
      const dated = t % 10 === 0;
      mutations.push({
        name: 'task.create',
        args: {
          id,
          list_id: lists[t % LISTS],
          title: `Task ${t}: something to remember to do`,
          position: `a${String(t).padStart(4, '0')}`,
          ...(t % 5 === 0 ? { notes: 'A few words of notes that a real task might carry, a link or a phone number.' } : {}),
          ...(dated || t % 3 === 0 ? { due_date: `2026-12-${String(1 + (t % 28)).padStart(2, '0')}` } : {}),
          ...(dated ? { due_time: '09:00' } : {}),
        },
      });
      if (dated) mutations.push({ name: 'reminder.set', args: { task_id: id, offset_minutes: 0 } });
      if (t % 4 === 0)
        for (let s = 0; s < 3; s++) mutations.push({ name: 'step.create', args: { id: randomUUID(), task_id: id, title: `Step ${s}`, position: `a${s}` } });
      if (t % 3 === 1) later.push({ name: 'task.update', args: { id, patch: { done: true } } });
      if (t % 10 === 7) later.push({ name: 'task.delete', args: { id } });
    }
    const next = people[(p + 1) % people.length]!;
    later.push({ name: 'member.invite', args: { list_id: lists[0], email: next.email, role: 'editor' } });
    await push(person.token, phone, mutations);
    await push(person.token, laptop, later);
    const live = tasks.filter((_, t) => t % 10 !== 7);
    // from one more device, so its records are pruned as a device's are
    await push(person.token, randomUUID(), Array.from({ length: EDITS }, (_, e) =>
      live.map((id, t) => ({ name: 'task.update', args: { id, patch: { title: `Task ${t}: renamed ${e + 1} times` } } }))).flat());
    for (let d = 0; d < 2; d++) {
      await post(
        '/rest/v1/rpc/push_subscribe',
        {
          p_endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
          p_p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          p_auth: 'tBHItJI5svbpez7KI4CCXg',
          p_time_zone: 'Europe/London',
          p_remind_at: '09:00',
        },
        person.token,
      );
    }
    if ((p + 1) % 50 === 0) console.log(`${p + 1} people in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  }
  for (const person of people) await push(person.token, randomUUID(), [{ name: 'invitation.accept', args: { list_id: people[(people.indexOf(person) + PEOPLE - 1) % PEOPLE]!.shared } }]);
  const full = await size();
  const perThousand = ((full - empty) / PEOPLE) * 1000;
  console.log(`${PEOPLE} people (${LISTS} lists, ${TASKS} tasks each${EDITS ? `, every live task renamed ${EDITS} times` : ''}) made in ${fmt((performance.now() - t0) / 1000, 1)} s; refused mutations: ${refused}`);
  console.log(`database: empty ${fmt(empty / 2 ** 20, 1)} MiB, with them ${fmt(full / 2 ** 20, 1)} MiB; per 1,000 people ${fmt(perThousand / 2 ** 20, 0)} MiB`);
  const tables = await db.query<{ name: string; rows: string; total: string; heap: string }>(
    `select n.nspname || '.' || c.relname as name, c.reltuples::bigint as rows, pg_total_relation_size(c.oid) as total, pg_relation_size(c.oid) as heap
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'auth', 'daybook_private') order by pg_total_relation_size(c.oid) desc limit 14`,
  );
  console.log('| table | rows | total (with indexes, TOAST) | heap | per person |');
  console.log('|---|---|---|---|---|');
  for (const t of tables.rows)
    console.log(`| ${t.name} | ${fmt(Number(t.rows))} | ${fmt(Number(t.total) / 2 ** 20, 1)} MiB | ${fmt(Number(t.heap) / 2 ** 20, 1)} MiB | ${fmt(Number(t.total) / PEOPLE / 1024, 1)} KiB |`);
} finally {
  await db.end();
  await server.stop();
  await database.drop();
  stopCluster();
}
