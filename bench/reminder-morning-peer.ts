// The other processes of bench/reminder-morning.ts, driven over IPC (child_process.fork),
// loopback only:
// - `push`: a fake push service for N subscriptions (`/m/<i>`) that accepts every POST, counts
//   it and notes when it first arrived, and every BENCH_DECRYPT_EVERY-th one checks as a real
//   push service would: the VAPID JWT's ES256 signature and claims, then the aes128gcm body
//   decrypted (RFC 8291) with the subscription's keys and read as a reminder push. The
//   subscriptions share a small pool of key pairs (the sender still makes a fresh ECDH key and
//   salt per message), so setting up 100,000 costs no 100,000 key generations.
// - `sampler`: times GET /config.json and a sync_pull on the server, each every 100 ms, one at a
//   time, from outside the server's process.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkVapid, decrypt, type FakePushKeys as Sub } from '../tests/helpers/index.ts';

const send = (m: unknown) => process.send?.(m);
const KEY_POOL = 32;

type Command =
  | { type: 'init'; n: number; decryptEvery: number }
  | { type: 'stats' }
  | { type: 'arrivals' }
  | { type: 'sample'; url: string; anonKey: string; token: string; everyMs: number }
  | { type: 'stop-sample' }
  | { type: 'close' };

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function startPush() {
  const pool: Sub[] = Array.from({ length: KEY_POOL }, () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return { ecdh, publicKey: ecdh.getPublicKey(), auth: randomBytes(16) };
  });
  let counts = new Uint32Array(0);
  let firstAt = new Float64Array(0);
  let decryptEvery = 1;
  const stats = { requests: 0, checked: 0, bad: 0, badReasons: [] as string[], firstAt: 0, lastAt: 0 };
  let origin = '';
  const server = createServer(async (req, res) => {
    const body = await readAll(req);
    const i = Number(/^\/m\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1);
    if (req.method !== 'POST' || !(i >= 0 && i < counts.length)) {
      res.writeHead(404).end();
      return;
    }
    const now = Date.now();
    stats.requests++;
    stats.firstAt ||= now;
    stats.lastAt = now;
    if (counts[i]! === 0) firstAt[i] = now;
    counts[i]!++;
    if (stats.requests % decryptEvery === 0) {
      stats.checked++;
      try {
        checkVapid(req.headers.authorization, origin, null);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
        const msg = JSON.parse(decrypt(body, pool[i % KEY_POOL]!).toString('utf8')) as { kind?: string; options?: { tag?: string } };
        if (msg.kind !== 'reminder' || !msg.options?.tag?.startsWith('reminder:')) throw new Error(`not a reminder push: ${JSON.stringify(msg).slice(0, 100)}`);
      } catch (err) {
        stats.bad++;
        if (stats.badReasons.length < 5) stats.badReasons.push(err instanceof Error ? err.message : String(err));
      }
    }
    res.writeHead(201).end();
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keys = pool.map((s) => ({ p256dh: s.publicKey.toString('base64url'), auth: s.auth.toString('base64url') }));
  return {
    origin,
    keys,
    init(n: number, every: number) {
      counts = new Uint32Array(n);
      firstAt = new Float64Array(n);
      decryptEvery = Math.max(1, every);
    },
    stats() {
      let distinct = 0;
      let twice = 0;
      for (const c of counts) {
        if (c > 0) distinct++;
        if (c > 1) twice++;
      }
      return { ...stats, distinct, twice };
    },
    arrivals: () => Array.from(firstAt),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

interface Sample {
  at: number;
  ms: number;
}

function startSampling(url: string, anonKey: string, token: string, everyMs: number) {
  const state = { stop: false, config: [] as Sample[], pull: [] as Sample[], errors: 0 };
  async function timed(into: Sample[], request: () => Promise<Response>) {
    const at = Date.now();
    const t0 = performance.now();
    try {
      const res = await request();
      await res.arrayBuffer();
      if (!res.ok) state.errors++;
      into.push({ at, ms: performance.now() - t0 });
    } catch {
      state.errors++;
      into.push({ at, ms: Number.POSITIVE_INFINITY });
    }
  }
  const loop = async (into: Sample[], request: () => Promise<Response>) => {
    while (!state.stop) {
      await timed(into, request);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  };
  const headers = { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const done = Promise.all([
    loop(state.config, () => fetch(`${url}/config.json`)),
    loop(state.pull, () =>
      fetch(`${url}/rest/v1/rpc/sync_pull`, { method: 'POST', headers, body: JSON.stringify({ p_client_id: '00000000-0000-4000-8000-000000000001', p_cursors: {}, p_limit: 100 }) }),
    ),
  ]);
  return { state, done };
}

const role = process.argv[2];
const push = role === 'push' ? await startPush() : null;
let sampling: ReturnType<typeof startSampling> | null = null;

process.on('message', async (m: Command) => {
  if (m.type === 'init') {
    push!.init(m.n, m.decryptEvery);
    send({ type: 'init' });
  } else if (m.type === 'stats') send({ type: 'stats', ...push!.stats() });
  else if (m.type === 'arrivals') send({ type: 'arrivals', at: push!.arrivals() });
  else if (m.type === 'sample') {
    sampling = startSampling(m.url, m.anonKey, m.token, m.everyMs);
    send({ type: 'sample' });
  } else if (m.type === 'stop-sample') {
    const s = sampling!;
    s.state.stop = true;
    await s.done;
    send({ type: 'stop-sample', config: s.state.config, pull: s.state.pull, errors: s.state.errors });
  } else if (m.type === 'close') {
    await push?.close();
    process.exit(0);
  }
});

send(push ? { type: 'ready', origin: push.origin, keys: push.keys, pid: process.pid } : { type: 'ready', pid: process.pid });
