// 10,000 edits made offline on one device, then the network comes back: time until that
// device's outbox is empty and another device has pulled every change, beside the floor of
// writing the same rows once (one SQL statement + one IndexedDB bulkPut) in the same run.
// Also requests and bytes per change. Node + fake-indexeddb (IndexedDB in JS memory).
// Run: npx tsx bench/sync-offline-burst.ts pglite|pg   (env BENCH_EDITS, BENCH_REPEAT)
import { fmt, kindFromArgs, benchServer } from './backend-common.ts';
import { countingFetch, floor, median } from './sync-common.ts';
import { lists, tasks } from '../src/data/write/index.ts';
import { toTask } from '../src/data/db/schema.ts';
import { signUpUser, connectDevice } from '../tests/helpers/index.ts';

const kind = kindFromArgs();
const N = Number(process.env.BENCH_EDITS ?? 10_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const { srv, done } = await benchServer(kind);

interface Run {
  /** Time inside push / pull requests on device A (the rest of its run is local work). */
  pushReqMs: number;
  pullReqMs: number;
  editMs: number;
  syncMs: number;
  pushMs: number;
  pullMs: number;
  floorMs: number;
  sqlMs: number;
  idbMs: number;
  requests: number;
  bytesSent: number;
  bytesReceived: number;
}

async function once(): Promise<Run> {
  const user = await signUpUser(srv);
  const aNet = countingFetch();
  const bNet = countingFetch();
  const a = await connectDevice(srv, user, 'bench-a', { fetch: aNet.fetch });
  const b = await connectDevice(srv, user, 'bench-b', { fetch: bNet.fetch });
  await a.sync();
  await b.sync();
  const base = { a: { ...aNet.wire }, b: { ...bNet.wire } };

  // Offline: N edits — 70 % new tasks across four lists and the Inbox, 30 % edits of them
  // (title, notes and priority), the way a day without a network goes.
  a.transport.offline = true;
  let t0 = performance.now();
  const listIds = [undefined as string | undefined];
  for (let i = 0; i < 4; i++) listIds.push((await lists.create({ name: `List ${i}` }, a.db)).id);
  const made: string[] = [];
  for (let i = 4; i < N; i++) {
    if (made.length < 10 || i % 10 < 7) {
      made.push((await tasks.create({ title: `Task ${i}`, list_id: listIds[i % listIds.length] }, a.db)).id);
    } else {
      const id = made[(i * 7919) % made.length]!;
      // every edit changes something (an edit that changes nothing queues nothing)
      await tasks.update(id, i % 2 ? { title: `Task ${i} (edited)` } : { notes: `note ${i}`, priority: ((i % 3) + 1) as 1 | 2 | 3 }, a.db);
    }
  }
  const editMs = performance.now() - t0;
  if ((await a.db.outbox.count()) !== N) throw new Error(`expected ${N} queued edits, found ${await a.db.outbox.count()}`);

  // Back online (requests timed on A to split network+server from local work).
  const timing = { push: 0, pull: 0 };
  const push = a.transport.push.bind(a.transport);
  const pull = a.transport.pull.bind(a.transport);
  a.transport.push = async (req) => {
    const t = performance.now();
    const out = await push(req);
    timing.push += performance.now() - t;
    return out;
  };
  a.transport.pull = async (req) => {
    const t = performance.now();
    const out = await pull(req);
    timing.pull += performance.now() - t;
    return out;
  };
  a.transport.offline = false;
  t0 = performance.now();
  await a.sync();
  const pushMs = performance.now() - t0;
  if ((await a.db.outbox.count()) !== 0) throw new Error('outbox not empty after sync');
  const t1 = performance.now();
  await b.sync();
  const pullMs = performance.now() - t1;
  const syncMs = performance.now() - t0;

  const finalA = (await a.db.tasks.toArray()).map(toTask).sort((x, y) => x.id.localeCompare(y.id));
  const finalB = (await b.db.tasks.toArray()).map(toTask).sort((x, y) => x.id.localeCompare(y.id));
  if (finalB.length !== made.length || JSON.stringify(finalA) !== JSON.stringify(finalB)) throw new Error('the other device does not match');

  const { sqlMs, idbMs } = await floor(kind, finalA, user.userId);
  await a.close();
  await b.close();
  await a.db.delete();
  await b.db.delete();
  return {
    pushReqMs: timing.push,
    pullReqMs: timing.pull,
    editMs,
    syncMs,
    pushMs,
    pullMs,
    sqlMs,
    idbMs,
    floorMs: sqlMs + idbMs,
    requests: aNet.wire.requests - base.a.requests + bNet.wire.requests - base.b.requests,
    bytesSent: aNet.wire.bytesSent - base.a.bytesSent,
    bytesReceived: bNet.wire.bytesReceived - base.b.bytesReceived,
  };
}

try {
  const runs: Run[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const r = await once();
    runs.push(r);
    console.log(
      `[${kind}] run ${i + 1}: edits ${fmt(r.editMs)} ms; sync ${fmt(r.syncMs)} ms (device A ${fmt(r.pushMs)} ms: push requests ${fmt(r.pushReqMs)}, pull requests ${fmt(r.pullReqMs)}, local ${fmt(r.pushMs - r.pushReqMs - r.pullReqMs)}; device B pull ${fmt(r.pullMs)} ms); ` +
        `floor ${fmt(r.floorMs)} ms (SQL ${fmt(r.sqlMs)} + bulkPut ${fmt(r.idbMs)}); requests ${r.requests}; sent ${fmt(r.bytesSent)} B`,
    );
  }
  const m = (k: keyof Run) => median(runs.map((r) => r[k]));
  console.log(
    `[${kind}] median of ${REPEAT}: ${fmt(N)} offline edits → synced in ${fmt(m('syncMs') / 1000, 2)} s ` +
      `(A ${fmt(m('pushMs') / 1000, 2)} s of which push requests ${fmt(m('pushReqMs') / 1000, 2)} s and pull requests ${fmt(m('pullReqMs') / 1000, 2)} s; B ${fmt(m('pullMs') / 1000, 2)} s); floor ${fmt(m('floorMs') / 1000, 2)} s ` +
      `(SQL ${fmt(m('sqlMs'))} ms + IndexedDB bulkPut ${fmt(m('idbMs'))} ms); ratio ${fmt(m('syncMs') / m('floorMs'), 1)}×; ` +
      `${fmt(m('requests') / N, 4)} requests/change (${fmt(m('requests'))} total); ${fmt(m('bytesSent') / N, 1)} B sent/change; ` +
      `${fmt(m('bytesReceived') / N, 1)} B received/change by B; making the edits offline took ${fmt(m('editMs') / 1000, 2)} s`,
  );
} finally {
  await done();
}
