// The pull of a person with 100 lists and 1,100 unread notifications: the first sync (every page
// from scratch), a pull after one more change that notifies them, and one with nothing new, each beside the
// same request without the `notifications` cursor (what sync_pull answers a device that does not
// ask for them: the floor), alternated, medians. The data: Ann owns 100 lists and shares each with
// Ben (100 "joined" notifications for her); Ben adds 10 tasks to each, every one assigned to Ann
// (1,000 "assigned"). None is read.
// Wall time and CPU time (bench/cpu-time.ts) of each.
// Run: npx tsx bench/notifications-pull.ts pglite|pg   (env BENCH_REPEAT)
import { acceptInvitations, listCreate, newId, pull, pushOk, type RawMutation, signUpUser, taskCreate } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs } from './backend-common.ts';
import { cpuBetween, cpuSnapshot } from './cpu-time.ts';

const kind = kindFromArgs();
const LISTS = 100;
const TASKS_PER_LIST = 10;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 15);
const { srv, done } = await benchServer(kind);
const inBatches = async (client: Parameters<typeof pushOk>[0], clientId: string, mutations: RawMutation[]) => {
  for (let i = 0; i < mutations.length; i += 200) {
    const r = await pushOk(client, clientId, mutations.slice(i, i + 200));
    if (r.results.some((x) => x.status !== 'applied')) throw new Error(`not applied: ${JSON.stringify(r.results.find((x) => x.status !== 'applied'))}`);
  }
};
try {
  const [ann, ben] = [await signUpUser(srv), await signUpUser(srv)];
  const [annSeeder, benSeeder] = [newId(), newId()];
  const lists = Array.from({ length: LISTS }, () => newId());
  let m = 1;
  await inBatches(ann.client, annSeeder, [
    ...lists.map((l, i) => listCreate(m++, l, `List ${i}`)),
    ...lists.map((l) => ({ id: m++, name: 'member.invite', args: { list_id: l, email: ben.email, role: 'editor' } })),
  ]);
  await acceptInvitations(ben.client, ...lists);
  let b = 1;
  const tasks = lists.flatMap((l, li) => Array.from({ length: TASKS_PER_LIST }, (_, i) => taskCreate(b++, newId(), l, `task ${li}.${i}`, { assignee: ann.userId })));
  await inBatches(ben.client, benSeeder, tasks);
  const [unread] = await srv.sql.query<{ n: number }>('select count(*)::int as n from public.notifications where recipient = $1 and read_at is null', [ann.userId]);

  // a device's request: the refusal stream, the digests, and the notifications unless left out
  const fresh = { refused: 0, notifications: 0, invitations: 0, links: 0, profile: 0, feeds: 0 };
  const without = (c: Record<string, number>) => Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'notifications'));
  const device = newId();
  const call = async (cursors: Record<string, number>) => {
    const t = performance.now();
    const { data, error } = await pull(ann.client, device, cursors, 1000);
    if (error || !data) throw new Error(error?.message);
    return { ms: performance.now() - t, page: data as unknown as { cursors: Record<string, number>; has_more: boolean; notifications?: { rows: unknown[] } } };
  };
  const sync = async (from: Record<string, number>) => {
    const t = performance.now();
    let cursors = from;
    let pages = 0;
    let notes = 0;
    for (;;) {
      const { page } = await call(cursors);
      pages++;
      notes += page.notifications?.rows.length ?? 0;
      cursors = { ...cursors, ...page.cursors };
      if (!page.has_more) return { ms: performance.now() - t, pages, notes, cursors };
    }
  };

  const first = await sync(fresh);
  const floor = await sync(without(fresh));
  console.log(`[${kind}] ${LISTS} lists shared with one other person, ${fmt(LISTS * TASKS_PER_LIST)} tasks, ${fmt(unread?.n ?? 0)} unread notifications; first sync ${first.pages} pages with ${fmt(first.notes)} notifications, ${floor.pages} without`);
  const end = first.cursors;
  // one more change after `end` (Ben renames a task of Ann's): the next pull brings the task and a notification
  await inBatches(ben.client, benSeeder, [{ id: b++, name: 'task.update', args: { id: String(tasks[0]!.args.id), patch: { title: 'task 0.0, again' } } }]);

  const spread = (xs: number[]) => {
    const s = [...xs].sort((x, y) => x - y);
    return `${fmt(s[Math.floor(s.length / 2)]!, 1)} ms (${fmt(s[0]!, 1)}–${fmt(s[s.length - 1]!, 1)})`;
  };
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const cases: [string, () => Promise<number>, () => Promise<number>][] = [
    ['first sync (every page)', async () => (await sync(fresh)).ms, async () => (await sync(without(fresh))).ms],
    ['one change since (a rename of an assigned task)', async () => (await call(end)).ms, async () => (await call(without(end))).ms],
  ];
  // nothing new: the cursors after the rename
  const last = (await sync(end)).cursors;
  cases.push(['nothing new', async () => (await call(last)).ms, async () => (await call(without(last))).ms]);
  for (const [what, withNotes, floorRun] of cases) {
    await withNotes();
    await floorRun();
    const [w, f, cw, cf]: [number[], number[], number[], number[]] = [[], [], [], []];
    for (let i = 0; i < REPEAT; i++) {
      for (const [run, wall, cpu] of [[withNotes, w, cw], [floorRun, f, cf]] as const) {
        const c0 = await cpuSnapshot(srv);
        wall.push(await run());
        cpu.push(cpuBetween(c0, await cpuSnapshot(srv)));
      }
    }
    console.log(`[${kind}] ${what}: with notifications ${spread(w)}, without ${spread(f)}, ratio ${fmt(median(w) / median(f), 2)}× (medians of ${REPEAT}, range)`);
    console.log(`[${kind}]   CPU: with ${spread(cw)}, without ${spread(cf)}, ratio ${fmt(median(cw) / median(cf), 2)}×`);
  }
} finally {
  await done();
}
