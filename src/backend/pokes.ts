// Live updates over Supabase Realtime: the private channel `user:<userId>`, on which the
// database sends a `poke` broadcast after each push that concerns this user (see
// supabase/migrations). realtime-js rejoins a channel by itself only in some cases and never
// after the server closed it (an expired token), so this owns the whole cycle: on any status
// but SUBSCRIBED the channel is dropped and a new one joins after a backoff, with the
// session's current access token. Every SUBSCRIBED is reported: pokes sent while not
// subscribed are lost, and one pull catches up with them. It never refreshes the session
// itself (auto-refresh and the RPC transport do): without a live token it waits for one.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import type { Poke, PokeHandlers } from '@/sync/ports';

export const POKE_EVENT = 'poke';
export const RESUBSCRIBE_BASE_MS = 1000;
export const RESUBSCRIBE_CAP_MS = 30_000;

export interface PokeOptions {
  /** Wait before the n-th attempt in a row (1-based); default 1 s doubling to 30 s, jittered. */
  retryDelay?: (attempt: number) => number;
  /** The session's access token if it is still valid, else null; must not refresh it. */
  accessToken?: () => Promise<string | null>;
}

function defaultRetryDelay(attempt: number): number {
  const ceiling = Math.min(RESUBSCRIBE_CAP_MS, RESUBSCRIBE_BASE_MS * 2 ** (attempt - 1));
  // half fixed, half random: spread a reconnect storm without ever retrying at once
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

const idOf = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The poke in a broadcast, whatever else the payload carries (Realtime adds an `id`). */
export function readPoke(payload: unknown): Poke {
  const p = (payload ?? {}) as Record<string, unknown>;
  return { listId: idOf(p.list_id), clientId: idOf(p.client_id) };
}

/** One at a time per client and user: a new subscription takes the channel over from an old one. */
export function subscribePokes(supabase: SupabaseClient, userId: string, handlers: PokeHandlers, opts: PokeOptions = {}): () => void {
  const retryDelay = opts.retryDelay ?? defaultRetryDelay;
  const accessToken =
    opts.accessToken ?? (async () => (await supabase.auth.getSession().catch(() => null))?.data.session?.access_token ?? null);
  const topic = `user:${userId}`;
  let stopped = false;
  let opening = false;
  let channel: RealtimeChannel | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function later() {
    attempt++;
    timer = setTimeout(() => {
      timer = null;
      void open();
    }, retryDelay(attempt));
  }

  async function open() {
    if (stopped || opening || channel) return;
    opening = true;
    try {
      const token = await accessToken().catch(() => null);
      if (stopped) return;
      if (!token) return later();
      // supabase-js gives realtime the token on sign-in and refresh events but not for a
      // session restored from storage: without this the first join would go out as anon
      await supabase.realtime.setAuth(token).catch(() => undefined);
      // supabase.channel() hands back a channel of the same topic that is still leaving (an
      // earlier subscription being torn down), and subscribing that one does nothing: finish it
      for (const old of supabase.getChannels()) {
        if (old.topic === `realtime:${topic}`) await supabase.removeChannel(old).catch(() => undefined);
      }
      if (stopped) return;
      join();
    } finally {
      opening = false;
    }
  }

  function join() {
    const ch = supabase.channel(topic, { config: { private: true } });
    channel = ch;
    ch.on('broadcast', { event: POKE_EVENT }, (message) => {
      if (channel === ch && !stopped) handlers.onPoke(readPoke(message.payload));
    });
    ch.subscribe((status) => {
      if (stopped || channel !== ch) return;
      if (status === 'SUBSCRIBED') {
        attempt = 0;
        handlers.onResubscribed();
        return;
      }
      // CHANNEL_ERROR (refused, or the connection dropped), TIMED_OUT, or CLOSED (the server
      // ended it, e.g. the token expired): start over with a fresh channel
      channel = null;
      void supabase
        .removeChannel(ch)
        .catch(() => undefined)
        .then(() => {
          if (!stopped) later();
        });
    });
  }

  // a new token while the channel is down: try now rather than at the end of the backoff
  const { data: auth } = supabase.auth.onAuthStateChange((event) => {
    if ((event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN') && timer && !stopped) {
      clearTimeout(timer);
      timer = null;
      attempt = 0;
      void open();
    }
  });

  void open();
  return () => {
    stopped = true;
    auth.subscription.unsubscribe();
    if (timer) clearTimeout(timer);
    const ch = channel;
    channel = null;
    if (ch) void supabase.removeChannel(ch).catch(() => undefined);
  };
}
