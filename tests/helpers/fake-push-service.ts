// A local push service for tests: it speaks the receiving end of Web Push (RFC 8030) the way
// FCM or Mozilla's autopush do, and is strict where they are: the VAPID JWT (RFC 8292) must be
// ES256-signed by the key in `Authorization: vapid t=…, k=…`, name this origin as `aud`, carry
// `sub` and an `exp` at most 24 hours ahead; the body must be aes128gcm (RFC 8188) for a
// subscription it issued, and it decrypts it (RFC 8291) with the subscription's private key.
// Only node:crypto is used, so it checks web-push rather than sharing its code.
//
//   const push = await startFakePushService();
//   const sub = push.newSubscription();         // { endpoint, keys: { p256dh, auth } } as a browser's
//   … send …
//   push.deliveries                             // [{ endpoint, payload, claims, vapidKey, ttl, … }]
//   push.answer(sub.endpoint, 410);             // that endpoint now answers 410 Gone
//   await push.close();
import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface Delivery {
  endpoint: string;
  /** The decrypted message, as text. */
  payload: string;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  /** The application server's public key (base64url, uncompressed point), from `k=`. */
  vapidKey: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  at: number;
}

export interface Rejection {
  endpoint: string;
  status: number;
  reason: string;
}

export interface FakePushService {
  origin: string;
  newSubscription(): PushSubscriptionJson;
  /** Accepted messages, in arrival order. */
  deliveries: Delivery[];
  /** Requests it refused (bad JWT, bad body, unknown endpoint, or a chosen answer). */
  rejections: Rejection[];
  /**
   * From now on `endpoint` answers `status` (410: the subscription is gone; 503: try later)
   * without reading the message; 'hang': it never answers; { redirect }: 302 to that URL; null:
   * normal again.
   */
  answer(endpoint: string, status: number | 'hang' | { redirect: string } | null): void;
  /** Requests of any method, in arrival order (a followed redirect would show here as a GET). */
  requests: { method: string; endpoint: string }[];
  /** Only messages signed with this VAPID public key are accepted (default: any valid key). */
  expectVapidKey(key: string | null): void;
  close(): Promise<void>;
}

export interface Sub {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
}

const b64url = (b: Buffer) => b.toString('base64url');

class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `port`: a fixed one (the e2e server is told the origin before the test starts it); default any free one. */
export async function startFakePushService(opts: { port?: number } = {}): Promise<FakePushService> {
  const subs = new Map<string, Sub>();
  const answers = new Map<string, number | 'hang' | { redirect: string }>();
  const requests: { method: string; endpoint: string }[] = [];
  const deliveries: Delivery[] = [];
  const rejections: Rejection[] = [];
  let expectedKey: string | null = null;
  let origin = '';

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const endpoint = origin + (req.url ?? '/');
    requests.push({ method: req.method ?? '', endpoint });
    const chosenNow = answers.get(endpoint);
    // never answers: the socket stays open until the sender gives up or the service closes
    if (chosenNow === 'hang') return;
    if (chosenNow && typeof chosenNow === 'object') {
      res.writeHead(302, { Location: chosenNow.redirect }).end();
      return;
    }
    const body = await readAll(req);
    try {
      if (req.method !== 'POST') throw new Refused(405, `method ${req.method}`);
      const sub = subs.get(endpoint);
      if (!sub) throw new Refused(404, 'no such subscription');
      const chosen = answers.get(endpoint);
      if (typeof chosen === 'number') throw new Refused(chosen, 'answer chosen by the test');
      const { claims, vapidKey } = checkVapid(req.headers.authorization, origin, expectedKey);
      const ttl = Number(req.headers.ttl);
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Refused(400, 'TTL header missing or not a whole number');
      if (req.headers['content-encoding'] !== 'aes128gcm') throw new Refused(415, `Content-Encoding ${req.headers['content-encoding']}`);
      const payload = decrypt(body, sub).toString('utf8');
      deliveries.push({
        endpoint,
        payload,
        claims,
        vapidKey,
        ttl,
        urgency: header(req, 'urgency'),
        topic: header(req, 'topic'),
        at: Date.now(),
      });
      res.writeHead(201, { Location: `${endpoint}/messages/${randomUUID()}` }).end();
    } catch (err) {
      const status = err instanceof Refused ? err.status : 400;
      const reason = err instanceof Error ? err.message : String(err);
      rejections.push({ endpoint, status, reason });
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(reason);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  // longer than fetch's own keep-alive (4 s): else on a loaded machine the client may reuse a
  // connection just as this end closes it, and the send fails for a reason no push service has
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    deliveries,
    rejections,
    requests,
    newSubscription() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      subs.set(endpoint, { ecdh, publicKey, auth });
      return { endpoint, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } };
    },
    answer(endpoint, status) {
      if (status === null) answers.delete(endpoint);
      else answers.set(endpoint, status);
    },
    expectVapidKey(key) {
      expectedKey = key;
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' ? v : null;
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<public key>`; ES256 over the JWT's first two parts. */
export function checkVapid(authorization: string | undefined, origin: string, expectedKey: string | null) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) throw new Refused(401, `Authorization is not "vapid t=…, k=…": ${authorization ?? '(none)'}`);
  const [, token, k] = m as unknown as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Refused(401, 'k is not an uncompressed P-256 point');
  if (expectedKey && k !== expectedKey) throw new Refused(403, 'signed with another VAPID key');
  const parts = token.split('.');
  if (parts.length !== 3) throw new Refused(401, 'the JWT does not have three parts');
  const [head, body, sig] = parts as [string, string, string];
  const h = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  if (h.alg !== 'ES256') throw new Refused(401, `JWT alg ${h.alg}`);
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url'));
  if (!ok) throw new Refused(403, 'the JWT signature does not verify against k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud?: unknown; exp?: unknown; sub?: unknown };
  if (claims.aud !== origin) throw new Refused(403, `aud ${String(claims.aud)} is not ${origin}`);
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now) throw new Refused(403, 'the JWT has expired');
  if (claims.exp > now + 24 * 3600 + 60) throw new Refused(403, 'exp is more than 24 hours ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Refused(403, `sub ${String(claims.sub)} is not a mailto: or https: URL`);
  return { claims: claims as Delivery['claims'], vapidKey: k };
}

/** RFC 8188 header (salt, rs, keyid = the sender's ECDH key), then RFC 8291's key schedule. */
export function decrypt(body: Buffer, sub: Sub): Buffer {
  if (body.length < 21) throw new Refused(400, 'body shorter than an aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65) throw new Refused(400, `keyid is ${idlen} bytes, not a P-256 public key`);
  if (rs < 18) throw new Refused(400, `record size ${rs}`);
  let secret: Buffer;
  try {
    secret = sub.ecdh.computeSecret(asPublic);
  } catch {
    throw new Refused(400, 'keyid is not a point on P-256');
  }
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, sub.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const records = body.subarray(21 + idlen);
  const out: Buffer[] = [];
  for (let seq = 0, at = 0; at < records.length; seq++, at += rs) {
    const record = records.subarray(at, at + rs);
    const iv = Buffer.from(nonce);
    // the record sequence number is XORed into the nonce's low bytes (seq < 2^32 here)
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ seq) >>> 0, 8);
    const d = createDecipheriv('aes-128-gcm', cek, iv);
    d.setAuthTag(record.subarray(record.length - 16));
    let plain: Buffer;
    try {
      plain = Buffer.concat([d.update(record.subarray(0, record.length - 16)), d.final()]);
    } catch {
      throw new Refused(400, 'the record does not decrypt (wrong keys or a damaged body)');
    }
    // padding: the data, a delimiter (2 in the last record, 1 before), then zeros
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    const last = at + rs >= records.length;
    if (end < 0 || plain[end] !== (last ? 2 : 1)) throw new Refused(400, 'bad padding delimiter');
    out.push(plain.subarray(0, end));
  }
  return Buffer.concat(out);
}
