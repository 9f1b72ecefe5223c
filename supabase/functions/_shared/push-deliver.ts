// How the reminder sender sends one push by default: on its own thread, the Edge Function's
// and the stand-in's when it runs no send threads. web-push makes the request (aes128gcm body,
// TTL, urgency) with the origin's VAPID header; fetch sends it, so the same code reaches an https
// push service and the tests' http one. Runtime-neutral: Node and Deno.
import webpush from 'web-push';
import { yieldNow } from './push-batches.ts';
import type { DeliveryResult, PushDeliver, PushDelivery } from './push-sender-types.ts';

export function inThreadDeliver(doFetch: typeof fetch): PushDeliver {
  // Encryption is synchronous CPU work (ECDH, HKDF, AES-GCM): one push's at a time, each after a
  // turn of the event loop, so requests waiting on the server (and on PGlite) get in between
  // rather than behind a burst of every send's encryption at once.
  let cpu: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(work: () => T): Promise<T> {
    const run = cpu.then(yieldNow).then(work);
    cpu = run.catch(() => undefined);
    return run;
  }
  return async (p: PushDelivery): Promise<DeliveryResult> => {
    let req: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      req = await oneAtATime(() => pushRequest(p));
    } catch (err) {
      return { encryptionFailed: err instanceof Error ? err.message : String(err) };
    }
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    try {
      const res = await doFetch(p.endpoint, {
        method: 'POST',
        headers,
        body: req.body ? new Uint8Array(req.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(p.timeoutMs),
      });
      await res.arrayBuffer().catch(() => undefined);
      return { status: res.status };
    } catch {
      return { status: null };
    }
  };
}

/**
 * What web-push's `generateRequestDetails` is called with for one push: made here only, so the
 * Node server's send threads (server/push-worker.mjs, plain JavaScript) encrypt the same request.
 */
export function pushRequestArgs(p: PushDelivery): Parameters<typeof webpush.generateRequestDetails> {
  return [
    { endpoint: p.endpoint, keys: { p256dh: p.p256dh, auth: p.auth } },
    p.payload,
    { headers: { Authorization: p.authorization }, TTL: p.ttlSeconds, urgency: p.urgency },
  ];
}

/** The encrypted request for one push (web-push's, its body aes128gcm). Throws on bad keys. */
export function pushRequest(p: PushDelivery): ReturnType<typeof webpush.generateRequestDetails> {
  return webpush.generateRequestDetails(...pushRequestArgs(p));
}
