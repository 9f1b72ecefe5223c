// The stand-in's Realtime slice against the real supabase-js (realtime-js over `ws`, vsn 2.0.0
// with its binary frames) and against raw frames supabase-js would never send.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ws from 'ws';
import { listen, openSocket } from '../../helpers/realtime';
import { newClient, SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { newId, pushOk, taskCreate } from '../../helpers/server-sync';

const waitLong = { timeout: 15_000 };

/** A poke on the user's own channel: one task into their Inbox. */
async function pokeSelf(user: TestUser) {
  await pushOk(user.client, newId(), [taskCreate(1, newId(), user.userId)]);
}

describe.each(SERVER_KINDS)('Realtime on %s: supabase-js', (kind) => {
  let srv: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const clients: SupabaseClient[] = [];
  beforeAll(async () => {
    srv = await startTestServer(kind);
    [alice, bob] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    clients.push(alice.client, bob.client);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await srv?.stop();
  });

  it('joins the user’s own private channel (SUBSCRIBED) and hears the database’s pokes on it', async () => {
    const rec = listen(alice.client, alice.userId);
    await vi.waitFor(() => expect(rec.statuses).toEqual(['SUBSCRIBED']));
    await pokeSelf(alice);
    await vi.waitFor(() => expect(rec.pokes).toHaveLength(1));
    expect(rec.pokes[0]).toMatchObject({ list_id: alice.userId, client_id: expect.any(String) });
    await alice.client.removeChannel(rec.channel);
  });

  it('refuses a join to someone else’s user:<id> topic, which then hears nothing', async () => {
    const spy = listen(bob.client, alice.userId);
    await vi.waitFor(() => expect(spy.statuses).toContain('CHANNEL_ERROR'));
    expect(spy.errors[0]).toBe(`Unauthorized: You do not have permissions to read from this Channel topic: user:${alice.userId}`);
    // a public channel of the same name is another channel: the private pokes never reach it
    const anon = newClient(srv.url, srv.anonKey);
    clients.push(anon);
    const publicSpy = listen(anon, alice.userId, { private: false });
    const room = `room:${randomUUID()}`;
    const marker: unknown[] = [];
    const anonRoom = anon.channel(room).on('broadcast', { event: 'marker' }, (m) => void marker.push(m.payload));
    const bobRoom = bob.client.channel(room);
    const joined: string[] = [];
    anonRoom.subscribe((s) => joined.push(s));
    bobRoom.subscribe((s) => joined.push(s));
    const own = listen(alice.client, alice.userId);
    const bobOwn = listen(bob.client, bob.userId);
    await vi.waitFor(() => {
      for (const r of [publicSpy, own, bobOwn]) expect(r.statuses).toEqual(['SUBSCRIBED']);
      expect(joined).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);
    });
    await pokeSelf(alice);
    await pokeSelf(bob);
    await vi.waitFor(() => expect([own.pokes.length, bobOwn.pokes.length]).toEqual([1, 1]));
    // Alice's poke went out before these, on the same ordered streams: whatever Bob's socket or
    // the anonymous one would have heard of it has arrived by the time they have
    await bobRoom.send({ type: 'broadcast', event: 'marker', payload: {} });
    await vi.waitFor(() => expect(marker).toHaveLength(1));
    expect(spy.pokes).toEqual([]);
    expect(publicSpy.pokes).toEqual([]);
    await bob.client.removeAllChannels();
    await anon.removeAllChannels();
    await alice.client.removeChannel(own.channel);
  });

  it('refuses private channels to anon (no user token)', async () => {
    const anon = newClient(srv.url, srv.anonKey);
    clients.push(anon);
    const rec = listen(anon, alice.userId);
    await vi.waitFor(() => expect(rec.statuses).toContain('CHANNEL_ERROR'));
    expect(rec.errors[0]).toMatch(/^Unauthorized: You do not have permissions to read from this Channel topic/);
    await anon.removeAllChannels();
  });

  it('answers what it does not implement (presence, postgres_changes) with a clear error', async () => {
    const presence = alice.client.channel(`room:${randomUUID()}`, { config: { presence: { enabled: true } } });
    const changes = alice.client.channel(`room:${randomUUID()}`).on('postgres_changes', { event: '*', schema: 'public', table: 'tasks' }, () => {});
    const errors: string[] = [];
    presence.subscribe((_s, err) => err && errors.push(err.message));
    changes.subscribe((_s, err) => err && errors.push(err.message));
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2));
    expect(errors).toEqual(
      expect.arrayContaining([
        'Presence is not available on the Daybook stand-in (it implements Realtime broadcast only)',
        'postgres_changes is not available on the Daybook stand-in (it implements Realtime broadcast only)',
      ]),
    );
    await alice.client.removeChannel(presence);
    await alice.client.removeChannel(changes);
  });

  it('relays client broadcasts on a public channel (self and ack as configured); a private one refuses them', async () => {
    const room = `room:${randomUUID()}`;
    const heard = { alice: [] as unknown[], bob: [] as unknown[] };
    const a = alice.client
      .channel(room, { config: { broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'wave' }, (m) => void heard.alice.push(m.payload));
    const b = bob.client.channel(room).on('broadcast', { event: 'wave' }, (m) => void heard.bob.push(m.payload));
    const joined: string[] = [];
    a.subscribe((s) => joined.push(`a:${s}`));
    b.subscribe((s) => joined.push(`b:${s}`));
    await vi.waitFor(() => expect(joined.sort()).toEqual(['a:SUBSCRIBED', 'b:SUBSCRIBED']));
    expect(await a.send({ type: 'broadcast', event: 'wave', payload: { from: 'alice' } })).toBe('ok');
    await vi.waitFor(() => expect(heard).toEqual({ alice: [{ from: 'alice' }], bob: [{ from: 'alice' }] }));
    expect(await b.send({ type: 'broadcast', event: 'wave', payload: { from: 'bob' } })).toBe('ok');
    await vi.waitFor(() => expect(heard.alice).toEqual([{ from: 'alice' }, { from: 'bob' }]));
    expect(heard.bob).toEqual([{ from: 'alice' }]); // self is off for Bob

    const own = alice.client.channel(`user:${alice.userId}`, { config: { private: true, broadcast: { ack: true } } });
    const ownStatus: string[] = [];
    own.subscribe((s) => ownStatus.push(s));
    await vi.waitFor(() => expect(ownStatus).toEqual(['SUBSCRIBED']));
    expect(await own.send({ type: 'broadcast', event: 'poke', payload: { list_id: 'forged' } })).toBe('error');
    for (const [c, ch] of [[alice.client, a], [bob.client, b], [alice.client, own]] as const) await c.removeChannel(ch);
  });

  it('keeps the channel across a token refresh; a token the server cannot use closes it, with the reason', async () => {
    const user = await signUpUser(srv);
    clients.push(user.client);
    const rec = listen(user.client, user.userId);
    await vi.waitFor(() => expect(rec.statuses).toEqual(['SUBSCRIBED']));
    const { data, error } = await user.client.auth.refreshSession();
    expect(error).toBeNull();
    // supabase-js hands the new token to realtime, which sends it on the joined channel
    await vi.waitFor(() => expect(user.client.realtime.accessTokenValue).toBe(data.session?.access_token));
    await pokeSelf(user);
    await vi.waitFor(() => expect(rec.pokes).toHaveLength(1));
    expect(rec.statuses).toEqual(['SUBSCRIBED']);

    await user.client.realtime.setAuth('not-a-jwt');
    await vi.waitFor(() => expect(rec.statuses).toEqual(['SUBSCRIBED', 'CLOSED']));
    expect(rec.system).toEqual([{ extension: 'system', status: 'error', message: 'The token provided is not a valid JWT', channel: `user:${user.userId}` }]);
    await pokeSelf(user);
    const check = listen(user.client, user.userId); // a fresh join still works with a good token
    await user.client.realtime.setAuth(data.session!.access_token);
    await vi.waitFor(() => expect(check.statuses).toContain('SUBSCRIBED'), waitLong);
    expect(rec.pokes).toHaveLength(1);
    await user.client.removeAllChannels();
  });
});

describe.each(SERVER_KINDS)('Realtime on %s: tokens that expire', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind, { accessTokenTtlSeconds: 4 });
  });
  afterAll(() => srv?.stop());

  const expOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).exp as number;

  it('a refreshed token keeps delivery going past the old one’s expiry; an expired one ends it like Supabase', async () => {
    const user = await signUpUser(srv);
    const firstExp = expOf(user.accessToken);
    const rec = listen(user.client, user.userId);
    await vi.waitFor(() => expect(rec.statuses).toEqual(['SUBSCRIBED']));
    // refresh two whole seconds later, so the new token outlives the old one by two seconds
    await vi.waitFor(() => expect(Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(firstExp - 2), waitLong);
    const { data, error } = await user.client.auth.refreshSession();
    expect(error).toBeNull();
    expect(expOf(data.session!.access_token)).toBeGreaterThanOrEqual(firstExp + 2);
    await vi.waitFor(() => expect(user.client.realtime.accessTokenValue).toBe(data.session!.access_token));
    await vi.waitFor(() => expect(Date.now() / 1000).toBeGreaterThan(firstExp + 0.2), waitLong);
    await pokeSelf(user);
    await vi.waitFor(() => expect(rec.pokes).toHaveLength(1));
    expect(rec.statuses).toEqual(['SUBSCRIBED']);
    await vi.waitFor(() => expect(rec.statuses).toEqual(['SUBSCRIBED', 'CLOSED']), waitLong);
    expect(rec.system).toEqual([
      { extension: 'system', status: 'error', message: expect.stringMatching(/^Token has expired \d+ seconds ago$/), channel: `user:${user.userId}` },
    ]);
    await user.client.removeAllChannels();
  });
});

describe.each(SERVER_KINDS)('Realtime on %s: heartbeats, bad frames, shutdown', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind, { realtimeIdleTimeoutMs: 1000 });
  });
  afterAll(() => srv?.stop());

  it('closes a socket that sends nothing; heartbeats keep a channel alive', async () => {
    const silent = await openSocket(srv);
    expect((await silent.closed).code).toBe(1000);

    const user = await signUpUser(srv);
    const beats: string[] = [];
    const client = createClient(srv.url, srv.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: ws as never, heartbeatIntervalMs: 150, heartbeatCallback: (s) => void beats.push(s) },
    });
    await client.auth.setSession({ access_token: user.accessToken, refresh_token: user.refreshToken });
    const rec = listen(client, user.userId);
    await vi.waitFor(() => expect(rec.statuses).toEqual(['SUBSCRIBED']));
    // well past the idle timeout, kept open by heartbeats alone
    await vi.waitFor(() => expect(beats.filter((b) => b === 'ok').length).toBeGreaterThanOrEqual(12), waitLong);
    await pokeSelf(user);
    await vi.waitFor(() => expect(rec.pokes).toHaveLength(1));
    expect(rec.statuses).toEqual(['SUBSCRIBED']);
    expect(beats).not.toContain('timeout');
    await client.removeAllChannels();
  });

  it('speaks raw vsn 2.0.0 and 1.0.0 frames; answers an unjoined topic with an error and stays open', async () => {
    const v2 = await openSocket(srv);
    v2.sendJson([null, '1', 'phoenix', 'heartbeat', {}]);
    v2.sendJson(['2', '2', 'realtime:room:x', 'phx_join', { config: { private: false } }]);
    v2.sendJson(['9', '3', 'realtime:never-joined', 'broadcast', { type: 'broadcast', event: 'e', payload: {} }]);
    v2.sendJson(['2', '4', 'realtime:room:x', 'phx_leave', {}]);
    await vi.waitFor(() => expect(v2.frames).toHaveLength(5));
    expect(v2.frames).toEqual([
      [null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }],
      ['2', '2', 'realtime:room:x', 'phx_reply', { status: 'ok', response: { postgres_changes: [] } }],
      ['9', '3', 'realtime:never-joined', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }],
      ['2', '4', 'realtime:room:x', 'phx_reply', { status: 'ok', response: {} }],
      ['2', '2', 'realtime:room:x', 'phx_close', {}],
    ]);
    const v1 = await openSocket(srv, { vsn: '1.0.0' });
    v1.sendJson({ topic: 'phoenix', event: 'heartbeat', payload: {}, ref: '7' });
    await vi.waitFor(() => expect(v1.frames).toHaveLength(1));
    expect(v1.frames[0]).toEqual({ join_ref: null, ref: '7', topic: 'phoenix', event: 'phx_reply', payload: { status: 'ok', response: {} } });
    v2.ws.close();
    v1.ws.close();
  });

  it('a bad frame closes only that socket; others and HTTP carry on', async () => {
    const healthy = await openSocket(srv);
    const cases: [string, (s: Awaited<ReturnType<typeof openSocket>>) => void, number][] = [
      ['text that is not JSON', (s) => s.ws.send('{"oops'), 1007],
      ['JSON that is not a frame', (s) => s.sendJson({ hello: 'world' }), 1007],
      ['binary that is no known kind', (s) => s.ws.send(Buffer.from([9, 9, 9])), 1007],
      ['a frame over 1 MiB', (s) => s.sendJson([null, '1', 'phoenix', 'heartbeat', { pad: 'x'.repeat(1_100_000) }]), 1009],
    ];
    for (const [label, send, code] of cases) {
      const bad = await openSocket(srv);
      send(bad);
      expect((await bad.closed).code, label).toBe(code);
    }
    healthy.sendJson([null, '1', 'phoenix', 'heartbeat', {}]);
    await vi.waitFor(() => expect(healthy.frames).toHaveLength(1));
    expect((await fetch(`${srv.url}/config.json`)).status).toBe(200);
    healthy.ws.close();
  });

  it('refuses the upgrade without a valid apikey, or on another path', async () => {
    await expect(openSocket(srv, { apikey: 'nope' })).rejects.toThrow('HTTP 403');
    await expect(openSocket(srv, {}, '/realtime/v1/elsewhere')).rejects.toThrow('HTTP 404');
  });
});

describe.each(SERVER_KINDS)('Realtime on %s: shutdown', (kind) => {
  it('closing the server closes its sockets (clients see the channel drop) and finishes', async () => {
    const srv = await startTestServer(kind);
    const user = await signUpUser(srv);
    const rec = listen(user.client, user.userId);
    await vi.waitFor(() => expect(rec.statuses).toEqual(['SUBSCRIBED']));
    await srv.stop();
    await vi.waitFor(() => expect(rec.statuses).toContain('CHANNEL_ERROR'));
    await user.client.removeAllChannels();
  });
});
