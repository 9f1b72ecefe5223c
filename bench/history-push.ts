// What recording history costs the push that carries the change: 1,000 task edits (title, notes
// or due date, one per task, in batches of 200) through sync_push into a list of 50 members, with
// the history triggers on and with them dropped, in alternating runs on one server.
// Run: npx tsx bench/history-push.ts pglite|pg   (env BENCH_REPEAT=5 runs of each, the median)
import { acceptInvitations, listCreate, newId, pushOk, type RawMutation, signUpUser, taskCreate } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs } from './backend-common.ts';

const kind = kindFromArgs();
const N = 1_000;
const { srv, done } = await benchServer(kind);
const applied = async (client: Parameters<typeof pushOk>[0], mutations: RawMutation[]) => {
  for (let i = 0; i < mutations.length; i += 200) {
    const r = await pushOk(client, newId(), mutations.slice(i, i + 200));
    if (r.results.some((x) => x.status !== 'applied')) throw new Error(`not applied: ${JSON.stringify(r.results.find((x) => x.status !== 'applied'))}`);
  }
};
try {
  const owner = await signUpUser(srv);
  const others = await Promise.all(Array.from({ length: 49 }, () => signUpUser(srv)));
  const listId = newId();
  await applied(owner.client, [listCreate(1, listId, 'Crew'), ...others.map((o, i) => ({ id: i + 2, name: 'member.invite', args: { list_id: listId, email: o.email, role: 'editor' } }))]);
  for (const o of others) await acceptInvitations(o.client, listId);
  const ids = Array.from({ length: N }, () => newId());
  await applied(owner.client, ids.map((id, i) => taskCreate(i + 1, id, listId, `task ${i}`)));

  const triggers = ['tasks_history_changed on public.tasks'];
  const setHistory = async (on: boolean) => {
    for (const t of triggers) await srv.sql.query(`alter table ${t.split(' on ')[1]} ${on ? 'enable' : 'disable'} trigger ${t.split(' on ')[0]}`);
  };
  let round = 0;
  const edits = (): RawMutation[] => {
    round++;
    return ids.map((id, i) => ({
      id: i + 1,
      name: 'task.update',
      args: { id, patch: i % 3 === 0 ? { title: `task ${i} r${round}` } : i % 3 === 1 ? { notes: `r${round}` } : { due_date: `2026-12-${String((round % 28) + 1).padStart(2, '0')}` } },
    }));
  };
  const time = async (on: boolean) => {
    await setHistory(on);
    const batch = edits();
    const t0 = performance.now();
    await applied(others[round % others.length]!.client, batch);
    return performance.now() - t0;
  };
  await time(true);
  await time(false);
  const runs: Record<'on' | 'off', number[]> = { on: [], off: [] };
  for (let rep = 0; rep < Number(process.env.BENCH_REPEAT ?? 5); rep++) {
    runs.off.push(await time(false));
    runs.on.push(await time(true));
  }
  await setHistory(true);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [off, on] = [median(runs.off), median(runs.on)];
  console.log(`[${kind}] ${fmt(N)} task edits, list of 50 members — without history: ${fmt(off)} ms; with: ${fmt(on)} ms; ratio ${fmt(on / off, 2)}×`);
  console.log(`[${kind}] runs without: ${runs.off.map((x) => fmt(x)).join(', ')}; with: ${runs.on.map((x) => fmt(x)).join(', ')}`);
} finally {
  await done();
}
