// 20 concurrent clients pushing and pulling for 60 s, then a check that every acknowledged
// change is in the database exactly once. Run: npx tsx bench/backend-load.ts pglite|pg
// (env BENCH_SECONDS, BENCH_CLIENTS)
import { acceptInvitations, signUpUser, type TestUser, listCreate, newId, pull, push, pushOk, type RawMutation, taskCreate } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs, percentile } from './backend-common.ts';

const kind = kindFromArgs();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const { srv, done } = await benchServer(kind);
try {
  // ten people with two devices each; everyone edits one shared list and their own Inbox
  const users: TestUser[] = [];
  for (let i = 0; i < Math.ceil(CLIENTS / 2); i++) users.push(await signUpUser(srv));
  const shared = newId();
  const owner = users[0]!;
  await pushOk(owner.client, newId(), [
    listCreate(1, shared, 'Shared'),
    ...users.slice(1).map((u, i) => ({ id: i + 2, name: 'member.invite', args: { list_id: shared, email: u.email, role: 'editor' } })),
  ]);
  for (const u of users.slice(1)) await acceptInvitations(u.client, shared);

  const latencies: number[] = [];
  let errors = 0;
  const errorKinds = new Map<string, number>();
  const noteError = (what: string) => {
    errors++;
    errorKinds.set(what, (errorKinds.get(what) ?? 0) + 1);
  };
  let requests = 0;
  const acked = new Map<string, string>(); // task id → last acknowledged title
  const deadline = Date.now() + SECONDS * 1000;

  async function device(user: TestUser, d: number) {
    const clientId = newId();
    let next = 1;
    let cursors: Record<string, number> = {};
    const mine: string[] = [];
    for (let round = 0; Date.now() < deadline && round < 100_000; round++) {
      const batch: RawMutation[] = [];
      const size = 1 + (round % 5);
      for (let k = 0; k < size; k++) {
        const target = (round + k) % 2 ? shared : user.userId;
        if (mine.length && k % 2) {
          const id = mine[(round * 7 + k) % mine.length]!;
          batch.push({ id: next++, name: 'task.update', args: { id, patch: { title: `edit ${d}-${round}-${k}` } } });
        } else {
          const id = newId();
          batch.push(taskCreate(next++, id, target, `new ${d}-${round}-${k}`));
        }
      }
      let t0 = performance.now();
      const res = await push(user.client, clientId, batch);
      latencies.push(performance.now() - t0);
      requests++;
      if (res.error || !res.data) {
        noteError(`push ${res.status} ${res.error?.code}: ${res.error?.message}`);
        next -= batch.length; // resend the same ids next round, as a real client would
        continue;
      }
      for (const r of res.data.results) {
        const m = batch.find((b) => b.id === r.id)!;
        if (r.status !== 'applied') {
          noteError(`refused ${r.error?.code}: ${r.error?.message}`);
          continue;
        }
        const id = String(m.args.id);
        if (m.name === 'task.create') {
          mine.push(id);
          acked.set(id, String(m.args.title));
        } else {
          acked.set(id, String((m.args.patch as { title: string }).title));
        }
      }
      t0 = performance.now();
      const p = await pull(user.client, clientId, cursors);
      latencies.push(performance.now() - t0);
      requests++;
      if (p.error || !p.data) noteError(`pull ${p.status} ${p.error?.code}: ${p.error?.message}`);
      else cursors = p.data.cursors;
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => device(users[Math.floor(i / 2)]!, i)));
  const elapsed = (performance.now() - started) / 1000;

  // every acknowledged change exactly once, with its last acknowledged value
  const found = new Map<string, number>();
  const titles = new Map<string, string>();
  for (const u of users) {
    let cursors: Record<string, number> = {};
    for (let i = 0; i < 10_000; i++) {
      const { data, error } = await pull(u.client, newId(), cursors, 1000);
      if (error || !data) throw new Error(error?.message);
      for (const t of data.tasks) {
        if (t.list_id === shared && u !== owner) continue; // count the shared list once
        found.set(t.id, (found.get(t.id) ?? 0) + 1);
        titles.set(t.id, t.title);
      }
      cursors = data.cursors;
      if (!data.has_more) break;
    }
  }
  let missing = 0;
  let wrong = 0;
  for (const [id, title] of acked) {
    if (found.get(id) !== 1) missing++;
    else if (titles.get(id) !== title) wrong++;
  }
  const dupes = [...found.values()].filter((n) => n > 1).length;
  latencies.sort((a, b) => a - b);
  console.log(
    `[${kind}] ${CLIENTS} clients for ${fmt(elapsed, 1)} s: ${fmt(requests)} requests (${fmt(requests / elapsed)} req/s), ` +
      `p50 ${fmt(percentile(latencies, 50), 1)} ms, p95 ${fmt(percentile(latencies, 95), 1)} ms, errors ${errors}; ` +
      `${fmt(acked.size)} acknowledged tasks: ${missing} missing, ${dupes} duplicated, ${wrong} with a stale value`,
  );
  if (errorKinds.size) console.log('errors:', Object.fromEntries(errorKinds));
  if (errors || missing || dupes || wrong) process.exitCode = 1;
} finally {
  await done();
}
