// The RPC transport against the real stand-in: each kind of answer is classified as SPEC §7 says.
import { randomUUID } from 'node:crypto';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, memoryStorage } from '@/backend';
import type { Mutation } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';

describe.each(SERVER_KINDS)('RPC transport on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  async function signedIn(opts: { fetch?: typeof fetch; timeoutMs?: number; url?: string } = {}) {
    const u = await signUpUser(srv);
    const backend = createBackend(
      { supabaseUrl: srv.url, supabaseAnonKey: srv.anonKey },
      { storage: memoryStorage(), realtimeTransport: ws, autoRefreshToken: false, ...opts },
    );
    const r = await backend.signIn(u.email, u.password);
    if (!r.ok) throw new Error(r.message);
    return { u, backend };
  }
  const task = (id: number, title: string, listId: string, notes = ''): Mutation => ({
    id,
    name: 'task.create',
    args: { id: randomUUID(), list_id: listId, title, notes, position: 'a0' },
  });

  it('ok: a push and a pull come back with their answers', async () => {
    const { u, backend } = await signedIn();
    const t = backend.transportFor(u.userId);
    const client = randomUUID();
    expect(await t.push({ clientId: client, mutations: [task(1, 'One', u.userId)] })).toEqual({
      kind: 'ok',
      value: { last_mutation_id: 1, results: [{ id: 1, status: 'applied' }] },
    });
    const pulled = await t.pull({ clientId: client, cursors: {} });
    expect(pulled.kind === 'ok' && pulled.value.tasks.map((x) => x.title)).toEqual(['One']);
  });

  it('413: a body over 1 MiB is too_large and changes nothing', async () => {
    const { u, backend } = await signedIn();
    const t = backend.transportFor(u.userId);
    const client = randomUUID();
    const big = Array.from({ length: 120 }, (_, i) => task(i + 1, `Big ${i}`, u.userId, 'n'.repeat(10_000)));
    expect(await t.push({ clientId: client, mutations: big })).toMatchObject({ kind: 'too_large' });
    const pulled = await t.pull({ clientId: client, cursors: {} });
    expect(pulled.kind === 'ok' && pulled.value.last_mutation_id).toBe(0);
  });

  it('400: a malformed batch is refused as a whole', async () => {
    const { u, backend } = await signedIn();
    const out = await backend.transportFor(u.userId).push({ clientId: randomUUID(), mutations: [{ id: 1, name: 'task.archive', args: {} } as never] });
    expect(out).toMatchObject({ kind: 'refused', status: 400 });
  });

  it('403: a client id bound to another user is refused as a whole', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const client = randomUUID();
    await a.backend.transportFor(a.u.userId).push({ clientId: client, mutations: [task(1, 'A', a.u.userId)] });
    expect(await b.backend.transportFor(b.u.userId).push({ clientId: client, mutations: [task(1, 'B', b.u.userId)] })).toMatchObject({
      kind: 'refused',
      status: 403,
    });
  });

  it('a request that hangs past the deadline is a timeout', async () => {
    let hang = false;
    const hangingRpc: typeof fetch = (input, init) => {
      if (hang && String(input instanceof Request ? input.url : input).includes('/rest/v1/rpc/')) {
        return new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      }
      return fetch(input, init);
    };
    const { u, backend } = await signedIn({ fetch: hangingRpc, timeoutMs: 300 });
    hang = true;
    const started = Date.now();
    expect(await backend.transportFor(u.userId).pull({ clientId: randomUUID(), cursors: {} })).toMatchObject({ kind: 'retry', reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('no server listening is the network', async () => {
    let down = false;
    const refusing: typeof fetch = (input, init) => (down ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init));
    const { u, backend } = await signedIn({ fetch: refusing });
    down = true;
    expect(await backend.transportFor(u.userId).pull({ clientId: randomUUID(), cursors: {} })).toMatchObject({ kind: 'retry', reason: 'network', status: 0 });
  });

  it('a transport for another user sends nothing under this session: unauthorized', async () => {
    const rpcCalls: string[] = [];
    const recording: typeof fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/rest/v1/rpc/')) rpcCalls.push(url);
      return fetch(input, init);
    };
    const { backend } = await signedIn({ fetch: recording });
    const other = randomUUID();
    const out = await backend.transportFor(other).push({ clientId: randomUUID(), mutations: [task(1, 'x', other)] });
    expect(out).toEqual({ kind: 'unauthorized', message: 'Signed in as another user' });
    expect(rpcCalls).toEqual([]);
  });
});
