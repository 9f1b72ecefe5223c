// Where a reminder push may go (SPEC §15, "Web Push cannot be turned against anyone"): only
// `https` on a host of a known push service, so a subscription cannot make the server post to
// its own network, a cloud metadata address or any other site; and only with keys a push can be
// encrypted to. push_subscribe refuses the same in SQL (supabase/schemas/push_subscriptions_rpc.sql), the
// sender checks again before every request, since rows may predate the check or come from a
// database the allow-list of this process does not match. Pure and WebCrypto only: the Node
// server and the Deno Edge Function both load it.

/** Hosts of the push services browsers use: FCM (Chrome, Edge on Android), Mozilla, Apple, Microsoft (WNS). */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export interface PushTargets {
  /** Exact host names, or `*.suffix` for any name under suffix (not suffix itself). */
  hosts: readonly string[];
  /** Tests only: an `http://127.0.0.1:<port>` origin whose endpoints are allowed too. */
  testOrigin: string | null;
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_NAME = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})+$`);
const HOST_PATTERN = new RegExp(`^(?:\\*\\.)?${LABEL}(?:\\.${LABEL})+$`);
// scheme, host (a name, an IPv4 or a bracketed IPv6 literal; never userinfo), port, path
const ENDPOINT = /^(https?):\/\/([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::([0-9]{1,5}))?(\/[^\s#]*)$/;

/** PUSH_HOSTS (comma-separated host names or `*.suffix`) checked, lower-cased. */
export function parsePushHosts(text: string | undefined | null): string[] {
  const hosts = (text ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const h of hosts) if (!HOST_PATTERN.test(h)) throw new Error(`PUSH_HOSTS: "${h}" is not a host name or *.suffix`);
  return hosts;
}

/** The tests' fake push service's origin, checked: plain http on a loopback address with a port. */
export function parseTestOrigin(text: string | undefined | null): string | null {
  if (!text) return null;
  const m = /^http:\/\/(127\.0\.0\.1|\[::1\]):([0-9]{1,5})$/.exec(text);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) throw new Error(`The test push origin must be http://127.0.0.1:<port>, not "${text}"`);
  return text;
}

export function pushTargets(extraHosts: readonly string[] = [], testOrigin: string | null = null): PushTargets {
  return { hosts: [...DEFAULT_PUSH_HOSTS, ...extraHosts], testOrigin };
}

function hostAllowed(host: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.startsWith('*.') ? host.length > p.length - 1 && host.endsWith(p.slice(1)) : host === p));
}

/** Why a push must not go to this endpoint, or null when it may. */
export function endpointProblem(endpoint: string, targets: PushTargets): string | null {
  if (endpoint.length > 2048) return 'The push endpoint is longer than 2048 characters';
  const m = ENDPOINT.exec(endpoint);
  if (!m) return 'The push endpoint is not a well-formed https URL';
  const [, scheme, rawHost, port] = m as unknown as [string, string, string, string | undefined];
  const host = rawHost.toLowerCase();
  if (targets.testOrigin && `${scheme}://${host}${port ? `:${port}` : ''}` === targets.testOrigin) return null;
  if (scheme !== 'https') return 'The push endpoint must be an https URL';
  if (port !== undefined && port !== '443') return 'The push endpoint must use the https port';
  if (!HOST_NAME.test(host) || /^[0-9.]+$/.test(host)) return 'The push endpoint must name a push service’s host';
  if (!hostAllowed(host, targets.hosts)) return `The push endpoint's host ${host} is not a known push service`;
  return null;
}

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  const b64 = text.replace(/=+$/, '').replaceAll('-', '+').replaceAll('_', '/');
  if (b64.length % 4 === 1) return null;
  try {
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Why a push cannot be encrypted to these keys (RFC 8291: a P-256 point, a 16-byte secret), or null. */
export async function keysProblem(p256dh: string, auth: string): Promise<string | null> {
  const point = base64urlBytes(p256dh);
  if (point?.length !== 65 || point[0] !== 4) return 'The p256dh key is not an uncompressed P-256 point';
  const secret = base64urlBytes(auth);
  if (secret?.length !== 16) return 'The auth secret is not 16 bytes';
  try {
    // WebCrypto refuses a point that is not on the curve (Node and Deno alike)
    await crypto.subtle.importKey('raw', point, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  } catch {
    return 'The p256dh key is not a point on P-256';
  }
  return null;
}
