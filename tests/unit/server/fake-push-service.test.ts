// The fake push service against web-push's own encryption and VAPID signing: what web-push
// sends, it decrypts; what a real push service refuses (a JWT another key signed, another
// audience, an expired one, a damaged body, a gone subscription), it refuses.
import { createPrivateKey, sign } from 'node:crypto';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakePushService, startFakePushService } from '../../helpers/fake-push-service';

const vapid = webpush.generateVAPIDKeys();
const other = webpush.generateVAPIDKeys();
const subject = 'mailto:ops@daybook.test';

let push: FakePushService;
beforeAll(async () => {
  push = await startFakePushService();
});
afterAll(() => push.close());

function details(sub: webpush.PushSubscription, payload: string, keys = vapid) {
  return webpush.generateRequestDetails(sub, payload, {
    vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: 600,
    urgency: 'high',
  });
}

async function send(d: webpush.RequestOptions & { endpoint: string; body: Buffer | null; headers: Record<string, string | number> }) {
  const headers = Object.fromEntries(Object.entries(d.headers).map(([k, v]) => [k, String(v)]));
  const res = await fetch(d.endpoint, { method: 'POST', headers, body: d.body ? new Uint8Array(d.body) : undefined });
  return { status: res.status, text: await res.text() };
}

const asSend = (d: unknown) => d as Parameters<typeof send>[0];

describe('fake push service', () => {
  it('decrypts what web-push encrypts and reads its VAPID JWT', async () => {
    const sub = push.newSubscription();
    const message = JSON.stringify({ title: 'Pay rent', body: 'Today 09:00 · Inbox', tag: 'reminder:x:2026-11-25' });
    const res = await send(asSend(details(sub, message)));
    expect(res.status).toBe(201);
    const d = push.deliveries.find((x) => x.endpoint === sub.endpoint);
    expect(d?.payload).toBe(message);
    expect(d?.vapidKey).toBe(vapid.publicKey);
    expect(d?.claims.aud).toBe(push.origin);
    expect(d?.claims.sub).toBe(subject);
    expect(d?.claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(d?.ttl).toBe(600);
    expect(d?.urgency).toBe('high');
  });

  it('decrypts a payload near the 4 KB limit, with non-ASCII text', async () => {
    const sub = push.newSubscription();
    const message = 'Zahlung fällig — ✓ '.repeat(150).slice(0, 3000);
    expect((await send(asSend(details(sub, message)))).status).toBe(201);
    expect(push.deliveries.find((x) => x.endpoint === sub.endpoint)?.payload).toBe(message);
  });

  it('refuses a JWT that k= did not sign', async () => {
    const sub = push.newSubscription();
    const d = asSend(details(sub, 'x'));
    d.headers.Authorization = String(d.headers.Authorization).replace(/k=.*$/, `k=${other.publicKey}`);
    const res = await send(d);
    expect(res.status).toBe(403);
    expect(res.text).toMatch(/signature/);
  });

  it('refuses a JWT for another audience, an expired one, and one from an unexpected key', async () => {
    const sub = push.newSubscription();
    const wrongAud = asSend(details(sub, 'x'));
    wrongAud.headers.Authorization = webpush.getVapidHeaders('https://push.example', subject, vapid.publicKey, vapid.privateKey, 'aes128gcm').Authorization;
    expect((await send(wrongAud)).text).toMatch(/aud/);

    const expired = asSend(details(sub, 'x'));
    const past = Math.floor(Date.now() / 1000) - 60;
    // web-push refuses to make an expired JWT itself; sign one with a past exp by hand
    expired.headers.Authorization = signExpired(past);
    const r = await send(expired);
    expect(r.status).toBe(403);
    expect(r.text).toMatch(/expired/);

    push.expectVapidKey(other.publicKey);
    try {
      expect((await send(asSend(details(sub, 'x')))).status).toBe(403);
      expect((await send(asSend(details(sub, 'x', other)))).status).toBe(201);
    } finally {
      push.expectVapidKey(null);
    }
  });

  it('refuses a damaged body and a message for another subscription’s keys', async () => {
    const sub = push.newSubscription();
    const d = asSend(details(sub, 'hello'));
    const body = Buffer.from(d.body as Buffer);
    body[body.length - 1]! ^= 1;
    d.body = body;
    expect((await send(d)).status).toBe(400);

    const another = push.newSubscription();
    const misdirected = asSend(details(another, 'hello'));
    misdirected.endpoint = sub.endpoint;
    expect((await send(misdirected)).text).toMatch(/does not decrypt/);
  });

  it('answers 404 for an unknown endpoint and the chosen status for a chosen one', async () => {
    const sub = push.newSubscription();
    push.answer(sub.endpoint, 410);
    expect((await send(asSend(details(sub, 'x')))).status).toBe(410);
    const unknown = asSend(details(sub, 'x'));
    unknown.endpoint = `${push.origin}/push/nobody`;
    expect((await send(unknown)).status).toBe(404);
    expect(push.deliveries.some((x) => x.endpoint === sub.endpoint)).toBe(false);
  });
});

function signExpired(exp: number): string {
  // ES256 JWT as web-push makes it, but with exp in the past
  const pub = Buffer.from(vapid.publicKey, 'base64url');
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', d: vapid.privateKey, x: pub.subarray(1, 33).toString('base64url'), y: pub.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${enc({ typ: 'JWT', alg: 'ES256' })}.${enc({ aud: push.origin, exp, sub: subject })}`;
  const sig = sign('sha256', Buffer.from(unsigned), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${unsigned}.${sig}, k=${vapid.publicKey}`;
}
