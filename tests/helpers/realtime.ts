// Helpers for the Realtime tests: a supabase-js channel that records what it hears, a raw
// websocket for frames supabase-js would never send, a clock whose timers fire when the test
// says, and a tap on a device's pokes (the seam we own) that can lose them on purpose.
//
//   const rec = listen(alice.client, alice.userId);           // private channel user:<id>
//   await vi.waitFor(() => expect(rec.statuses).toContain('SUBSCRIBED'));
//   const raw = await openSocket(srv);                          // vsn 2.0.0 with the anon key
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Backend } from '@/backend';
import type { Poke, PokeSource } from '@/sync/ports';

export { SteppedClock } from './stepped-clock';

export interface Recorder {
  channel: RealtimeChannel;
  statuses: string[];
  errors: string[];
  /** Payloads of `poke` broadcasts, in order. */
  pokes: Record<string, unknown>[];
  /** Payloads of `system` messages (e.g. why the server closed the channel). */
  system: Record<string, unknown>[];
}

/** Joins `user:<topicUserId>` (private unless told) and records everything it hears. */
export function listen(client: SupabaseClient, topicUserId: string, opts: { private?: boolean; topic?: string } = {}): Recorder {
  const rec: Omit<Recorder, 'channel'> = { statuses: [], errors: [], pokes: [], system: [] };
  const channel = client
    .channel(opts.topic ?? `user:${topicUserId}`, { config: { private: opts.private ?? true } })
    .on('broadcast', { event: 'poke' }, (m) => void rec.pokes.push(m.payload as Record<string, unknown>))
    .on('system', {}, (p) => void rec.system.push(p as Record<string, unknown>))
    .subscribe((status, err) => {
      rec.statuses.push(status);
      if (err) rec.errors.push(err.message);
    });
  return { channel, ...rec };
}

export interface RawSocket {
  ws: WebSocket;
  /** Text frames received, parsed (vsn 2.0.0 arrays). */
  frames: unknown[][];
  closed: Promise<{ code: number; reason: string }>;
  sendJson(frame: unknown): void;
}

/** A websocket to the stand-in's Realtime endpoint, without realtime-js. */
export function openSocket(server: { url: string; anonKey: string }, params: Record<string, string> = {}, path = '/realtime/v1/websocket'): Promise<RawSocket> {
  const url = new URL(path, server.url.replace(/^http/, 'ws'));
  for (const [k, v] of Object.entries({ apikey: server.anonKey, vsn: '2.0.0', ...params })) url.searchParams.set(k, v);
  const ws = new WebSocket(url);
  const frames: unknown[][] = [];
  ws.on('message', (data, isBinary) => {
    if (!isBinary) frames.push(JSON.parse(String(data)) as unknown[]);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, frames, closed, sendJson: (f) => ws.send(JSON.stringify(f)) }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** A device's pokes as the engine sees them: recorded, and lost while `drop` is set. */
export class PokeTap {
  drop = false;
  readonly received: Poke[] = [];
  /** Pokes that reached the engine. */
  readonly delivered: Poke[] = [];
  resubscribed = 0;
  /** Called with each poke as it arrives (benches time it). */
  onReceive: ((poke: Poke) => void) | null = null;
  constructor(
    private readonly backend: Backend,
    private readonly userId: string,
  ) {}
  readonly source: PokeSource = (handlers) =>
    this.backend.pokesFor!(this.userId, {
      onPoke: (poke) => {
        this.received.push(poke);
        this.onReceive?.(poke);
        if (this.drop) return;
        this.delivered.push(poke);
        handlers.onPoke(poke);
      },
      onResubscribed: () => {
        this.resubscribed++;
        handlers.onResubscribed();
      },
    });
}
