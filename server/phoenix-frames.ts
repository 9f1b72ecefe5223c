// The Phoenix channels wire format as Supabase Realtime speaks it and realtime-js
// (@supabase/phoenix) reads it. vsn 1.0.0: each frame a JSON object. vsn 2.0.0 (realtime-js's
// default): a JSON array [join_ref, ref, topic, event, payload], plus binary frames for user
// broadcasts — kind 3 from the client, kind 4 to it (realtime-js src/lib/serializer.ts).
import { isObject } from '../src/lib/is-object.ts';

export type Vsn = '1.0.0' | '2.0.0';

export interface PhxMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

/** A user broadcast as realtime-js hands it to `on('broadcast', …)` callbacks. */
export interface UserBroadcast {
  event: string;
  /** JSON, or raw bytes for a binary payload. */
  payload: unknown;
  binary: boolean;
  meta?: Record<string, unknown>;
}

export class FrameError extends Error {}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

const refOf = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

function fromParts(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): PhxMessage {
  if (typeof topic !== 'string' || typeof event !== 'string') throw new FrameError('topic and event must be strings');
  if (payload !== undefined && payload !== null && !isObject(payload)) throw new FrameError('payload must be an object');
  return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload: (payload as Record<string, unknown>) ?? {} };
}

/** Decodes one client frame; throws FrameError when it is not one realtime-js could send. */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): PhxMessage {
  if (isBinary) {
    if (vsn !== '2.0.0') throw new FrameError('binary frames need vsn 2.0.0');
    return decodeUserBroadcastPush(data);
  }
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch {
    throw new FrameError('not JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(value) || value.length !== 5) throw new FrameError('expected [join_ref, ref, topic, event, payload]');
    const [joinRef, ref, topic, event, payload] = value as unknown[];
    return fromParts(joinRef, ref, topic, event, payload);
  }
  if (!isObject(value)) throw new FrameError('expected a JSON object');
  return fromParts(value.join_ref, value.ref, value.topic, value.event, value.payload);
}

// realtime-js writes the header strings one char code per byte.
function decodeUserBroadcastPush(buf: Buffer): PhxMessage {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH) throw new FrameError('unknown binary frame');
  const lengths = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!];
  const encoding = buf[6]!;
  let offset = 7;
  const [joinRef, ref, topic, event, metaText] = lengths.map((n) => {
    if (offset + n > buf.length) throw new FrameError('truncated binary frame');
    const s = buf.toString('latin1', offset, offset + n);
    offset += n;
    return s;
  }) as [string, string, string, string, string];
  const body = buf.subarray(offset);
  let payload: unknown = Buffer.from(body);
  if (encoding === ENCODING_JSON) {
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      throw new FrameError('binary frame with a JSON payload that is not JSON');
    }
  } else if (encoding !== ENCODING_BINARY) {
    throw new FrameError('unknown payload encoding');
  }
  let meta: unknown;
  if (metaText) {
    try {
      meta = JSON.parse(metaText);
    } catch {
      throw new FrameError('binary frame metadata is not JSON');
    }
  }
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    // a binary payload stays a Buffer (see UserBroadcast.binary)
    payload: { type: 'broadcast', event, payload, ...(isObject(meta) ? { meta } : {}) },
  };
}

export function encodeMessage(msg: PhxMessage, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([msg.joinRef, msg.ref, msg.topic, msg.event, msg.payload]);
  return JSON.stringify({ join_ref: msg.joinRef, ref: msg.ref, topic: msg.topic, event: msg.event, payload: msg.payload });
}

/**
 * A broadcast to a subscriber: kind 4 binary on vsn 2.0.0 (as Realtime sends user
 * broadcasts), a `broadcast` message otherwise or when a header field is too long for it.
 * Null when the subscriber cannot receive it (binary payload on vsn 1.0.0).
 */
export function encodeBroadcast(topic: string, b: UserBroadcast, vsn: Vsn): string | Buffer | null {
  const metaText = b.meta && Object.keys(b.meta).length ? JSON.stringify(b.meta) : '';
  const head = [topic, b.event, metaText].map((s) => Buffer.from(s, 'utf8'));
  if (vsn === '2.0.0' && head.every((h) => h.length <= 255)) {
    const body = b.binary ? (b.payload as Buffer) : Buffer.from(JSON.stringify(b.payload ?? {}), 'utf8');
    const header = Buffer.from([KIND_USER_BROADCAST, head[0]!.length, head[1]!.length, head[2]!.length, b.binary ? ENCODING_BINARY : ENCODING_JSON]);
    return Buffer.concat([header, ...head, body]);
  }
  if (b.binary) return null;
  const payload: Record<string, unknown> = { type: 'broadcast', event: b.event, payload: b.payload };
  if (metaText) payload.meta = b.meta;
  return encodeMessage({ joinRef: null, ref: null, topic, event: 'broadcast', payload }, vsn);
}
