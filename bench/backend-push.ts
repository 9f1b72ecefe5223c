// 10,000 task changes through sync_push: batches of 200 vs one request per change.
// Run: npx tsx bench/backend-push.ts pglite|pg   (env BENCH_CHANGES to change 10,000;
// BENCH_REPEAT=n repeats the batched run n times and reports the median; BENCH_NAIVE=0 skips the one-request-per-change run, which takes ~10× as long;
// BENCH_PER_CHANGE=1 makes every 200th change a due-date edit of a task created just before, so each batch goes change by change
// instead of set-wise)
import { signUpUser, newId, pushOk, type RawMutation, taskCreate } from '../tests/helpers/index.ts';
import { benchServer, fmt, kindFromArgs } from './backend-common.ts';

const kind = kindFromArgs();
const N = Number(process.env.BENCH_CHANGES ?? 10_000);
const { srv, done } = await benchServer(kind);
try {
  const user = await signUpUser(srv);
  const perChange = process.env.BENCH_PER_CHANGE === '1';
  const changes = (first: number): RawMutation[] => {
    const out: RawMutation[] = [];
    for (let i = 0; i < N; i++) {
      const edit = perChange && i % 200 === 199;
      out.push(
        edit
          ? { id: first + i, name: 'task.update', args: { id: out[i - 1]!.args.id, patch: { due_date: '2026-12-01' } } }
          : taskCreate(first + i, newId(), user.userId, `task ${i}`),
      );
    }
    return out;
  };

  // BENCH_REPEAT runs of the batched push (each a new client id, same server): the median
  const runs: number[] = [];
  for (let rep = 0; rep < Number(process.env.BENCH_REPEAT ?? 1); rep++) {
    const batched = changes(1);
    const t0 = performance.now();
    const batchClient = newId();
    for (let i = 0; i < N; i += 200) {
      const r = await pushOk(user.client, batchClient, batched.slice(i, i + 200));
      if (r.results.some((x) => x.status !== 'applied')) throw new Error('batched change not applied');
    }
    runs.push(performance.now() - t0);
  }
  if (runs.length > 1) console.log(`[${kind}] batched runs: ${runs.map((ms) => fmt(ms / 1000, 2)).join(', ')} s`);
  const batchedMs = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;

  if (process.env.BENCH_NAIVE === '0') {
    console.log(`[${kind}] ${fmt(N)} changes — batches of 200: ${fmt(batchedMs / 1000, 2)} s (${fmt(N / (batchedMs / 1000))} changes/s)`);
  } else {
  const single = changes(1);
  const singleClient = newId();
  const t0 = performance.now();
  for (const m of single) {
    const r = await pushOk(user.client, singleClient, [m]);
    if (r.results[0]?.status !== 'applied') throw new Error('single change not applied');
  }
  const singleMs = performance.now() - t0;

  console.log(
    `[${kind}] ${fmt(N)} changes — batches of 200: ${fmt(batchedMs / 1000, 2)} s (${fmt(N / (batchedMs / 1000))} changes/s); ` +
      `one per request: ${fmt(singleMs / 1000, 2)} s (${fmt(N / (singleMs / 1000))} changes/s); ratio ${fmt(singleMs / batchedMs, 1)}×`,
  );
  }
} finally {
  await done();
}
