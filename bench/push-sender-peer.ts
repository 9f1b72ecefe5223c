// The other processes of bench/push-sender.ts: the fake push service (decrypting every push, as
// a real one would), and (`sampler`, a process of its own so its timings wait for nobody's
// decryption) a sampler timing GET /config.json on the server from outside the server's event
// loop. Driven over IPC by the bench (child_process.fork); loopback only.
import { type FakePushService, startFakePushService } from '../tests/helpers/index.ts';

type Command =
  | { type: 'subs'; n: number }
  | { type: 'hang'; endpoints: string[] }
  | { type: 'sample'; url: string; everyMs: number; maxMs: number }
  | { type: 'stop-sample' }
  | { type: 'deliveries' }
  | { type: 'close' };

let push: FakePushService | null = null;
let sampling: { stop: boolean; latencies: number[]; done: Promise<void> } | null = null;
const send = (m: unknown) => process.send?.(m);

async function sample(url: string, everyMs: number, maxMs: number) {
  const s = { stop: false, latencies: [] as number[], done: Promise.resolve() };
  s.done = (async () => {
    const end = performance.now() + maxMs;
    // bounded in time and in count: one request at a time, at most maxMs / everyMs of them
    for (let i = 0; !s.stop && performance.now() < end && i < maxMs / everyMs; i++) {
      const t0 = performance.now();
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        s.latencies.push(performance.now() - t0);
      } catch {
        s.latencies.push(Number.POSITIVE_INFINITY);
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return s;
}

process.on('message', async (m: Command) => {
  if (m.type === 'subs') send({ type: 'subs', subs: Array.from({ length: m.n }, () => push!.newSubscription()) });
  else if (m.type === 'hang') {
    for (const e of m.endpoints) push!.answer(e, 'hang');
    send({ type: 'hang' });
  } else if (m.type === 'sample') {
    sampling = await sample(m.url, m.everyMs, m.maxMs);
    send({ type: 'sample' });
  } else if (m.type === 'stop-sample') {
    const s = sampling;
    if (s) {
      s.stop = true;
      await s.done;
    }
    sampling = null;
    send({ type: 'stop-sample', latencies: s?.latencies ?? [] });
  } else if (m.type === 'deliveries') {
    const counts: Record<string, number> = {};
    for (const d of push!.deliveries) counts[d.endpoint] = (counts[d.endpoint] ?? 0) + 1;
    send({ type: 'deliveries', counts, rejections: push!.rejections.length });
  } else if (m.type === 'close') {
    await push?.close();
    process.exit(0);
  }
});

if (process.argv[2] === 'sampler') send({ type: 'ready', origin: null });
else {
  push = await startFakePushService();
  send({ type: 'ready', origin: push.origin });
}
