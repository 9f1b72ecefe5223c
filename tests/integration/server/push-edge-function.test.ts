// The hosted sender (supabase/functions/send-reminders/index.ts) run under Node with a stand-in
// for Deno's two globals, against the stand-in server's PostgREST slice as service_role: it
// claims through push_claim_page, sends to the fake push service (which decrypts and checks the
// VAPID JWT), sends nothing twice, and refuses a caller without the cron secret. The same
// function under Deno itself: tests/integration/edge-functions/deno-functions.test.ts.
import webpush from 'web-push';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../server/jwt';
import { type FakePushService, startFakePushService } from '../../helpers/fake-push-service';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { newId, pushOk, taskCreate } from '../../helpers/server-sync';

type Handler = (req: Request) => Promise<Response>;

// the function reads its secrets at each request, so one import serves every server kind
const env: Record<string, string> = {};
let handler: Handler;
const g = globalThis as unknown as { Deno?: unknown; WebSocket?: unknown };
beforeAll(async () => {
  g.Deno = {
    env: { get: (name: string) => env[name] },
    serve: (h: Handler) => {
      handler = h;
    },
  };
  // Deno has a WebSocket (supabase-js's Realtime client wants one); Node 20 has none
  g.WebSocket ??= ws;
  await import('../../../supabase/functions/send-reminders/index.ts');
});
afterAll(() => {
  delete g.Deno;
  if (g.WebSocket === ws) delete g.WebSocket;
});

describe.each(SERVER_KINDS)('send-reminders Edge Function over the stand-in on %s', (kind) => {
  let srv: TestServer;
  let push: FakePushService;
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    push = await startFakePushService();
    srv = await startTestServer(kind, { pushTestOrigin: push.origin });
    const iat = Math.floor(Date.now() / 1000);
    Object.assign(env, {
      SUPABASE_URL: srv.url,
      SUPABASE_SERVICE_ROLE_KEY: signJwt({ iss: 'daybook', role: 'service_role', iat, exp: iat + 3600 }, srv.jwtSecret),
      SEND_REMINDERS_SECRET: 'cron-secret-for-tests',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@daybook.test',
      DAYBOOK_TEST_PUSH_ORIGIN: push.origin,
    });
  });
  afterAll(async () => {
    await srv?.stop();
    await push?.close();
  });

  it('sends what is due now once, VAPID-signed with the secrets’ key, and refuses a caller without the secret', async () => {
    const alice = await signUpUser(srv);
    const sub = push.newSubscription();
    const { error } = await alice.client.rpc('push_subscribe', {
      p_endpoint: sub.endpoint,
      p_p256dh: sub.keys.p256dh,
      p_auth: sub.keys.auth,
      p_time_zone: 'UTC',
      p_remind_at: '09:00',
    });
    expect(error).toBeNull();
    // due a minute ago, in real time: the function reads the real clock
    const at = new Date(Date.now() - 60_000);
    const day = at.toISOString().slice(0, 10);
    const time = at.toISOString().slice(11, 16);
    const taskId = newId();
    const clientId = newId();
    await pushOk(alice.client, clientId, [
      taskCreate(1, taskId, alice.userId, 'Stretch', { due_date: day, due_time: time }),
      { id: 2, name: 'reminder.set', args: { task_id: taskId, offset_minutes: 0 } },
    ]);
    // the subscription is older than the fire time (a device is not sent what was due before it subscribed)
    await srv.sql.query(`update public.push_subscriptions set created_at = now() - interval '1 hour'`);

    const call = (auth: string) => handler(new Request('http://edge.local/send-reminders', { method: 'POST', headers: { authorization: auth } }));
    expect((await call('Bearer wrong')).status).toBe(401);
    // not even the service role key: only pg_cron's secret runs it
    expect((await call(`Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`)).status).toBe(401);

    push.expectVapidKey(vapid.publicKey);
    const first = await call('Bearer cron-secret-for-tests');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ claimed: 1, sent: 1, gone: 0, retried: 0, failed: 0 });
    const second = await call('Bearer cron-secret-for-tests');
    expect(await second.json()).toMatchObject({ claimed: 0, sent: 0 });
    const got = push.deliveries.filter((d) => d.endpoint === sub.endpoint);
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.payload)).toMatchObject({
      kind: 'reminder',
      title: 'Stretch',
      options: { tag: `reminder:${taskId}:${day}`, data: { taskId, userId: alice.userId } },
    });
    expect(got[0]!.claims).toMatchObject({ aud: push.origin, sub: 'mailto:ops@daybook.test' });

    // a gone subscription is dropped through push_drop_subscription
    const t2 = newId();
    await pushOk(alice.client, clientId, [
      taskCreate(3, t2, alice.userId, 'Gone', { due_date: day, due_time: time }),
      { id: 4, name: 'reminder.set', args: { task_id: t2, offset_minutes: 0 } },
    ]);
    push.answer(sub.endpoint, 410);
    // a device gets at most one push a minute: as the next minute's run would find it
    await srv.sql.query('update public.push_subscriptions set next_push_at = null');
    expect(await (await call('Bearer cron-secret-for-tests')).json()).toMatchObject({ claimed: 1, gone: 1 });
    expect(await srv.sql.query('select 1 from public.push_subscriptions')).toHaveLength(0);
    push.expectVapidKey(null);
  });

  it('the sender’s RPCs answer service_role only', async () => {
    const bob = await signUpUser(srv);
    const { error } = await bob.client.rpc('push_claim_page', { p_since: new Date(0).toISOString(), p_now: new Date().toISOString(), p_limit: 500, p_lease_seconds: 60 });
    expect(error?.message).toMatch(/permission denied/i);
  });
});
