// The stand-in Realtime's bookkeeping (realtime.ts holds the protocol): who is connected, which
// channels they joined, and sending Phoenix frames to them.
import type { WebSocket } from 'ws';
import { encodeBroadcast, encodeMessage, type PhxMessage, type UserBroadcast, type Vsn } from './phoenix-frames.ts';
import type { TokenCheck } from './realtime-auth.ts';

export type Valid = Extract<TokenCheck, { ok: true }>;

export interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string;
  channels: Map<string, Channel>;
  /** Frames are handled one at a time, in order (a join waits on the database). */
  queue: Promise<void>;
  queued: number;
  idle: ReturnType<typeof setTimeout> | null;
  closed: boolean;
}

export interface Channel {
  conn: Connection;
  /** `realtime:<name>`, as the client names it */
  topic: string;
  /** `<name>`: what RLS sees as realtime.topic() */
  name: string;
  joinRef: string | null;
  isPrivate: boolean;
  self: boolean;
  ack: boolean;
  token: string;
  auth: Valid;
  canWrite: boolean | null;
  expiry: ReturnType<typeof setTimeout> | null;
  open: boolean;
}

// a subscriber this far behind is not reading: drop it rather than buffer without bound
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

function send(conn: Connection, frame: string | Buffer) {
  if (conn.closed) return;
  if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    conn.ws.close(1008, 'too far behind');
    return;
  }
  conn.ws.send(frame);
}

function push(conn: Connection, msg: PhxMessage) {
  send(conn, encodeMessage(msg, conn.vsn));
}

function reply(conn: Connection, to: PhxMessage, status: 'ok' | 'error', response: Record<string, unknown>) {
  push(conn, { joinRef: to.joinRef, ref: to.ref, topic: to.topic, event: 'phx_reply', payload: { status, response } });
}

const refuse = (conn: Connection, to: PhxMessage, reason: string) => reply(conn, to, 'error', { reason });

export const framing = { send, push, reply, refuse };

export function channelRegistry() {
  /** `private:<name>` / `public:<name>` → joined channels: a private and a public channel of one name are apart. */
  const subscribers = new Map<string, Set<Channel>>();
  const keyOf = (isPrivate: boolean, name: string) => `${isPrivate ? 'private' : 'public'}:${name}`;

  function register(ch: Channel) {
    const key = keyOf(ch.isPrivate, ch.name);
    const set = subscribers.get(key) ?? new Set<Channel>();
    subscribers.set(key, set);
    set.add(ch);
    ch.conn.channels.set(ch.topic, ch);
  }

  function unregister(ch: Channel) {
    if (!ch.open) return;
    ch.open = false;
    if (ch.expiry) clearTimeout(ch.expiry);
    const key = keyOf(ch.isPrivate, ch.name);
    subscribers.get(key)?.delete(ch);
    if (subscribers.get(key)?.size === 0) subscribers.delete(key);
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
  }

  /** The server ends a channel: the client sees phx_close (realtime-js: CLOSED). */
  function closeChannel(ch: Channel) {
    unregister(ch);
    push(ch.conn, { joinRef: ch.joinRef, ref: ch.joinRef, topic: ch.topic, event: 'phx_close', payload: {} });
  }

  /** As Realtime's shutdown_response: a `system` error message, then the channel closes. */
  function shutdown(ch: Channel, message: string) {
    if (!ch.open) return;
    push(ch.conn, {
      joinRef: ch.joinRef,
      ref: null,
      topic: ch.topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message, channel: ch.name },
    });
    closeChannel(ch);
  }

  function deliver(key: string, b: UserBroadcast, except: Channel | null) {
    for (const ch of subscribers.get(key) ?? []) {
      if (ch === except) continue;
      const frame = encodeBroadcast(ch.topic, b, ch.conn.vsn);
      if (frame !== null) send(ch.conn, frame);
    }
  }

  return { keyOf, register, unregister, closeChannel, shutdown, deliver };
}
