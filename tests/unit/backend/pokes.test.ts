// subscribePokes' own cycle over a stand-in for the few supabase-js calls it makes: which
// channel it joins with which token, what it reports, and how it starts over after an error.
// (Against the real supabase-js and server: tests/integration/realtime.)
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readPoke, subscribePokes } from '@/backend/pokes';
import type { Poke } from '@/sync/ports';

type Status = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'TIMED_OUT' | 'CLOSED';

class FakeChannel {
  removed = false;
  private status: ((s: Status) => void) | null = null;
  private listeners: { event: string; cb: (m: unknown) => void }[] = [];
  constructor(
    readonly topic: string,
    readonly opts: unknown,
  ) {}
  on(_type: string, filter: { event: string }, cb: (m: unknown) => void) {
    this.listeners.push({ event: filter.event, cb });
    return this;
  }
  subscribe(cb: (s: Status) => void) {
    this.status = cb;
    return this;
  }
  emit(status: Status) {
    this.status?.(status);
  }
  broadcast(event: string, payload: unknown) {
    for (const l of this.listeners) if (l.event === event) l.cb({ type: 'broadcast', event, payload });
  }
}

function fakeSupabase() {
  const state = {
    token: 'token-1' as string | null,
    tokens: [] as (string | null)[],
    channels: [] as FakeChannel[],
    authListeners: new Set<(event: string) => void>(),
  };
  const client = {
    auth: {
      getSession: async () => ({ data: { session: state.token ? { access_token: state.token } : null }, error: null }),
      onAuthStateChange(listener: (event: string) => void) {
        state.authListeners.add(listener);
        return { data: { subscription: { unsubscribe: () => void state.authListeners.delete(listener) } } };
      },
    },
    realtime: {
      setAuth: async (t: string | null) => {
        state.tokens.push(t);
      },
    },
    // like realtime-js: the topic gets a `realtime:` prefix, and an existing channel of that
    // topic is handed back instead of a new one
    channel(topic: string, opts: unknown) {
      const existing = this.getChannels().find((c) => c.topic === `realtime:${topic}`);
      if (existing) return existing;
      const ch = new FakeChannel(`realtime:${topic}`, opts);
      state.channels.push(ch);
      return ch;
    },
    getChannels: () => state.channels.filter((c) => !c.removed),
    async removeChannel(ch: FakeChannel) {
      ch.removed = true;
      return 'ok';
    },
  };
  const emitAuth = (event: string) => {
    for (const l of state.authListeners) l(event);
  };
  return { supabase: client as unknown as SupabaseClient, state, emitAuth, last: () => state.channels.at(-1)! };
}

beforeEach(() => {
  vi.useFakeTimers();
});

const last = (state: { channels: FakeChannel[] }) => state.channels.at(-1)!;
afterEach(() => {
  vi.useRealTimers();
});

function handlers() {
  const seen = { pokes: [] as Poke[], resubscribed: 0 };
  return { seen, handlers: { onPoke: (p: Poke) => void seen.pokes.push(p), onResubscribed: () => void seen.resubscribed++ } };
}

const delays = (attempt: number) => attempt * 1000;

describe('subscribePokes', () => {
  it('joins the private channel user:<id> with the session’s token and reports every SUBSCRIBED and poke', async () => {
    const { supabase, state, last } = fakeSupabase();
    const { seen, handlers: h } = handlers();
    const stop = subscribePokes(supabase, 'u-1', h, { retryDelay: delays });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.tokens).toEqual(['token-1']);
    expect(last()).toMatchObject({ topic: 'realtime:user:u-1', opts: { config: { private: true } } });
    last().emit('SUBSCRIBED');
    expect(seen.resubscribed).toBe(1);
    last().broadcast('poke', { list_id: 'l-1', client_id: 'c-1', id: 'message id' });
    last().broadcast('something-else', { list_id: 'l-2' });
    expect(seen.pokes).toEqual([{ listId: 'l-1', clientId: 'c-1' }]);
    stop();
    expect(last().removed).toBe(true);
  });

  it('after CHANNEL_ERROR, TIMED_OUT or CLOSED it drops the channel and joins a new one after a growing delay', async () => {
    const { supabase, state, last } = fakeSupabase();
    const { seen, handlers: h } = handlers();
    const stop = subscribePokes(supabase, 'u-1', h, { retryDelay: delays });
    await vi.advanceTimersByTimeAsync(0);
    const first = last();
    first.emit('CHANNEL_ERROR');
    await vi.advanceTimersByTimeAsync(999);
    expect(first.removed).toBe(true);
    expect(state.channels).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.channels).toHaveLength(2);
    last().emit('TIMED_OUT');
    await vi.advanceTimersByTimeAsync(1999);
    expect(state.channels).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.channels).toHaveLength(3);
    state.token = 'token-2'; // refreshed meanwhile: the next join carries it
    last().emit('SUBSCRIBED');
    last().emit('CLOSED'); // e.g. the server ended the channel when the token expired
    await vi.advanceTimersByTimeAsync(1000); // a success started the delays over
    expect(state.channels).toHaveLength(4);
    expect(state.tokens.at(-1)).toBe('token-2');
    // the abandoned channels are deaf
    first.broadcast('poke', { list_id: 'l-1' });
    first.emit('SUBSCRIBED');
    expect(seen).toEqual({ pokes: [], resubscribed: 1 });
    stop();
  });

  it('without a live token it joins nothing and tries again later, or as soon as the session is refreshed', async () => {
    const { supabase, state, emitAuth } = fakeSupabase();
    state.token = null;
    const { handlers: h } = handlers();
    const token = async () => state.token;
    const stop = subscribePokes(supabase, 'u-1', h, { retryDelay: delays, accessToken: token });
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.channels).toHaveLength(0);
    state.token = 'token-3';
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.channels).toHaveLength(1);
    expect(state.tokens).toEqual(['token-3']);
    last(state).emit('CLOSED'); // the token expired
    state.token = null;
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.channels).toHaveLength(1);
    state.token = 'token-4';
    emitAuth('TOKEN_REFRESHED'); // seconds before the next attempt would be due
    await vi.advanceTimersByTimeAsync(0);
    expect(state.channels).toHaveLength(2);
    expect(state.tokens.at(-1)).toBe('token-4');
    stop();
    expect(state.authListeners.size).toBe(0);
  });

  it('takes over from an earlier subscription whose channel is still leaving', async () => {
    const { supabase, state, last } = fakeSupabase();
    const first = handlers();
    const stopFirst = subscribePokes(supabase, 'u-1', first.handlers, { retryDelay: delays });
    await vi.advanceTimersByTimeAsync(0);
    const old = last();
    const removeChannel = supabase.removeChannel.bind(supabase);
    // the first removal hangs (waiting for the server's reply to phx_leave)
    (supabase as unknown as { removeChannel: (c: FakeChannel) => Promise<string> }).removeChannel = (c) =>
      c === old && !c.removed ? new Promise(() => {}) : removeChannel(c as never);
    stopFirst();
    (supabase as unknown as { removeChannel: (c: FakeChannel) => Promise<string> }).removeChannel = (c) => removeChannel(c as never);
    const second = handlers();
    const stop = subscribePokes(supabase, 'u-1', second.handlers, { retryDelay: delays });
    await vi.advanceTimersByTimeAsync(0);
    expect(old.removed).toBe(true);
    expect(state.channels).toHaveLength(2);
    last().emit('SUBSCRIBED');
    expect(second.seen.resubscribed).toBe(1);
    stop();
  });

  it('once stopped it reports nothing and never joins again', async () => {
    const { supabase, state, last } = fakeSupabase();
    const { seen, handlers: h } = handlers();
    const stop = subscribePokes(supabase, 'u-1', h, { retryDelay: delays });
    await vi.advanceTimersByTimeAsync(0);
    const ch = last();
    stop();
    ch.emit('SUBSCRIBED');
    ch.broadcast('poke', { list_id: 'l-1' });
    ch.emit('CHANNEL_ERROR');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.channels).toHaveLength(1);
    expect(seen).toEqual({ pokes: [], resubscribed: 0 });
  });
});

describe('readPoke', () => {
  it.each([
    [{ list_id: 'l', client_id: 'c', id: 'x' }, { listId: 'l', clientId: 'c' }],
    [{ list_id: 'l' }, { listId: 'l', clientId: null }],
    [{ list_id: 7, client_id: '' }, { listId: null, clientId: null }],
    [null, { listId: null, clientId: null }],
  ])('%j → %j', (payload, poke) => {
    expect(readPoke(payload)).toEqual(poke);
  });
});
