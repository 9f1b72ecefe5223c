// The VAPID header cache: one ES256 signature per push service origin, reused until it nears
// its expiry, and always a JWT the push service accepts (aud = its origin, exp ahead of now).
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { vapidHeaders } from '../../../supabase/functions/_shared/vapid-header';

const keys = webpush.generateVAPIDKeys();
const details = { subject: 'mailto:ops@daybook.test', publicKey: keys.publicKey, privateKey: keys.privateKey };

function claims(header: string): { aud: string; exp: number; sub: string } {
  const jwt = /^vapid t=([^,]+), k=(.+)$/.exec(header)?.[1];
  if (!jwt) throw new Error(`not a VAPID header: ${header}`);
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
}

describe('vapidHeaders', () => {
  it('signs once per push service origin and reuses the header for every endpoint there', () => {
    const h = vapidHeaders(details);
    const a1 = h.authorization('https://fcm.googleapis.com/fcm/send/one');
    const a2 = h.authorization('https://fcm.googleapis.com/fcm/send/two');
    const b = h.authorization('https://updates.push.services.mozilla.com/wpush/v2/three');
    expect(a2).toBe(a1);
    expect(b).not.toBe(a1);
    expect(h.signed).toBe(2);
    expect(claims(a1)).toMatchObject({ aud: 'https://fcm.googleapis.com', sub: 'mailto:ops@daybook.test' });
    expect(claims(b).aud).toBe('https://updates.push.services.mozilla.com');
    expect(a1.endsWith(`k=${keys.publicKey}`)).toBe(true);
  });

  it('gives an expiry the lifetime ahead of the clock, and signs again once within the renewal margin', () => {
    let now = Date.now();
    const h = vapidHeaders(details, { lifetimeSeconds: 12 * 3600, renewBeforeSeconds: 3600, clock: () => now });
    const first = h.authorization('https://fcm.googleapis.com/a');
    expect(claims(first).exp).toBe(Math.floor(now / 1000) + 12 * 3600);
    now += 10 * 3600 * 1000;
    expect(h.authorization('https://fcm.googleapis.com/b')).toBe(first);
    now += 1 * 3600 * 1000 + 1000;
    const renewed = h.authorization('https://fcm.googleapis.com/c');
    expect(renewed).not.toBe(first);
    expect(claims(renewed).exp).toBe(Math.floor(now / 1000) + 12 * 3600);
    expect(h.signed).toBe(2);
  });

  it('remembers a bounded number of origins, forgetting the oldest', () => {
    const h = vapidHeaders(details, { maxOrigins: 2 });
    h.authorization('https://a.push.apple.com/1');
    h.authorization('https://b.push.apple.com/1');
    h.authorization('https://c.push.apple.com/1');
    h.authorization('https://c.push.apple.com/2');
    h.authorization('https://b.push.apple.com/2');
    expect(h.signed).toBe(3);
    h.authorization('https://a.push.apple.com/2');
    expect(h.signed).toBe(4);
  });

  it('refuses a lifetime no longer than its renewal margin', () => {
    expect(() => vapidHeaders(details, { lifetimeSeconds: 600, renewBeforeSeconds: 600 })).toThrow(/lifetimeSeconds/);
  });
});
