// What recording history and notifications costs the push that carries the change: 1,000 task
// edits (title, notes or due date, one per task, in batches of 200) through sync_push into a list
// of 50 members, with neither the history nor the notification triggers on tasks, with only the
// notification triggers, and with both, in alternating runs on one server.
// Run: npx tsx bench/history-push.ts pglite|pg   (env BENCH_REPEAT=5 runs of each, the median;
// BENCH_ASSIGNED=1 assigns every task to the list's owner, so that the edits notify them). Wall
// time and CPU time (bench/cpu-time.ts) of each run, and the CPU ratio of each round.
import { acceptInvitations, listCreate, newId, pushOk, type RawMutation, signUpUser, taskCreate } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs } from './backend-common.ts';
import { cpuBetween, cpuSnapshot } from './cpu-time.ts';

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
  const assigned = process.env.BENCH_ASSIGNED === '1';
  await applied(owner.client, ids.map((id, i) => taskCreate(i + 1, id, listId, `task ${i}`, assigned ? { assignee: owner.userId } : {})));

  type Mode = 'none' | 'notify' | 'both';
  const triggersOn: Record<Mode, string[]> = { none: [], notify: ['tasks_notify_update'], both: ['tasks_notify_update', 'tasks_history_changed'] };
  const setMode = async (mode: Mode) => {
    for (const t of ['tasks_notify_update', 'tasks_history_changed']) {
      await srv.sql.query(`alter table public.tasks ${triggersOn[mode].includes(t) ? 'enable' : 'disable'} trigger ${t}`);
    }
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
  const time = async (mode: Mode) => {
    await setMode(mode);
    const batch = edits();
    const c0 = await cpuSnapshot(srv);
    const t0 = performance.now();
    await applied(others[round % others.length]!.client, batch);
    const ms = performance.now() - t0;
    cpu[mode].push(cpuBetween(c0, await cpuSnapshot(srv)));
    return ms;
  };
  const modes: Mode[] = ['none', 'notify', 'both'];
  const cpu: Record<Mode, number[]> = { none: [], notify: [], both: [] };
  for (const m of modes) await time(m);
  for (const m of modes) cpu[m].length = 0;
  const runs: Record<Mode, number[]> = { none: [], notify: [], both: [] };
  for (let rep = 0; rep < Number(process.env.BENCH_REPEAT ?? 5); rep++) {
    for (const m of modes) runs[m].push(await time(m));
  }
  await setMode('both');
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const [none, notify, both] = [median(runs.none), median(runs.notify), median(runs.both)];
  const [notes] = await srv.sql.query<{ n: number }>('select count(*)::int as n from public.notifications where kind = $1', ['task_changed']);
  console.log(`[${kind}] ${fmt(N)} task edits, list of 50 members${assigned ? ', every task assigned to the owner' : ''} — neither history nor notifications: ${fmt(none)} ms; notifications only: ${fmt(notify)} ms; both: ${fmt(both)} ms`);
  console.log(`[${kind}] history's ratio (both / notifications only) ${fmt(both / notify, 2)}×; recording's ratio (both / neither) ${fmt(both / none, 2)}×; ${fmt(notes?.n ?? 0)} task_changed notifications made in all`);
  console.log(`[${kind}] runs neither: ${runs.none.map((x) => fmt(x)).join(', ')}; notifications only: ${runs.notify.map((x) => fmt(x)).join(', ')}; both: ${runs.both.map((x) => fmt(x)).join(', ')}`);
  const [cNone, cNotify, cBoth] = [median(cpu.none), median(cpu.notify), median(cpu.both)];
  console.log(`[${kind}] CPU (this process and the database's backends): neither ${fmt(cNone)} ms, notifications only ${fmt(cNotify)} ms, both ${fmt(cBoth)} ms; history's ratio ${fmt(cBoth / cNotify, 2)}×, recording's ${fmt(cBoth / cNone, 2)}×`);
  console.log(`[${kind}] CPU runs neither: ${cpu.none.map((x) => fmt(x)).join(', ')}; notifications only: ${cpu.notify.map((x) => fmt(x)).join(', ')}; both: ${cpu.both.map((x) => fmt(x)).join(', ')}`);
  // each round's three runs follow one another, so the ratio within a round sees the same load
  const rounds = cpu.both.map((b, i) => b / cpu.none[i]!).sort((a, b) => a - b);
  console.log(`[${kind}] CPU recording's ratio round by round: median ${fmt(median(rounds), 2)}× (${fmt(rounds[0]!, 2)}–${fmt(rounds.at(-1)!, 2)})`);
} finally {
  await done();
}
