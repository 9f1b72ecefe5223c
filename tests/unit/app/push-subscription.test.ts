// The device's push subscription glue (src/app/reminders/push-subscription.ts) against fakes of
// the browser's PushManager and the backend: registered with the zone and "Remind at" once
// notifications are allowed, again only when something changed, a subscription for another
// server's key replaced, and on sign-out removed on the server first, then in the browser.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const VAPID = 'BAsi-xGLqIisqs0vYLgZTpu57cYphZU-Zgxly9GPRnxtA221qaRB0g0tgnAGIac6UrUEoulujoTtjydIj6lEizg';
const keyBytes = () => new Uint8Array(Buffer.from(VAPID, 'base64url'));
const calls: string[] = [];
let signOutHooks: (() => Promise<void>)[] = [];
const backend = {
  push: {
    register: vi.fn(async (d: { endpoint: string; timeZone: string; remindAt: string }) => void calls.push(`register ${d.endpoint} ${d.remindAt}`)),
    unregister: vi.fn(async (endpoint: string) => void calls.push(`unregister ${endpoint}`)),
  },
  beforeSignOut(hook: () => Promise<void>) {
    signOutHooks.push(hook);
    return () => {
      signOutHooks = signOutHooks.filter((h) => h !== hook);
    };
  },
};
vi.mock('@/backend', () => ({ currentBackend: () => backend, loadConfig: async () => ({ vapidPublicKey: VAPID }) }));

class FakeSubscription {
  constructor(
    readonly endpoint: string,
    readonly options: { applicationServerKey: ArrayBuffer | null },
  ) {}
  async unsubscribe() {
    calls.push(`browser unsubscribe ${this.endpoint}`);
    manager.current = null;
    return true;
  }
  toJSON() {
    return { endpoint: this.endpoint, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };
  }
}
const manager = {
  current: null as FakeSubscription | null,
  made: 0,
  async getSubscription() {
    return this.current;
  },
  async subscribe(opts: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) {
    expect(opts.userVisibleOnly).toBe(true);
    this.current = new FakeSubscription(`https://push.example/${++this.made}`, { applicationServerKey: opts.applicationServerKey.slice().buffer });
    return this.current;
  },
};
const store = new Map<string, string>();

beforeEach(() => {
  vi.resetModules();
  calls.length = 0;
  signOutHooks = [];
  manager.current = null;
  store.clear();
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve({ pushManager: manager }) } });
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
});
afterEach(() => vi.unstubAllGlobals());

describe('syncPushSubscription', () => {
  it('registers once, again when "Remind at" changes, and removes it on sign-out (server first)', async () => {
    const { syncPushSubscription } = await import('@/app/reminders/push-subscription');
    expect(await syncPushSubscription('user-1')).toBe('registered');
    expect(backend.push.register).toHaveBeenLastCalledWith({
      endpoint: 'https://push.example/1',
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      remindAt: '09:00',
    });
    expect(await syncPushSubscription('user-1')).toBe('unchanged');
    store.set('daybook-remind-at', '07:30');
    expect(await syncPushSubscription('user-1')).toBe('registered');
    expect(calls).toEqual(['register https://push.example/1 09:00', 'register https://push.example/1 07:30']);
    expect(signOutHooks).toHaveLength(1);
    await signOutHooks[0]!();
    expect(calls.slice(2)).toEqual(['unregister https://push.example/1', 'browser unsubscribe https://push.example/1']);
    expect(signOutHooks).toHaveLength(0);
  });

  it('replaces a subscription made for another server’s key', async () => {
    manager.current = new FakeSubscription('https://push.example/old', { applicationServerKey: new Uint8Array(65).buffer });
    const { syncPushSubscription } = await import('@/app/reminders/push-subscription');
    expect(await syncPushSubscription('user-1')).toBe('registered');
    expect(calls[0]).toBe('browser unsubscribe https://push.example/old');
    expect(new Uint8Array(manager.current!.options.applicationServerKey!)).toEqual(keyBytes());
  });

  it('does nothing while notifications are not allowed, or signed out', async () => {
    vi.stubGlobal('Notification', { permission: 'default' });
    const { syncPushSubscription } = await import('@/app/reminders/push-subscription');
    expect(await syncPushSubscription('user-1')).toBe('not-allowed');
    expect(await syncPushSubscription(null)).toBe('signed-out');
    expect(calls).toEqual([]);
    expect(manager.current).toBeNull();
  });
});
