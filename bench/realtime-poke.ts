// Live updates between two devices: time from device A pushing a change (the request sent) to
// device B having applied it through a poke-triggered pull (the row readable in B's IndexedDB),
// beside the floor of one push + one pull round trip of one change measured in the same run.
// Alice (A) and Bob (B) share a list; A edits it. B's engine never runs on its own schedule
// here (timers of 30 s and more are dropped), so every pull it makes is poke-triggered.
// Node + fake-indexeddb, the real stand-in over HTTP and its websocket, supabase-js over `ws`.
// Run: npx tsx bench/realtime-poke.ts pglite|pg   (env BENCH_CHANGES, BENCH_WARMUP)
import { randomUUID } from 'node:crypto';
import { fmt, kindFromArgs, benchServer, percentile } from './backend-common.ts';
import { median } from './sync-common.ts';
import { invitations, lists, members, tasks } from '../src/data/write/index.ts';
import { observe } from '../src/data/live/observe.ts';
import { getTask } from '../src/data/read/queries.ts';
import { POKE_DELAY_MS } from '../src/sync/schedule.ts';
import type { Clock } from '../src/sync/ports.ts';
import { signUpUser, listCreate, pull, pushOk, taskCreate, connectDevice } from '../tests/helpers/index.ts';

const kind = kindFromArgs();
const N = Number(process.env.BENCH_CHANGES ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const { srv, done } = await benchServer(kind);

/** Real timers, except the periodic run's (60 s): B syncs only when poked. */
const pokeOnlyClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => (ms >= 30_000 ? null : setTimeout(fn, ms)),
  clearTimeout: (handle) => {
    if (handle !== null) clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

const waitFor = async (ok: () => boolean, what: string, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
};

try {
  const [alice, bob, carol] = await Promise.all([signUpUser(srv), signUpUser(srv), signUpUser(srv)]);
  const a = await connectDevice(srv, alice, 'bench-a');
  const b = await connectDevice(srv, bob, 'bench-b', { clock: pokeOnlyClock, realtime: true });
  const list = await lists.create({ name: 'Shared' }, a.db);
  await members.invite(list.id, bob.email, 'editor', a.db);
  await a.sync();
  await invitations.accept(list.id, b.db);
  await b.sync();
  await waitFor(() => b.pokes!.resubscribed > 0, 'B to subscribe');
  await waitFor(() => b.engine.getStatus().status === 'synced', 'B to settle');

  // the floor: one push of one task and one pull that returns just it, by raw RPC, as a third
  // user alone in a list (nobody listens for those pokes) with two client ids as two devices
  const floorList = randomUUID();
  const floorPusher = randomUUID();
  const floorPuller = randomUUID();
  let floorMutation = 1;
  await pushOk(carol.client, floorPusher, [listCreate(floorMutation++, floorList, 'Floor')]);
  let cursors = (await pull(carol.client, floorPuller, {})).data!.cursors;

  let sentAt = 0;
  let answeredAt = 0;
  let pokedAt = 0;
  const push = a.transport.push.bind(a.transport);
  a.transport.push = (req) => {
    sentAt = performance.now();
    return push(req);
  };
  a.transport.onServerAnswer = () => {
    answeredAt = performance.now();
  };
  b.pokes!.onReceive = () => {
    pokedAt ||= performance.now();
  };

  const applied: number[] = [];
  const poked: number[] = [];
  const pushes: number[] = [];
  const floors: number[] = [];
  for (let i = 0; i < WARMUP + N; i++) {
    pokedAt = 0;
    const task = await tasks.create({ title: `Change ${i}`, list_id: list.id }, a.db);
    const seen = new Promise<number>((resolve, reject) => {
      const stop = observe(
        () => getTask(task.id, b.db),
        (t) => {
          if (!t) return;
          const at = performance.now();
          queueMicrotask(() => stop());
          resolve(at);
        },
        reject,
      );
    });
    await a.sync();
    const appliedAt = await seen;
    await waitFor(() => b.engine.getStatus().status === 'synced', 'B to finish its run');

    const t0 = performance.now();
    await pushOk(carol.client, floorPusher, [taskCreate(floorMutation++, randomUUID(), floorList, `Floor ${i}`)]);
    const answer = await pull(carol.client, floorPuller, cursors);
    const floorMs = performance.now() - t0;
    if (answer.data?.tasks.length !== 1) throw new Error('the floor pull should return exactly the new task');
    cursors = answer.data.cursors;

    if (i >= WARMUP) {
      applied.push(appliedAt - sentAt);
      poked.push(pokedAt - sentAt);
      pushes.push(answeredAt - sentAt);
      floors.push(floorMs);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  if (b.transport.log.some((l) => l.kind === 'push')) throw new Error('B pushed: it should only pull');

  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  const row = (label: string, xs: number[]) => `${label}: median ${fmt(median(xs), 1)} ms, p95 ${fmt(percentile(sorted(xs), 95), 1)} ms`;
  console.log(`[${kind}] ${N} changes (after ${WARMUP} warm-up), from A sending its push:`);
  console.log(`  ${row('B has applied it (poke-triggered pull)', applied)}`);
  console.log(`  ${row('  the poke reached B', poked)}`);
  console.log(`  ${row('  A had its push answer', pushes)}`);
  console.log(`  ${row('floor: one push + one pull round trip', floors)}`);
  console.log(
    `  ratio ${fmt(median(applied) / median(floors), 1)}× the floor (medians); ` +
      `without B's ${POKE_DELAY_MS} ms coalescing delay ${fmt((median(applied) - POKE_DELAY_MS) / median(floors), 1)}×; ` +
      `B made ${b.transport.log.length} requests (all pulls)`,
  );
  await a.close();
  await b.close();
} finally {
  await done();
}
