// Deleting and restoring a big list through sync_push (work per request is
// linear in the list's tasks). The list's tasks are inserted with one SQL statement (triggers
// on), then list.delete and list.restore each go through the real HTTP API as the owner.
// Run: npx tsx bench/list-delete.ts pglite|pg   (env BENCH_SIZES=2000,10000,20000, BENCH_BATCH=8)
import { signUpUser, newId, pushOk, type RawMutation } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs } from './backend-common.ts';

const kind = kindFromArgs();
const SIZES = (process.env.BENCH_SIZES ?? '2000,10000,20000').split(',').map(Number);
const BATCH = Number(process.env.BENCH_BATCH ?? 8);
const { srv, done } = await benchServer(kind);
try {
  const user = await signUpUser(srv);
  const client = newId();
  let mid = 0;
  const m = (name: string, args: Record<string, unknown>): RawMutation => ({ id: ++mid, name, args }) as RawMutation;

  async function listOf(n: number): Promise<string> {
    const listId = newId();
    await pushOk(user.client, client, [m('list.create', { id: listId, name: `L${n}`, color: 'grey', position: 'a0' })]);
    await srv.sql.query(
      `insert into public.tasks (id, list_id, title, position, created_by)
       select gen_random_uuid(), $1::uuid, 'task ' || i, 'a' || lpad(i::text, 6, '0'), $2::uuid from generate_series(1, $3::int) i`,
      [listId, user.userId, n],
    );
    return listId;
  }

  async function timed(mutations: RawMutation[]): Promise<number> {
    const t0 = performance.now();
    const r = await pushOk(user.client, client, mutations);
    const ms = performance.now() - t0;
    if (r.results.some((x) => x.status !== 'applied')) throw new Error(`not applied: ${JSON.stringify(r.results[0])}`);
    return ms;
  }

  for (const n of SIZES) {
    const listId = await listOf(n);
    const del = await timed([m('list.delete', { id: listId })]);
    const res = await timed([m('list.restore', { id: listId })]);
    console.log(`[${kind}] ${fmt(n)} tasks — list.delete ${fmt(del, 0)} ms, list.restore ${fmt(res, 0)} ms`);
  }
  if (BATCH > 0) {
    const listId = await listOf(2000);
    const batch = Array.from({ length: BATCH }, () => [m('list.delete', { id: listId }), m('list.restore', { id: listId })]).flat();
    const ms = await timed(batch);
    console.log(`[${kind}] one push of [list.delete, list.restore] × ${BATCH} on a 2,000-task list: ${fmt(ms / 1000, 2)} s`);
  }
} finally {
  await done();
}
