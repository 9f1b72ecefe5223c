// Web Push for reminders on this device (SPEC §11.4: "when signed in, also by Web Push from the
// server"): while someone is signed in and notifications are allowed, the browser's push
// subscription (made with the server's VAPID key) is registered with the zone and "Remind at"
// the server fires in; it is registered again when those change, and removed — on the server,
// then in the browser — as the person signs out. Never asks for permission itself: that happens
// when a reminder is first set (the permission's change starts this).
import type { Backend } from '@/backend';
import { reminderPermission } from '@/lib/notification-permission';
import { getRemindAt } from '@/domain/reminders/preference';

export type PushSetup = 'registered' | 'unchanged' | 'not-allowed' | 'unsupported' | 'no-server-key' | 'signed-out';

function bytesFromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

let registered: string | null = null;
let offSignOut: (() => void) | null = null;

/** Brings this device's subscription in line with who is signed in and the device's settings. */
export async function syncPushSubscription(userId: string | null): Promise<PushSetup> {
  if (!userId) return 'signed-out';
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || typeof PushManager === 'undefined') return 'unsupported';
  if (reminderPermission() !== 'granted') return 'not-allowed';
  // the backend chunk is already loaded once someone is signed in (the sync facade uses it)
  const { currentBackend, loadConfig } = await import('@/backend');
  const backend = currentBackend();
  const key = (await loadConfig()).vapidPublicKey;
  if (!backend) return 'signed-out';
  if (!key) return 'no-server-key';
  const serverKey = bytesFromBase64url(key);
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  // made for another server's key (a different backend): it cannot carry this one's pushes
  if (subscription && !sameKey(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey });
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return 'unsupported';
  const device = {
    endpoint: json.endpoint,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    remindAt: getRemindAt(),
  };
  const signature = JSON.stringify([userId, device]);
  if (signature === registered) return 'unchanged';
  await backend.push.register(device);
  registered = signature;
  followSignOut(backend, device.endpoint);
  return 'registered';
}

function followSignOut(backend: Backend, endpoint: string) {
  offSignOut?.();
  offSignOut = backend.beforeSignOut(async () => {
    offSignOut?.();
    offSignOut = null;
    registered = null;
    // the server first (it still has the session), then the browser, so no push is sent to a
    // device that is no longer theirs even if the server could not be reached
    await backend.push.unregister(endpoint).catch(() => undefined);
    const registration = await navigator.serviceWorker.ready;
    await (await registration.pushManager.getSubscription())?.unsubscribe();
  });
}
