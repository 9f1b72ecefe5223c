// The notification half of the sender's tick, over in-memory stores and a stub deliver (the seams
// it takes as options): after the reminders, one push per claimed device, recorded by outcome —
// 2xx and refusals that would repeat marked, passing failures released, gone devices dropped —
// and a failing notification pass leaves the reminders' result standing.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it, vi } from 'vitest';
import type { NotificationPushRow } from '../../../supabase/functions/_shared/notification-push';
import type { NotificationPushStore } from '../../../supabase/functions/_shared/notification-push-store';
import { createPushSender, type PushDeliver, type PushStore } from '../../../supabase/functions/_shared/push-sender';

const vapid = webpush.generateVAPIDKeys();
const receiver = createECDH('prime256v1');
receiver.generateKeys();
const keys = { p256dh: receiver.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
const ORIGIN = 'http://127.0.0.1:9';

const row = (i: number): NotificationPushRow => ({
  subscription_id: randomUUID(),
  endpoint: `${ORIGIN}/push/${i}`,
  ...keys,
  user_id: randomUUID(),
  language: null,
  version: 10 + i,
  count: 2,
  kind: 'comment',
  actor_name: 'Ana',
  title: `Task ${i}`,
  list_name: null,
  task_id: randomUUID(),
  one_task: true,
  ids: [randomUUID(), randomUUID()],
});

const reminders: PushStore = { claimPage: async () => [], markSent: async () => {}, release: async () => {}, drop: vi.fn(async () => {}) };

function notificationStore(rows: NotificationPushRow[]) {
  let handed = false;
  const seen = { sent: [] as NotificationPushRow[], released: [] as NotificationPushRow[] };
  const store: NotificationPushStore = {
    async claim(_since, _now, limit) {
      if (handed) return [];
      handed = true;
      return rows.slice(0, limit);
    },
    async markSent(items) {
      seen.sent.push(...items);
    },
    async release(items) {
      seen.released.push(...items);
    },
  };
  return { store, seen };
}

const sender = (notifications: NotificationPushStore, deliver: PushDeliver) =>
  createPushSender({ store: reminders, notificationStore: notifications, deliver, vapid, subject: 'mailto:ops@daybook.test', testOrigin: ORIGIN, slices: 1 });

describe('notification pushes in the sender’s tick', () => {
  it('sends one push per device and records each by its outcome', async () => {
    const rows = [row(0), row(1), row(2), row(3)];
    const status = new Map([
      [rows[1]!.endpoint, 503],
      [rows[2]!.endpoint, 410],
      [rows[3]!.endpoint, 400],
    ]);
    const payloads: unknown[] = [];
    const { store, seen } = notificationStore(rows);
    const result = await sender(store, async (p) => {
      payloads.push(JSON.parse(p.payload));
      return { status: status.get(p.endpoint) ?? 201 };
    }).tick();
    expect(result.notifications).toMatchObject({ claimed: 4, sent: 1, retried: 1, gone: 1, failed: 1, notifications: 2 });
    expect(seen.sent.map((r) => r.endpoint).sort()).toEqual([rows[0]!.endpoint, rows[3]!.endpoint].sort());
    expect(seen.released.map((r) => r.endpoint)).toEqual([rows[1]!.endpoint]);
    expect(reminders.drop).toHaveBeenCalledWith(rows[2]!.subscription_id);
    expect(payloads).toContainEqual(
      expect.objectContaining({ kind: 'notification', title: 'Ana commented on Task 0 and 1 more', options: expect.objectContaining({ tag: `notifications:${rows[0]!.user_id}` }) }),
    );
  });

  it('logs a failing notification pass and keeps the reminders’ result', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken: NotificationPushStore = {
      claim: async () => {
        throw new Error('function push_claim_notifications does not exist');
      },
      markSent: async () => {},
      release: async () => {},
    };
    const result = await sender(broken, async () => ({ status: 201 })).tick();
    expect(result).toMatchObject({ claimed: 0, unfinished: false, notifications: { claimed: 0, sent: 0 } });
    expect(error).toHaveBeenCalledWith('notification pushes failed:', 'function push_claim_notifications does not exist');
    error.mockRestore();
  });
});
