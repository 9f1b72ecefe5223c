// What carrying reminders costs sync_pull: the same pull with the function before reminders
// (20261125100000_refusal_pages.sql's, recreated beside it as sync_pull_before) and with the
// current one, alternated in one database, medians. The data: ROWS tasks in five lists, one shared
// with a second person; both set reminders on a tenth of the tasks (the caller's travel, the other
// person's take versions the caller's cursor passes). Pages: from scratch, the last page, and an
// incremental pull with nothing new (the everyday call).
// Run: npx tsx bench/reminders-pull.ts pglite|pg   (env BENCH_ROWS, BENCH_REPEAT)
import { execFileSync } from 'node:child_process';
import { acceptInvitations, signUpUser, listCreate, newId, pushOk, type RawMutation, taskCreate } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs, percentile } from './backend-common.ts';

const kind = kindFromArgs();
const BEFORE_COMMIT = '5912c05';
const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 15);
const { srv, done } = await benchServer(kind);
try {
  // the function as it was before reminders, under another name, callable like the real one; its
  // migration was squashed into the baseline, so it is read from the last commit that held it
  const migration = execFileSync('git', ['show', `${BEFORE_COMMIT}:supabase/migrations/20261125100000_refusal_pages.sql`], {
    cwd: new URL('..', import.meta.url),
    encoding: 'utf8',
  });
  const before = migration.slice(migration.indexOf('create or replace function public.sync_pull'));
  await srv.sql.query(before.replace('public.sync_pull(', 'public.sync_pull_before('));
  await srv.sql.query('grant execute on function public.sync_pull_before(uuid, jsonb, int, boolean) to authenticated');

  const [ann, ben] = [await signUpUser(srv), await signUpUser(srv)];
  const seeder = newId();
  const lists = Array.from({ length: 5 }, () => newId());
  let m = 1;
  await pushOk(ann.client, seeder, [
    ...lists.map((l, i) => listCreate(m++, l, `List ${i}`)),
    { id: m++, name: 'member.invite', args: { list_id: lists[0], email: ben.email, role: 'editor' } },
  ]);
  await acceptInvitations(ben.client, lists[0]!);
  const taskIds: string[] = [];
  while (taskIds.length < ROWS) {
    const batch: RawMutation[] = [];
    for (let i = 0; i < 200 && taskIds.length < ROWS; i++) {
      const id = newId();
      batch.push(taskCreate(m++, id, lists[taskIds.length % 5]!, `task ${taskIds.length}`, { due_date: '2026-12-04', due_time: '09:30' }));
      taskIds.push(id);
    }
    await pushOk(ann.client, seeder, batch);
  }
  const reminded = taskIds.filter((_, i) => i % 10 === 0);
  for (let i = 0; i < reminded.length; i += 200) {
    await pushOk(ann.client, seeder, reminded.slice(i, i + 200).map((t) => ({ id: m++, name: 'reminder.set', args: { task_id: t, offset_minutes: 15 } })));
  }
  // ben's own reminders on the shared list's tasks: versions in ann's list, rows she never gets
  const benClient = newId();
  let b = 1;
  const shared = taskIds.filter((_, i) => i % 5 === 0 && i % 10 === 0);
  for (let i = 0; i < shared.length; i += 200) {
    await pushOk(ben.client, benClient, shared.slice(i, i + 200).map((t) => ({ id: b++, name: 'reminder.set', args: { task_id: t, offset_minutes: 60 } })));
  }

  const call = async (fn: string, cursors: Record<string, number>) => {
    const t = performance.now();
    const { data, error } = await ann.client.rpc(fn, { p_client_id: seeder, p_cursors: cursors, p_limit: 1000 });
    if (error || !data) throw new Error(error?.message);
    return { ms: performance.now() - t, page: data as { cursors: Record<string, number>; has_more: boolean; reminders?: unknown[] } };
  };
  // the cursors of the last page, and of the end, through the current function
  let cursors: Record<string, number> = {};
  let lastPageFrom: Record<string, number> = {};
  let reminders = 0;
  for (;;) {
    const { page } = await call('sync_pull', cursors);
    reminders += page.reminders?.length ?? 0;
    if (!page.has_more) {
      lastPageFrom = cursors;
      cursors = page.cursors;
      break;
    }
    cursors = page.cursors;
  }
  if (reminders !== reminded.length) throw new Error(`pulled ${reminders} reminders, set ${reminded.length}`);
  console.log(`[${kind}] ${fmt(ROWS)} tasks in 5 lists, ${fmt(reminded.length)} reminders of the caller, ${fmt(shared.length)} of another member (never pulled)`);

  const med = (xs: number[]) => percentile([...xs].sort((x, y) => x - y), 50);
  for (const [where, from] of [['first page from scratch', {}], ['last page', lastPageFrom], ['nothing new', cursors]] as const) {
    const a: number[] = [];
    const c: number[] = [];
    await call('sync_pull_before', from);
    await call('sync_pull', from);
    for (let i = 0; i < REPEAT; i++) {
      a.push((await call('sync_pull_before', from)).ms);
      c.push((await call('sync_pull', from)).ms);
    }
    console.log(`[${kind}] ${where}: before reminders ${fmt(med(a), 1)} ms, with reminders ${fmt(med(c), 1)} ms (×${fmt(med(c) / med(a), 2)}), medians of ${REPEAT}`);
  }
} finally {
  await done();
}
