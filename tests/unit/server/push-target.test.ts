// Where a reminder push may go (supabase/functions/_shared/push-target.ts): the sender's check
// before every request, the same rules push_subscribe applies in SQL.
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { endpointProblem, keysProblem, parsePushHosts, parseTestOrigin, pushTargets } from '../../../supabase/functions/_shared/push-target';
import { type DuePush, pushMessage } from '../../../supabase/functions/_shared/push-payload';

describe('endpointProblem', () => {
  const targets = pushTargets(parsePushHosts('push.example.org, *.self.example'), parseTestOrigin('http://127.0.0.1:8080'));
  it('allows https on the known push services, PUSH_HOSTS and the test origin only', () => {
    for (const ok of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://eu.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/QGx0',
      'https://wns2-bl2p.notify.windows.com/w/?token=BQ',
      'https://FCM.googleapis.com:443/fcm/send/x',
      'https://push.example.org/p/1',
      'https://a.self.example/p',
      'http://127.0.0.1:8080/push/1',
    ]) {
      expect(endpointProblem(ok, targets), ok).toBeNull();
    }
    for (const bad of [
      'http://127.0.0.1:1/x',
      'http://127.0.0.1:8081/push/1',
      'https://127.0.0.1:8080/push/1',
      'http://localhost:5432/',
      'http://[::1]:6379/',
      'https://169.254.169.254/latest/',
      'https://10.0.0.1:8443/admin',
      'https://user:pw@internal.corp/',
      'https://@/',
      'https://x:99999/',
      'https://[/',
      'https://fcm.googleapis.com',
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://self.example/p',
      'https://push.apple.com/x',
      'http://fcm.googleapis.com/fcm/send/x',
      `https://fcm.googleapis.com/${'x'.repeat(2048)}`,
    ]) {
      expect(endpointProblem(bad, targets), bad).not.toBeNull();
    }
  });
  it('refuses a PUSH_HOSTS entry or test origin that is not one', () => {
    expect(() => parsePushHosts('push.example.org,http://evil')).toThrow(/PUSH_HOSTS/);
    expect(() => parseTestOrigin('http://10.0.0.1:80')).toThrow(/127\.0\.0\.1/);
  });
});

describe('keysProblem', () => {
  const auth = randomBytes(16).toString('base64url');
  it('takes a P-256 point and a 16-byte secret, and nothing else', async () => {
    const point = createECDH('prime256v1').generateKeys();
    expect(await keysProblem(point.toString('base64url'), auth)).toBeNull();
    const off = Buffer.from(point);
    off[64]! ^= 1;
    for (const p256dh of [`B${'A'.repeat(86)}`, off.toString('base64url'), 'A'.repeat(87), '_'.repeat(87), 'abc', '']) {
      expect(await keysProblem(p256dh, auth), p256dh).toMatch(/P-256/);
    }
    expect(await keysProblem(point.toString('base64url'), 'abc')).toMatch(/16 bytes/);
  });
});

describe('pushMessage', () => {
  const row = (n: number): DuePush => ({
    subscription_id: 's',
    endpoint: 'https://fcm.googleapis.com/x',
    p256dh: '',
    auth: '',
    user_id: 'u',
    time_zone: 'UTC',
    task_id: `t${n}`,
    occurrence: '2030-10-01',
    fire_at: '2030-10-01T09:00:00+00:00',
    title: `Task number ${n} ${'with a long title '.repeat(10)}`,
    due_time: '09:00',
    list_name: 'Inbox',
    today: '2030-10-01',
    snoozed_until: null,
  });
  it('is the single reminder for one, "N reminders: …" for more, and stays small', () => {
    expect(pushMessage([row(1)])).toMatchObject({ kind: 'reminder', title: row(1).title, options: { tag: 'reminder:t1:2030-10-01' } });
    const many = pushMessage(Array.from({ length: 500 }, (_, i) => row(i)));
    expect(many).toMatchObject({ kind: 'reminders', count: 500, options: { tag: 'reminders:t0:2030-10-01' } });
    expect(many.title).toMatch(/^500 reminders: Task number 0/);
    expect(JSON.stringify(many).length).toBeLessThan(3500);
  });
});
