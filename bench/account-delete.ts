// Deleting an account (SPEC §16) through the real HTTP API: delete_account() for a person with
// 10,000 tasks — 250 in each of 20 lists shared with another person (half assigned to them, so
// each list passes on and every task they added is rewritten) and 5,000 in a list of their own —
// with a labels, steps and reminders on some, among other people's 20,000 tasks. The tasks are
// inserted with one SQL statement a list (triggers on); the lists, invitations and acceptances go
// through sync_push. Each run a fresh person; the median of the runs.
// Run: npx tsx bench/account-delete.ts pglite|pg   (env BENCH_RUNS=5, BENCH_SHARED=20, BENCH_PER_LIST=250, BENCH_OWN=5000)
import { acceptInvitations, listCreate, newId, pushOk, type RawMutation, signUpUser } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs } from './backend-common.ts';

const kind = kindFromArgs();
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SHARED = Number(process.env.BENCH_SHARED ?? 20);
const PER_LIST = Number(process.env.BENCH_PER_LIST ?? 250);
const OWN = Number(process.env.BENCH_OWN ?? 5000);
const { srv, done } = await benchServer(kind);

async function fill(listId: string, userId: string, n: number, assignEvery: number) {
  await srv.sql.query(
    `insert into public.tasks (id, list_id, title, position, created_by, assignee)
     select gen_random_uuid(), $1::uuid, 'task ' || i, 'a' || lpad(i::text, 6, '0'), $2::uuid,
       case when i % $4::int = 0 then $2::uuid end
     from generate_series(1, $3::int) i`,
    [listId, userId, n, assignEvery],
  );
}

try {
  // other people's data around: 20,000 tasks in someone else's lists
  const other = await signUpUser(srv);
  for (let i = 0; i < 4; i++) {
    const id = newId();
    await pushOk(other.client, newId(), [listCreate(1, id, `Other ${i}`)]);
    await fill(id, other.userId, 5000, 3);
  }
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const alice = await signUpUser(srv);
    const bob = await signUpUser(srv);
    const shared = Array.from({ length: SHARED }, () => newId());
    const own = newId();
    const made: RawMutation[] = [...shared, own].map((id, i) => listCreate(i + 1, id, `List ${i}`));
    const invites: RawMutation[] = shared.map((id, i) => ({ id: made.length + i + 1, name: 'member.invite', args: { list_id: id, email: bob.email, role: 'editor' } }));
    await pushOk(alice.client, newId(), [...made, ...invites]);
    await acceptInvitations(bob.client, ...shared);
    for (const id of shared) await fill(id, alice.userId, PER_LIST, 2);
    await fill(own, alice.userId, OWN, 2);
    // a label on 100 tasks, a reminder and a step on 100 more
    await srv.sql.query(
      `insert into public.labels (id, user_id, list_id, name, color) values (gen_random_uuid(), $1, $1, 'Bench', 'grey')`,
      [alice.userId],
    );
    await srv.sql.query(
      `insert into public.task_labels (task_id, user_id, label_id, list_id)
       select t.id, $1, (select id from public.labels where user_id = $1), t.list_id from public.tasks t where t.list_id = $2 limit 100`,
      [alice.userId, shared[0]],
    );
    await srv.sql.query(
      `insert into public.steps (id, task_id, list_id, title, position)
       select gen_random_uuid(), t.id, t.list_id, 'step', 'a0' from public.tasks t where t.list_id = $1 limit 100`,
      [shared[1]],
    );
    const t0 = performance.now();
    const { error } = await alice.client.rpc('delete_account');
    const ms = performance.now() - t0;
    if (error) throw new Error(`delete_account failed: ${error.message}`);
    const [left] = await srv.sql.query<{ n: number }>(
      `select count(*)::int as n from public.tasks where list_id = any($1::uuid[])`,
      [shared],
    );
    if (left!.n !== SHARED * PER_LIST) throw new Error(`shared tasks lost: ${left!.n}`);
    times.push(ms);
    console.log(`[${kind}] run ${run + 1}: delete_account ${fmt(ms, 0)} ms`);
  }
  times.sort((a, b) => a - b);
  console.log(`[${kind}] ${fmt(SHARED * PER_LIST + OWN)} tasks, ${SHARED} shared lists — delete_account median ${fmt(times[Math.floor(times.length / 2)]!, 0)} ms (min ${fmt(times[0]!, 0)}, max ${fmt(times.at(-1)!, 0)})`);
} finally {
  await done();
}
