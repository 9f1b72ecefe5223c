// Standard Webhooks (standardwebhooks.com), as Supabase Auth signs its hook calls: the headers
// webhook-id, webhook-timestamp (Unix seconds) and webhook-signature (one or more space-separated
// `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`), keyed with the secret the dashboard
// generates, `v1,whsec_<base64 key>`. WebCrypto only, so the function needs no package for it.

/** How far a call's timestamp may be from now: a captured call replayed later is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export class WebhookRefused extends Error {}

/** The HMAC key of a secret given as `v1,whsec_<base64>` (or `whsec_<base64>`, or bare base64). */
export function webhookKey(secret: string): Uint8Array<ArrayBuffer> {
  const b64 = secret.trim().replace(/^v1,/, '').replace(/^whsec_/, '');
  let bin: string;
  try {
    bin = atob(b64);
  } catch {
    throw new Error('The hook secret is not `v1,whsec_<base64>` as the dashboard shows it');
  }
  const key = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) key[i] = bin.charCodeAt(i);
  return key;
}

async function hmac(key: Uint8Array<ArrayBuffer>, text: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, new TextEncoder().encode(text)));
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

/** Compares without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/** The signature header's value for a call (what Auth sends; the tests sign with it too). */
export async function signWebhook(secret: string, id: string, timestamp: number | string, body: string): Promise<string> {
  return `v1,${toBase64(await hmac(webhookKey(secret), `${id}.${timestamp}.${body}`))}`;
}

/** Throws WebhookRefused unless the call is signed with the secret and recent; nowMs for tests. */
export async function verifyWebhook(secret: string, headers: Headers, body: string, nowMs = Date.now()): Promise<void> {
  const id = headers.get('webhook-id');
  const timestamp = headers.get('webhook-timestamp');
  const signatures = headers.get('webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookRefused('Missing webhook-id, webhook-timestamp or webhook-signature');
  const seconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(nowMs / 1000 - seconds) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookRefused('The webhook timestamp is too old or too new');
  }
  const expected = await signWebhook(secret, id, timestamp, body);
  const ok = signatures.split(' ').some((s) => s.startsWith('v1,') && sameText(s, expected));
  if (!ok) throw new WebhookRefused('The webhook signature does not match');
}
