// Supabase Realtime's slice: the websocket at /realtime/v1/websocket speaking the Phoenix
// channels protocol that realtime-js (supabase.channel(…).on('broadcast', …)) needs — connect
// with apikey + vsn, phx_join (public or private channels, authorized as Realtime does it),
// heartbeat, access_token refresh, phx_leave, broadcasts from the database (realtime.send →
// NOTIFY, relayed here) and from clients (self/ack). Presence, postgres_changes and replay
// are refused with an error reply. A misbehaving socket is closed alone; HTTP goes on.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { Db } from './db.ts';
import { logError } from './log.ts';
import { decodeFrame, FrameError, type PhxMessage, type Vsn } from './phoenix-frames.ts';
import { type Channel, type Connection, channelRegistry, framing } from './realtime-channels.ts';
import { checkToken, mayUse } from './realtime-auth.ts';
import { REALTIME_NOTIFY_CHANNEL } from './realtime-stub.ts';
import { isObject } from '../src/lib/is-object.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';

export interface RealtimeOptions {
  db: Db;
  jwtSecret: string;
  /** A socket that sends nothing (not even a heartbeat) for this long is closed. Phoenix: 60 s. */
  idleTimeoutMs?: number;
  /** Larger frames close the socket (1009). */
  maxFrameBytes?: number;
}

export interface RealtimeServer {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every socket (1001) and stops listening. */
  close(): Promise<void>;
}

const MAX_QUEUED_FRAMES = 1000;
const MAX_TIMER_MS = 60 * 60 * 1000;
const NOT_HERE = 'is not available on the Daybook stand-in (it implements Realtime broadcast only)';


function rejectUpgrade(socket: Duplex, status: number, reason: string, body: string) {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

export async function startRealtime(opts: RealtimeOptions): Promise<RealtimeServer> {
  const { db, jwtSecret } = opts;
  const idleTimeoutMs = opts.idleTimeoutMs ?? 60_000;
  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxFrameBytes ?? 1024 * 1024, perMessageDeflate: false });
  const connections = new Set<Connection>();
  const channels = channelRegistry();
  let closing = false;

  const { reply, refuse } = framing;
  const { register, unregister, closeChannel, shutdown, deliver, keyOf } = channels;

  /** Ends delivery when the token expires (Realtime re-confirms the token at its `exp`). */
  function armExpiry(ch: Channel) {
    if (ch.expiry) clearTimeout(ch.expiry);
    const ms = ch.auth.exp * 1000 - Date.now();
    ch.expiry = setTimeout(
      () => {
        ch.expiry = null;
        const check = checkToken(ch.token, jwtSecret);
        if (check.ok) armExpiry(ch);
        else shutdown(ch, check.message);
      },
      Math.min(Math.max(ms, 0), MAX_TIMER_MS),
    );
    ch.expiry.unref();
  }

  // ---- client events -------------------------------------------------------------------

  async function join(conn: Connection, msg: PhxMessage) {
    if (!msg.topic.startsWith('realtime:')) return refuse(conn, msg, 'unmatched topic');
    const name = msg.topic.slice('realtime:'.length);
    if (!name) return refuse(conn, msg, 'TopicNameRequired: You must provide a topic name');
    // Phoenix closes the earlier join of the same topic on this socket
    const earlier = conn.channels.get(msg.topic);
    if (earlier) closeChannel(earlier);

    const config = isObject(msg.payload.config) ? msg.payload.config : {};
    if (Array.isArray(config.postgres_changes) && config.postgres_changes.length > 0) {
      return refuse(conn, msg, `postgres_changes ${NOT_HERE}`);
    }
    if (isObject(config.presence) && config.presence.enabled === true) return refuse(conn, msg, `Presence ${NOT_HERE}`);
    const broadcast = isObject(config.broadcast) ? config.broadcast : {};
    if (broadcast.replay !== undefined && broadcast.replay !== null) return refuse(conn, msg, `Broadcast replay ${NOT_HERE}`);

    const given = typeof msg.payload.access_token === 'string' ? msg.payload.access_token : msg.payload.user_token;
    const token = typeof given === 'string' && given !== '' && !given.startsWith('sb_') ? given : conn.apikey;
    const auth = checkToken(token, jwtSecret);
    if (!auth.ok) return refuse(conn, msg, `${auth.code}: ${auth.message}`);
    const isPrivate = config.private === true;
    if (isPrivate) {
      let allowed: boolean;
      try {
        allowed = await mayUse(db, 'read', auth, name);
      } catch (err) {
        console.error('realtime: authorizing a join failed:', (err as Error).message);
        return refuse(conn, msg, 'UnableToConnectToProject: Realtime was unable to connect to the project database');
      }
      if (!allowed) return refuse(conn, msg, `Unauthorized: You do not have permissions to read from this Channel topic: ${name}`);
    }
    if (conn.closed) return;
    const ch: Channel = {
      conn,
      topic: msg.topic,
      name,
      joinRef: msg.joinRef ?? msg.ref,
      isPrivate,
      self: broadcast.self === true,
      ack: broadcast.ack === true,
      token,
      auth,
      canWrite: null,
      expiry: null,
      open: true,
    };
    register(ch);
    armExpiry(ch);
    reply(conn, msg, 'ok', { postgres_changes: [] });
  }

  async function refreshToken(ch: Channel, msg: PhxMessage) {
    const token = msg.payload.access_token;
    // as Realtime: no token, the same one, or an API key changes nothing
    if (typeof token !== 'string' || token === ch.token || token.startsWith('sb_')) return;
    const auth = checkToken(token, jwtSecret);
    if (!auth.ok) return shutdown(ch, auth.message);
    if (ch.isPrivate) {
      let allowed: boolean;
      try {
        allowed = await mayUse(db, 'read', auth, ch.name);
      } catch (err) {
        console.error('realtime: re-authorizing a channel failed:', (err as Error).message);
        return shutdown(ch, 'Realtime was unable to connect to the project database');
      }
      if (!allowed) return shutdown(ch, `You no longer have permission to read from this Channel topic: ${ch.name}`);
    }
    if (!ch.open) return;
    ch.token = token;
    ch.auth = auth;
    ch.canWrite = null;
    armExpiry(ch);
  }

  async function relay(ch: Channel, msg: PhxMessage) {
    const p = msg.payload;
    if (typeof p.event !== 'string') return refuse(ch.conn, msg, 'A broadcast needs an event name');
    if (ch.isPrivate) {
      if (ch.canWrite === null) {
        ch.canWrite = await mayUse(db, 'write', ch.auth, ch.name).catch((err: Error) => {
          console.error('realtime: authorizing a broadcast failed:', err.message);
          return null;
        });
      }
      if (!ch.canWrite) return refuse(ch.conn, msg, `Unauthorized: You do not have permissions to write to this Channel topic: ${ch.name}`);
    }
    const binary = Buffer.isBuffer(p.payload);
    deliver(keyOf(ch.isPrivate, ch.name), { event: p.event, payload: p.payload ?? {}, binary }, ch.self ? null : ch);
    if (ch.ack) reply(ch.conn, msg, 'ok', {});
  }

  async function handle(conn: Connection, msg: PhxMessage) {
    if (msg.topic === 'phoenix') {
      if (msg.event === 'heartbeat') return reply(conn, msg, 'ok', {});
      return refuse(conn, msg, `Unknown event ${msg.event} on topic phoenix`);
    }
    if (msg.event === 'phx_join') return join(conn, msg);
    const ch = conn.channels.get(msg.topic);
    if (!ch || (msg.joinRef !== null && msg.joinRef !== ch.joinRef)) return refuse(conn, msg, 'unmatched topic');
    switch (msg.event) {
      case 'phx_leave':
        reply(conn, msg, 'ok', {});
        return closeChannel(ch);
      case 'access_token':
        return refreshToken(ch, msg);
      case 'broadcast':
        return relay(ch, msg);
      case 'presence':
        return refuse(conn, msg, `Presence ${NOT_HERE}`);
      default:
        return refuse(conn, msg, `Unexpected message from client of type \`${msg.event}\``);
    }
  }

  // ---- sockets -------------------------------------------------------------------------

  function armIdle(conn: Connection) {
    if (conn.idle) clearTimeout(conn.idle);
    conn.idle = setTimeout(() => conn.ws.close(1000, 'No message for too long (send heartbeats)'), idleTimeoutMs);
    conn.idle.unref();
  }

  function drop(conn: Connection) {
    if (conn.closed) return;
    conn.closed = true;
    if (conn.idle) clearTimeout(conn.idle);
    for (const ch of [...conn.channels.values()]) unregister(ch);
    connections.delete(conn);
  }

  function accept(ws: WebSocket, vsn: Vsn, apikey: string) {
    const conn: Connection = { ws, vsn, apikey, channels: new Map(), queue: Promise.resolve(), queued: 0, idle: null, closed: false };
    connections.add(conn);
    armIdle(conn);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (conn.closed) return;
      armIdle(conn);
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      let msg: PhxMessage;
      try {
        msg = decodeFrame(buf, isBinary, vsn);
      } catch (err) {
        const why = err instanceof FrameError ? err.message : 'unreadable';
        ws.close(1007, `Bad frame: ${why}`.slice(0, 120));
        drop(conn);
        return;
      }
      if (++conn.queued > MAX_QUEUED_FRAMES) {
        ws.close(1008, 'Too many frames waiting');
        drop(conn);
        return;
      }
      conn.queue = conn.queue
        .then(() => (conn.closed ? undefined : handle(conn, msg)))
        .catch((err: unknown) => {
          logError('realtime: a frame failed', err);
          ws.close(1011, 'Internal error');
          drop(conn);
        })
        .finally(() => {
          conn.queued--;
        });
    });
    ws.on('close', () => drop(conn));
    // e.g. a frame over maxPayload: ws closes the socket with 1009 itself
    ws.on('error', () => drop(conn));
  }

  async function relayFromDatabase(text: string) {
    let m: unknown;
    try {
      m = JSON.parse(text);
    } catch {
      console.error('realtime: an unreadable notification was dropped');
      return;
    }
    // too large for NOTIFY: the message waits in realtime.messages (realtime-stub.ts)
    if (isObject(m) && typeof m.stored === 'string') {
      const [row] = await db.query('select id::text as id, topic, event, payload, private from realtime.messages where id = $1', [m.stored]);
      m = row ?? null;
    }
    if (!isObject(m) || typeof m.topic !== 'string' || typeof m.event !== 'string') return;
    const meta = typeof m.id === 'string' ? { id: m.id } : undefined;
    deliver(keyOf(m.private !== false, m.topic), { event: m.event, payload: m.payload ?? {}, binary: false, meta }, null);
  }

  // one at a time, in commit order, also when a stored message has to be read first
  let relaying: Promise<void> = Promise.resolve();
  const stopListening = await db.listen(REALTIME_NOTIFY_CHANNEL, (text) => {
    // this runs inside the database driver's callback: nothing may escape into it
    relaying = relaying
      .then(() => relayFromDatabase(text))
      .catch((err: unknown) => logError('realtime: relaying a notification failed', err));
  });

  return {
    handleUpgrade(req, socket, head) {
      socket.on('error', () => socket.destroy());
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== REALTIME_PATH) return rejectUpgrade(socket, 404, 'Not Found', 'No websocket here');
      if (closing) return rejectUpgrade(socket, 503, 'Service Unavailable', 'Shutting down');
      const vsn = url.searchParams.get('vsn') ?? '1.0.0';
      if (vsn !== '1.0.0' && vsn !== '2.0.0') {
        return rejectUpgrade(socket, 400, 'Bad Request', `Unsupported serializer version ${vsn} (use 1.0.0 or 2.0.0)`);
      }
      const header = req.headers['x-api-key'];
      const apikey = (typeof header === 'string' ? header : null) ?? url.searchParams.get('apikey');
      if (!apikey || !checkToken(apikey, jwtSecret).ok) return rejectUpgrade(socket, 403, 'Forbidden', 'A valid apikey is required');
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, vsn, apikey));
    },
    async close() {
      if (closing) return;
      closing = true;
      await stopListening().catch(() => undefined);
      await relaying;
      const open = [...connections];
      await Promise.all(
        open.map(
          (conn) =>
            new Promise<void>((resolve) => {
              if (conn.ws.readyState === conn.ws.CLOSED) return resolve();
              conn.ws.once('close', () => resolve());
              conn.ws.close(1001, 'Server shutting down');
              // a peer that never answers the close handshake
              setTimeout(() => {
                conn.ws.terminate();
                resolve();
              }, 1000).unref();
            }),
        ),
      );
      for (const conn of open) drop(conn);
      wss.close();
    },
  };
}
