// Several server processes on one PostgreSQL each run a reminder sender (SPEC §15): their claims
// live in the database, so two senders ticking in the same minute share the work and no device
// is sent a reminder twice. Two senders, each over its own connection pool, tick at once with
// small pages, so their claims interleave; once sending on their own threads, once each with send
// threads of its own (server/push-pool.ts), as `npm start` runs them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgPool } from '../../../server/db.ts';
import { createPushPool, type PushPool } from '../../../server/push-pool.ts';
import { createPushSender, type PushSender } from '../../../supabase/functions/_shared/push-sender';
import { type FakePushService, startFakePushService } from '../../helpers/fake-push-service';
import { signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { newId, pushOk, taskCreate } from '../../helpers/server-sync';

const PEOPLE = 16;

for (const threads of [0, 1]) {
  describe.skipIf(!process.env.TEST_PG_URL)(`two reminder senders over one PostgreSQL, ${threads ? 'each with a send thread' : 'sending on their own thread'}`, () => {
    let srv: TestServer;
    let push: FakePushService;
    let secondPool: ReturnType<typeof openPgPool>;
    const endpoints: string[] = [];
    let clock = Date.parse('2030-10-01T08:59:00.000Z');

    beforeAll(async () => {
      push = await startFakePushService();
      srv = await startTestServer('pg', { pushTestOrigin: push.origin, pushSender: false });
      secondPool = openPgPool(srv.databaseUrl!);
      // each person: one device in London, one task at 10:00 BST with a reminder at the due time
      for (let i = 0; i < PEOPLE; i++) {
        const user = await signUpUser(srv);
        const sub = push.newSubscription();
        const { error } = await user.client.rpc('push_subscribe', {
          p_endpoint: sub.endpoint,
          p_p256dh: sub.keys.p256dh,
          p_auth: sub.keys.auth,
          p_time_zone: 'Europe/London',
          p_remind_at: '09:00',
        });
        if (error) throw new Error(error.message);
        endpoints.push(sub.endpoint);
        const taskId = newId();
        await pushOk(user.client, newId(), [
          taskCreate(1, taskId, user.userId, `Task of person ${i}`, { due_date: '2030-10-01', due_time: '10:00' }),
          { id: 2, name: 'reminder.set', args: { task_id: taskId, offset_minutes: 0 } },
        ]);
      }
    }, 120_000);
    afterAll(async () => {
      await secondPool?.close();
      await srv?.stop();
      await push?.close();
    });

    it('deliver each due reminder once between them, and nothing the next minute', async () => {
      const { vapidPrivateKey } = JSON.parse(readFileSync(join(srv.dataDir, 'keys.json'), 'utf8')) as { vapidPrivateKey: string };
      const pools: PushPool[] = threads ? [createPushPool({ threads }), createPushPool({ threads })] : [];
      const sender = (db: typeof secondPool, pool: PushPool | undefined): PushSender =>
        createPushSender({
          db,
          vapid: { publicKey: srv.vapidPublicKey, privateKey: vapidPrivateKey },
          subject: 'mailto:ops@daybook.test',
          now: () => clock,
          testOrigin: push.origin,
          pageSize: 3,
          slices: 4,
          timeoutMs: 60_000,
          ...(pool ? { deliver: pool.deliver } : {}),
        });
      const [a, b] = [sender(srv.sql as typeof secondPool, pools[0]), sender(secondPool, pools[1])];
      try {
        clock = Date.parse('2030-10-01T09:00:00.300Z');
        const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
        expect(ra.claimed + rb.claimed).toBe(PEOPLE);
        expect(ra.sent + rb.sent).toBe(PEOPLE);
        const perDevice = endpoints.map((e) => push.deliveries.filter((d) => d.endpoint === e).length);
        expect(perDevice).toEqual(endpoints.map(() => 1));

        clock += 60_000;
        const [na, nb] = await Promise.all([a.tick(), b.tick()]);
        expect(na.claimed + nb.claimed).toBe(0);
        expect(push.deliveries.filter((d) => endpoints.includes(d.endpoint))).toHaveLength(PEOPLE);
        // the pushes went through the send threads
        if (threads) expect(pools.reduce((n, p) => n + p.live, 0)).toBeGreaterThan(0);
      } finally {
        await a.stop();
        await b.stop();
        await Promise.all(pools.map((p) => p.close()));
      }
    });
  });
}
