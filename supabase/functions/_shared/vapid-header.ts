// The VAPID Authorization header (RFC 8292) a push service checks, made once per push service
// origin and reused for most of its lifetime. Signing the ES256 JWT costs more CPU than
// encrypting the message (its ECDH, HKDF and AES-GCM together), and the JWT names only the push
// service's origin, the operator and an expiry: nothing of the subscription, so one header
// serves every push to that origin until it nears its expiry. Runtime-neutral: Node and
// Deno (web-push through npm:).
import webpush from 'web-push';

export interface VapidDetails {
  /** RFC 8292 `sub`: how a push service reaches the operator. */
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface VapidHeaderOptions {
  /**
   * Seconds a header is valid (the JWT's `exp` from when it is made). Default 12 hours; push
   * services refuse more than 24.
   */
  lifetimeSeconds?: number;
  /** A header this close to its expiry is made again, so none goes out nearly stale. Default 1 hour. */
  renewBeforeSeconds?: number;
  /**
   * Epoch ms of the real clock: the push service compares `exp` with its own. Tests step it.
   * Default Date.now.
   */
  clock?: () => number;
  /** Origins remembered at once; past this the oldest is forgotten. Default 256. */
  maxOrigins?: number;
}

export interface VapidHeaders {
  /** `vapid t=<jwt>, k=<public key>` for the push service at this endpoint's origin. */
  authorization(endpoint: string): string;
  /** Headers signed so far (each is an ES256 signature). */
  readonly signed: number;
}

export function vapidHeaders(details: VapidDetails, opts: VapidHeaderOptions = {}): VapidHeaders {
  const lifetime = opts.lifetimeSeconds ?? 12 * 3600;
  const renewBefore = opts.renewBeforeSeconds ?? 3600;
  if (!(lifetime > renewBefore && renewBefore >= 0)) throw new Error('lifetimeSeconds must exceed renewBeforeSeconds');
  const clock = opts.clock ?? Date.now;
  const maxOrigins = Math.max(1, opts.maxOrigins ?? 256);
  // insertion order is age order: a renewed origin is deleted and set again
  const cache = new Map<string, { header: string; expiresAt: number }>();
  let signed = 0;
  return {
    authorization(endpoint) {
      const audience = new URL(endpoint).origin;
      const nowSeconds = Math.floor(clock() / 1000);
      const hit = cache.get(audience);
      if (hit && hit.expiresAt - renewBefore > nowSeconds) return hit.header;
      const expiresAt = nowSeconds + lifetime;
      const { Authorization } = webpush.getVapidHeaders(audience, details.subject, details.publicKey, details.privateKey, 'aes128gcm', expiresAt);
      signed++;
      cache.delete(audience);
      if (cache.size >= maxOrigins) cache.delete(cache.keys().next().value!);
      cache.set(audience, { header: Authorization, expiresAt });
      return Authorization;
    },
    get signed() {
      return signed;
    },
  };
}
