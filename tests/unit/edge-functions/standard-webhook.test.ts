// The Standard Webhooks check the auth-mail hook runs on Supabase Auth's calls
// (supabase/functions/_shared/standard-webhook.ts), on the specification's published example:
// its secret, id, timestamp and body give its signature, in each form the secret comes in.
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WebhookRefused, webhookKey } from '../../../supabase/functions/_shared/standard-webhook';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const AT = 1614265330;
const BODY = '{"test": 2432232314}';
const SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';

const headers = (signature = SIGNATURE, at = String(AT), id = ID) =>
  new Headers({ 'webhook-id': id, 'webhook-timestamp': at, 'webhook-signature': signature });
const refusal = (p: Promise<void>) => p.then(() => 'accepted', (e: unknown) => (e instanceof WebhookRefused ? e.message : `threw ${e}`));

describe('Standard Webhooks signatures', () => {
  it('signs the specification’s example as it does, with the secret in each of its forms', async () => {
    for (const secret of [SECRET, `v1,${SECRET}`, 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw']) {
      expect(await signWebhook(secret, ID, AT, BODY)).toBe(SIGNATURE);
    }
  });

  it('accepts the example within five minutes either side, and one match among several signatures', async () => {
    for (const offset of [0, 299, -299]) {
      await expect(verifyWebhook(`v1,${SECRET}`, headers(), BODY, (AT + offset) * 1000)).resolves.toBeUndefined();
    }
    await expect(verifyWebhook(SECRET, headers(`v1,bm90IHRoaXMgb25l ${SIGNATURE}`), BODY, AT * 1000)).resolves.toBeUndefined();
  });

  it('refuses a changed body, id or timestamp, another version, a stale or future call, and missing headers', async () => {
    const now = AT * 1000;
    expect(await refusal(verifyWebhook(SECRET, headers(), '{"test": 2432232315}', now))).toBe('The webhook signature does not match');
    expect(await refusal(verifyWebhook(SECRET, headers(SIGNATURE, String(AT), 'msg_other'), BODY, now))).toBe('The webhook signature does not match');
    expect(await refusal(verifyWebhook(SECRET, headers(SIGNATURE, String(AT + 1)), BODY, now))).toBe('The webhook signature does not match');
    expect(await refusal(verifyWebhook(SECRET, headers(SIGNATURE.replace('v1,', 'v2,')), BODY, now))).toBe('The webhook signature does not match');
    expect(await refusal(verifyWebhook(SECRET, headers(), BODY, (AT + 301) * 1000))).toBe('The webhook timestamp is too old or too new');
    expect(await refusal(verifyWebhook(SECRET, headers(), BODY, (AT - 301) * 1000))).toBe('The webhook timestamp is too old or too new');
    expect(await refusal(verifyWebhook(SECRET, headers(SIGNATURE, '1614265330.5'), BODY, now))).toBe('The webhook timestamp is too old or too new');
    expect(await refusal(verifyWebhook(SECRET, new Headers({ 'webhook-id': ID }), BODY, now))).toBe('Missing webhook-id, webhook-timestamp or webhook-signature');
  });

  it('says in words when the secret is not base64', () => {
    expect(() => webhookKey('v1,whsec_not base64!')).toThrow('The hook secret is not `v1,whsec_<base64>` as the dashboard shows it');
  });
});
