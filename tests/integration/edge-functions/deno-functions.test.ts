// The Edge Functions under Deno itself (node_modules/.bin/deno, pinned from npm), with nothing
// downloaded (tests/helpers/deno.ts): each type-checks, each one's module graph stays inside
// supabase/functions/ (the deploy bundler resolves only there) with its packages named in its
// deno.json at the versions installed here, and each is served with `deno run` against the
// stand-in's PostgREST slice as service_role — send-reminders pushing to the fake push service
// (which decrypts RFC 8291 and checks the VAPID JWT), send-mail over implicit TLS (as on port 465)
// to a real SMTP server whose self-signed certificate it trusts through SMTP_CA, and auth-mail
// checking Auth's signature with Deno's WebCrypto before it sends the same way.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../server/jwt';
import { signWebhook } from '../../../supabase/functions/_shared/standard-webhook';
import { deno, OFFLINE, ROOT, type ServedFunction, serveFunction } from '../../helpers/deno';
import { type FakePushService, startFakePushService } from '../../helpers/fake-push-service';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { acceptInvitations, listCreate, newId, pushOk, taskCreate } from '../../helpers/server-sync';
import { selfSignedCert, type SmtpSink, startSmtpSink } from '../../helpers/smtp-sink';

const FUNCTIONS = ['send-reminders', 'send-mail', 'auth-mail'];
const FUNCTIONS_DIR = `file://${join(ROOT, 'supabase', 'functions')}/`;

interface DenoInfo {
  modules: { specifier: string; kind?: string; dependencies?: { specifier: string }[] }[];
}

describe('Edge Functions under Deno', () => {
  it('type-check with deno check', async () => {
    await deno(['check', ...OFFLINE, ...FUNCTIONS.map((f) => `supabase/functions/${f}/index.ts`)]);
  }, 180_000);

  // (deno info has no --cached-only; with the packages in node_modules it has nothing to fetch)
  it.each(FUNCTIONS)('%s: every module it loads is under supabase/functions/ or a package its deno.json names', async (name) => {
    const { stdout } = await deno(['info', '--json', '--node-modules-dir=manual', `supabase/functions/${name}/index.ts`]);
    const info = JSON.parse(stdout) as DenoInfo;
    const local = info.modules.filter((m) => m.specifier.startsWith('file://') && !m.specifier.includes('/node_modules/'));
    expect(local.length).toBeGreaterThan(3);
    expect(local.map((m) => m.specifier).filter((s) => !s.startsWith(FUNCTIONS_DIR))).toEqual([]);
    // what the hosted bundler resolves: relative files, node: built-ins, and the import map's names
    const imports = (JSON.parse(readFileSync(join(ROOT, 'supabase', 'functions', name, 'deno.json'), 'utf8')) as { imports: Record<string, string> }).imports;
    const bare = new Set(local.flatMap((m) => (m.dependencies ?? []).map((d) => d.specifier)).filter((s) => !s.startsWith('.') && !s.startsWith('node:')));
    expect([...bare].filter((s) => !(s in imports))).toEqual([]);
    // …at the versions installed here, which are what these tests run
    for (const [pkg, spec] of Object.entries(imports)) {
      const installed = (JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
      expect(spec, `${name}/deno.json ${pkg}`).toBe(`npm:${pkg}@${installed}`);
    }
  }, 180_000);
});

const serviceKey = (srv: TestServer) => {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt({ iss: 'daybook', role: 'service_role', iat, exp: iat + 3600 }, srv.jwtSecret);
};

describe.each(SERVER_KINDS)('send-reminders served by Deno over the stand-in on %s', (kind) => {
  let srv: TestServer;
  let push: FakePushService;
  let fn: ServedFunction;
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    push = await startFakePushService();
    srv = await startTestServer(kind, { pushTestOrigin: push.origin });
    fn = await serveFunction('send-reminders', {
      SUPABASE_URL: srv.url,
      SUPABASE_SERVICE_ROLE_KEY: serviceKey(srv),
      SEND_REMINDERS_SECRET: 'cron-secret-for-tests',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@daybook.test',
      DAYBOOK_TEST_PUSH_ORIGIN: push.origin,
    });
  }, 120_000);
  afterAll(async () => {
    await fn?.stop();
    await srv?.stop();
    await push?.close();
  });

  it('sends what is due once, VAPID-signed and encrypted, and refuses a caller without the secret', async () => {
    const alice = await signUpUser(srv);
    // German: the push's words come from the catalogues beside the function (SPEC §20)
    await pushOk(alice.client, newId(), [{ id: 1, name: 'profile.update', args: { language: 'de' } }]);
    const sub = push.newSubscription();
    const { error } = await alice.client.rpc('push_subscribe', { p_endpoint: sub.endpoint, p_p256dh: sub.keys.p256dh, p_auth: sub.keys.auth, p_time_zone: 'UTC', p_remind_at: '09:00' });
    expect(error).toBeNull();
    const at = new Date(Date.now() - 60_000);
    const day = at.toISOString().slice(0, 10);
    const taskId = newId();
    await pushOk(alice.client, newId(), [
      taskCreate(1, taskId, alice.userId, 'Stretch', { due_date: day, due_time: at.toISOString().slice(11, 16) }),
      { id: 2, name: 'reminder.set', args: { task_id: taskId, offset_minutes: 0 } },
    ]);
    await srv.sql.query(`update public.push_subscriptions set created_at = now() - interval '1 hour'`);

    const call = (auth: string) => fetch(`${fn.url}/send-reminders`, { method: 'POST', headers: { authorization: auth } });
    expect((await call('Bearer wrong')).status).toBe(401);
    push.expectVapidKey(vapid.publicKey);
    const first = await call('Bearer cron-secret-for-tests');
    expect(first.status, fn.output()).toBe(200);
    expect(await first.json()).toMatchObject({ claimed: 1, sent: 1, gone: 0, retried: 0, failed: 0 });
    expect(await (await call('Bearer cron-secret-for-tests')).json()).toMatchObject({ claimed: 0, sent: 0 });
    const got = push.deliveries.filter((d) => d.endpoint === sub.endpoint);
    expect(got).toHaveLength(1);
    const payload = JSON.parse(got[0]!.payload);
    expect(payload).toMatchObject({ kind: 'reminder', title: 'Stretch', options: { tag: `reminder:${taskId}:${day}`, data: { taskId } } });
    expect(payload.options.body).toMatch(/^(Heute|Gestern) um \d\d:\d\d · /);
    expect(payload.options.actions.map((a: { title: string }) => a.title)).toEqual(['Erledigen', 'In 10 Minuten erinnern']);
    expect(got[0]!.claims).toMatchObject({ aud: push.origin, sub: 'mailto:ops@daybook.test' });
    push.expectVapidKey(null);
  }, 60_000);

  it('pushes a person’s new notifications in the same run, in their language, once a minute', async () => {
    const [ana, bo] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    await pushOk(ana.client, newId(), [{ id: 1, name: 'profile.update', args: { display_name: 'Ana' } }]);
    await pushOk(bo.client, newId(), [{ id: 1, name: 'profile.update', args: { language: 'de' } }]);
    const listId = newId();
    const anaDevice = newId();
    await pushOk(ana.client, anaDevice, [listCreate(1, listId, 'Haus'), { id: 2, name: 'member.invite', args: { list_id: listId, email: bo.email, role: 'editor' } }]);
    await acceptInvitations(bo.client, listId);
    const sub = push.newSubscription();
    const { error } = await bo.client.rpc('push_subscribe', { p_endpoint: sub.endpoint, p_p256dh: sub.keys.p256dh, p_auth: sub.keys.auth, p_time_zone: 'UTC', p_remind_at: '09:00' });
    expect(error).toBeNull();
    const taskId = newId();
    await pushOk(ana.client, anaDevice, [taskCreate(3, taskId, listId, 'Rasen mähen', { assignee: bo.userId })]);

    const call = () => fetch(`${fn.url}/send-reminders`, { method: 'POST', headers: { authorization: 'Bearer cron-secret-for-tests' } });
    const first = await call();
    expect(first.status, fn.output()).toBe(200);
    expect((await first.json()).notifications).toMatchObject({ claimed: 1, sent: 1, notifications: 1 });
    const got = push.deliveries.filter((d) => d.endpoint === sub.endpoint).map((d) => JSON.parse(d.payload));
    expect(got).toEqual([
      {
        kind: 'notification',
        title: 'Ana hat dir Rasen mähen zugewiesen',
        options: { tag: `notifications:${bo.userId}`, body: '', data: { kind: 'notification', userId: bo.userId, taskId, url: `/tasks/${taskId}`, ids: [expect.any(String)] } },
      },
    ]);
    expect((await (await call()).json()).notifications).toMatchObject({ claimed: 0 });
  }, 60_000);
});

describe.each(SERVER_KINDS)('send-mail served by Deno over the stand-in on %s', (kind) => {
  let srv: TestServer;
  let smtp: SmtpSink;
  let fn: ServedFunction;

  beforeAll(async () => {
    const tls = selfSignedCert();
    smtp = await startSmtpSink(tls);
    srv = await startTestServer(kind, { mailSender: false });
    fn = await serveFunction('send-mail', {
      SUPABASE_URL: srv.url,
      SUPABASE_SERVICE_ROLE_KEY: serviceKey(srv),
      SEND_MAIL_SECRET: 'cron-secret-for-tests',
      SMTP_URL: smtp.url,
      SMTP_CA: tls.cert,
      MAIL_FROM: 'Daybook <invites@daybook.test>',
      SITE_URL: 'https://app.daybook.test',
    });
  }, 120_000);
  afterAll(async () => {
    await fn?.stop();
    await srv?.stop();
    await smtp?.close();
  });

  it('sends each waiting invitation once over implicit TLS, and refuses a caller without the secret', async () => {
    expect(smtp.url).toMatch(/^smtps:\/\//);
    const alice = await signUpUser(srv);
    const listId = newId();
    const email = `nobody-${newId()}@example.test`;
    // an address with no account is written to in the inviter's language (SPEC §20)
    await pushOk(alice.client, newId(), [
      { id: 1, name: 'profile.update', args: { language: 'de' } },
      listCreate(2, listId, 'Allotment'),
      { id: 3, name: 'member.invite', args: { list_id: listId, email, role: 'viewer' } },
    ]);
    const run = (secret: string) => fetch(`${fn.url}/send-mail`, { method: 'POST', headers: { Authorization: `Bearer ${secret}` } });
    expect((await run('wrong')).status).toBe(401);
    const res = await run('cron-secret-for-tests');
    expect(res.status, fn.output()).toBe(200);
    expect(await res.json()).toEqual({ claimed: 1, sent: 1, retried: 0, dropped: 0 });
    const mail = await smtp.waitFor(email);
    expect(mail.from).toBe('invites@daybook.test');
    expect(mail.data).toMatch(/https:\/\/app\.daybook\.test\/invites\/[0-9a-f]{64}/);
    expect(mail.data).toContain('Keine Einladungen mehr an mich senden: https://app.daybook.test/no-invitations/');
    expect(await (await run('cron-secret-for-tests')).json()).toEqual({ claimed: 0, sent: 0, retried: 0, dropped: 0 });
  }, 60_000);
});

describe('auth-mail served by Deno', () => {
  let smtp: SmtpSink;
  let fn: ServedFunction;
  const secret = `v1,whsec_${randomBytes(32).toString('base64')}`;

  beforeAll(async () => {
    const tls = selfSignedCert();
    smtp = await startSmtpSink(tls);
    fn = await serveFunction('auth-mail', {
      SEND_EMAIL_HOOK_SECRET: secret,
      SMTP_URL: smtp.url,
      SMTP_CA: tls.cert,
      MAIL_FROM: 'Daybook <auth@daybook.test>',
      SITE_URL: 'https://app.daybook.test',
    });
  }, 120_000);
  afterAll(async () => {
    await fn?.stop();
    await smtp?.close();
  });

  it('sends the signed call’s mail in the sign-up’s language, and refuses a wrong signature', async () => {
    const email = `p-${newId()}@example.test`;
    const tokenHash = randomBytes(16).toString('hex');
    const body = JSON.stringify({
      user: { id: randomUUID(), email, user_metadata: { language: 'de' } },
      email_data: { token: '123456', token_hash: tokenHash, redirect_to: '', email_action_type: 'signup', site_url: '', token_new: '', token_hash_new: '' },
    });
    const at = Math.floor(Date.now() / 1000);
    const post = (signature: string) =>
      fetch(`${fn.url}/auth-mail`, { method: 'POST', headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': String(at), 'webhook-signature': signature }, body });
    const refused = await post(`v1,${randomBytes(32).toString('base64')}`);
    expect(refused.status, fn.output()).toBe(401);
    const res = await post(await signWebhook(secret, 'msg_1', at, body));
    expect(res.status, fn.output()).toBe(200);
    expect(await res.json()).toEqual({});
    const mail = await smtp.waitFor(email);
    // (quoted-printable: =C3=A4 is ä, =3D is =)
    expect(mail.data).toContain(`E-Mail-Adresse best=C3=A4tigen: https://app.daybook.test/confirm?token_hash=3D${tokenHash}&type=3Dsignup`);
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  }, 60_000);
});
