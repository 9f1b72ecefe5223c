// The reminder sender's work at scale, over an in-memory store and a stub fetch (the seams it
// takes as options): one VAPID signature per push service origin rather than one per push, and
// a bounded number of reminders claimed and not yet recorded however much is due.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it, vi } from 'vitest';
import type { DuePush } from '../../../supabase/functions/_shared/push-payload';
import { createPushSender, type PushStore } from '../../../supabase/functions/_shared/push-sender';

const vapid = webpush.generateVAPIDKeys();
const receiver = createECDH('prime256v1');
receiver.generateKeys();
const keys = { p256dh: receiver.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
const AT = '2030-10-01T09:00:00.000Z';

function due(n: number, origins: readonly string[]): DuePush[] {
  return Array.from({ length: n }, (_, i) => ({
    subscription_id: randomUUID(),
    endpoint: `${origins[i % origins.length]}/push/${i}`,
    ...keys,
    user_id: randomUUID(),
    time_zone: 'UTC',
    task_id: randomUUID(),
    occurrence: '2030-10-01',
    fire_at: AT,
    title: `Reminder ${i}`,
    due_time: '09:00',
    list_name: 'Inbox',
    today: '2030-10-01',
    snoozed_until: null,
  }));
}

/** Hands out the due rows in pages, and counts what is claimed and not yet recorded. */
function memoryStore(rows: DuePush[]) {
  let next = 0;
  const open = new Set<DuePush>();
  const stats = { mostOpen: 0, sent: [] as DuePush[], released: 0 };
  const store: PushStore = {
    async claimPage(_since, _now, limit) {
      const page = rows.slice(next, next + limit);
      next += page.length;
      for (const d of page) open.add(d);
      stats.mostOpen = Math.max(stats.mostOpen, open.size);
      return page;
    },
    async markSent(items) {
      for (const d of items) open.delete(d);
      stats.sent.push(...items);
    },
    async release(items) {
      for (const d of items) open.delete(d);
      stats.released += items.length;
    },
    async drop() {},
  };
  return { store, stats };
}

function stubFetch(authorizations: Map<string, Set<string>>): typeof fetch {
  return async (input, init) => {
    const origin = new URL(String(input)).origin;
    const auth = new Headers(init?.headers).get('authorization') ?? '';
    if (!authorizations.has(origin)) authorizations.set(origin, new Set());
    authorizations.get(origin)!.add(auth);
    return new Response(null, { status: 201 });
  };
}

const origins = ['https://fcm.googleapis.com', 'https://updates.push.services.mozilla.com'];

describe('the reminder sender at scale', () => {
  it('signs one VAPID header per push service origin and sends it with every push there', async () => {
    const { store, stats } = memoryStore(due(120, origins));
    const authorizations = new Map<string, Set<string>>();
    const sender = createPushSender({ store, vapid, subject: 'mailto:ops@daybook.test', fetch: stubFetch(authorizations), slices: 1 });
    const r = await sender.tick();
    expect(r).toMatchObject({ claimed: 120, sent: 120, pushes: 120 });
    expect(stats.sent).toHaveLength(120);
    expect([...authorizations.keys()].sort()).toEqual([...origins].sort());
    for (const [origin, headers] of authorizations) {
      expect(headers.size).toBe(1);
      const jwt = /^vapid t=([^,]+), k=/.exec([...headers][0]!)![1]!;
      expect(JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()).aud).toBe(origin);
    }
  });

  it('keeps at most about two pages claimed and unrecorded however much is due, and sends each once', async () => {
    const rows = due(1200, origins);
    const { store, stats } = memoryStore(rows);
    const pageSize = 100;
    const concurrency = 10;
    const sender = createPushSender({ store, vapid, subject: 'mailto:ops@daybook.test', fetch: stubFetch(new Map()), slices: 1, pageSize, concurrency });
    const r = await sender.tick();
    expect(r).toMatchObject({ claimed: 1200, sent: 1200, retried: 0, failed: 0 });
    expect(new Set(stats.sent).size).toBe(1200);
    expect(stats.sent).toHaveLength(1200);
    // queued below the refill mark, a page more, the pushes in flight, and the results waiting to be recorded
    expect(stats.mostOpen).toBeLessThanOrEqual(2 * pageSize + 2 * concurrency + 200);
  }, 60_000);

  it('says a tick that ran out of its budget left more due, and the next tick goes on with it', async () => {
    const { store, stats } = memoryStore(due(40, origins));
    // each claim outlasts the budget: one page a tick
    const slow: PushStore = {
      ...store,
      async claimPage(...args) {
        await new Promise((r) => setTimeout(r, 5));
        return store.claimPage(...args);
      },
    };
    const sender = createPushSender({ store: slow, vapid, subject: 'mailto:ops@daybook.test', fetch: stubFetch(new Map()), slices: 1, pageSize: 25, tickBudgetMs: 1 });
    expect(await sender.tick()).toMatchObject({ claimed: 25, sent: 25, unfinished: true });
    expect(await sender.tick()).toMatchObject({ claimed: 15, sent: 15, unfinished: false });
    expect(stats.sent).toHaveLength(40);
  });

  it('on its timer, follows a tick that left more due at once instead of at the next minute', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      vi.setSystemTime(Date.parse('2030-10-01T08:59:59.000Z'));
      const { store, stats } = memoryStore(due(60, origins));
      const claims: number[] = [];
      const sender = createPushSender({
        store: {
          ...store,
          claimPage(...args) {
            claims.push(Date.now());
            return store.claimPage(...args);
          },
        },
        vapid,
        subject: 'mailto:ops@daybook.test',
        fetch: stubFetch(new Map()),
        slices: 1,
        pageSize: 25,
        // out of time after each page, as on a big morning
        tickBudgetMs: 0,
      });
      sender.start();
      // just past 09:00: the first tick; after it only turns of the event loop, no time passes
      await vi.advanceTimersByTimeAsync(1_300);
      for (let i = 0; i < 500 && stats.sent.length < 60; i++) {
        await vi.advanceTimersByTimeAsync(0);
        await new Promise((r) => setImmediate(r));
      }
      await sender.stop();
      expect(stats.sent).toHaveLength(60);
      expect(claims).toHaveLength(3);
      // all in the first second of 09:00 (the clock stood still after it): none waited for 09:01
      expect(claims.every((at) => at >= Date.parse('2030-10-01T09:00:00.000Z') && at < Date.parse('2030-10-01T09:00:01.000Z'))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
