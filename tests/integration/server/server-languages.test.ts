// Server texts in the recipient's language (SPEC §20) through the stand-in's real HTTP API on
// PGlite and PostgreSQL 15: the invitation mail in the invitee's language (their profile's when the
// address has an account, else the inviter's), the reset and confirmation mail in the person's
// (their profile's, else the one their device sent at sign-up), a reminder push to the fake push
// service in the person's language, and a calendar feed's words in the profile's language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '@/backend/auth';
import { setCurrentLanguage } from '@/lib/i18n/language';
import { signJwt } from '../../../server/jwt';
import { createPushSender, type PushSender } from '../../../supabase/functions/_shared/push-sender';
import { waitForMail } from '../../helpers/dev-mail';
import { type FakePushService, startFakePushService } from '../../helpers/fake-push-service';
import { newClient, SERVER_KINDS, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { linkTokenHash, listCreate, newId, newLinkToken, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('server texts in the recipient’s language on %s', (kind) => {
  let srv: TestServer;
  let push: FakePushService;
  let alice: TestUser;
  let next = 1;
  const clientOf = new Map<string, string>();
  const apply = (user: TestUser, ...mutations: ((id: number) => RawMutation)[]) => {
    const clientId = clientOf.get(user.userId) ?? newId();
    clientOf.set(user.userId, clientId);
    return pushOk(
      user.client,
      clientId,
      mutations.map((m) => m(next++)),
    );
  };
  const speak = async (user: TestUser, language: string) => {
    const r = await apply(user, (id) => ({ id, name: 'profile.update', args: { language } }));
    expect(r.results[0]?.status).toBe('applied');
  };
  const invite = async (from: TestUser, email: string, role = 'editor') => {
    const listId = newId();
    const r = await apply(
      from,
      (id) => listCreate(id, listId, 'Potager'),
      (id) => ({ id, name: 'member.invite', args: { list_id: listId, email, role } }),
    );
    expect(r.results.map((x) => x.status)).toEqual(['applied', 'applied']);
    // an invitee with an account also has the sign-up's confirmation: the invitation is the one with its link
    for (let count = 1; ; count++) {
      const found = (await waitForMail(srv.url, email, count)).find((m) => m.text.includes('/invites/'));
      if (found) return found;
    }
  };

  beforeAll(async () => {
    push = await startFakePushService();
    srv = await startTestServer(kind, { pushTestOrigin: push.origin, emailConfirmations: true, authLimits: { mailIntervalMs: 0 } });
    alice = await member('en');
  });
  afterAll(async () => {
    await srv?.stop();
    await push?.close();
  });

  /** Someone with a confirmed account (confirmations are on: the link is opened for them). */
  async function member(language: string | null): Promise<TestUser> {
    const email = `m-${newId()}@example.test`;
    const c = newClient(srv.url, srv.anonKey);
    expect((await c.auth.signUp({ email, password: 'correct horse' })).error).toBeNull();
    await srv.sql.query('update auth.users set email_confirmed_at = now() where email = $1', [email]);
    const signedIn = await c.auth.signInWithPassword({ email, password: 'correct horse' });
    expect(signedIn.error).toBeNull();
    const user = { client: c, email, userId: signedIn.data.user!.id } as TestUser;
    if (language) await speak(user, language);
    return user;
  }

  it('mails a French-speaking invitee in French though the inviter speaks English', async () => {
    const camille = await member('fr');
    const mail = await invite(alice, camille.email);
    const inviter = alice.email.split('@')[0];
    expect(mail.subject).toBe(`${inviter} vous invite à rejoindre une liste sur Daybook`);
    expect(mail.text).toContain(`${inviter} vous invite à rejoindre la liste «\u00a0Potager\u00a0» sur Daybook en tant qu’éditeur.`);
    expect(mail.text).toMatch(/Le lien est valable jusqu’au \d{1,2} [a-zéû]+ \d{4}\./);
    expect(mail.html).toContain('>Ouvrir l’invitation</a>');
  });

  it('mails an address with no account in the inviter’s language, and in English when no one chose one', async () => {
    const jonas = await member('de');
    const email = `new-${newId()}@example.test`;
    const mail = await invite(jonas, email, 'viewer');
    expect(mail.subject).toBe(`${jonas.email.split('@')[0]} hat dich zu einer Liste in Daybook eingeladen`);
    expect(mail.text).toContain('als Betrachter zur Liste „Potager“');
    const plain = await member(null);
    expect((await invite(plain, `new-${newId()}@example.test`)).subject).toBe(`${plain.email.split('@')[0]} invited you to a list on Daybook`);
  });

  it('mails the reset link in the person’s profile language', async () => {
    const yuki = await member('ja');
    expect((await newClient(srv.url, srv.anonKey).auth.resetPasswordForEmail(yuki.email)).error).toBeNull();
    const [mail] = await waitForMail(srv.url, yuki.email);
    expect(mail!.subject).toBe('Daybookのパスワードを再設定してください');
    expect(mail!.text).toContain('パスワードを再設定: ');
    expect(mail!.text).toContain('/reset-password?token_hash=');
  });

  it('mails the sign-up confirmation in the language the device sent, before any profile exists', async () => {
    const email = `es-${newId()}@example.test`;
    const up = await newClient(srv.url, srv.anonKey).auth.signUp({ email, password: 'correct horse', options: { data: { language: 'es' } } });
    expect(up.error).toBeNull();
    const [mail] = await waitForMail(srv.url, email);
    expect(mail!.subject).toBe('Confirma tu correo para Daybook');
    // anything else there is not a language: English
    const other = `xx-${newId()}@example.test`;
    await newClient(srv.url, srv.anonKey).auth.signUp({ email: other, password: 'correct horse', options: { data: { language: { no: 1 } } } });
    expect((await waitForMail(srv.url, other))[0]!.subject).toBe('Confirm your e-mail for Daybook');
  });

  it('the app’s own sign-up sends the language it speaks, so the confirmation is in it', async () => {
    const storage = new Map<string, string>();
    const auth = createAuth(newClient(srv.url, srv.anonKey), {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    }, 'sb-test-auth-token');
    const email = `app-${newId()}@example.test`;
    setCurrentLanguage('fr');
    try {
      expect(await auth.signUp(email, 'correct horse', 'Camille')).toMatchObject({ ok: false, confirm: true });
    } finally {
      setCurrentLanguage(null);
    }
    const [mail] = await waitForMail(srv.url, email);
    expect(mail!.subject).toBe('Confirmez votre adresse e-mail pour Daybook');
    const [row] = await srv.sql.query<{ meta: Record<string, unknown> }>('select raw_user_meta_data as meta from auth.users where email = $1', [email]);
    expect(row!.meta).toMatchObject({ display_name: 'Camille', language: 'fr' });
  });

  describe('reminder pushes', () => {
    let clock = Date.parse('2031-03-04T07:59:30Z');
    let sender: PushSender | undefined;
    afterAll(async () => {
      await sender?.stop();
    });

    it('arrive in the person’s language, the day and time as it writes them', async () => {
      const camille = await member('fr');
      const keys = JSON.parse(readFileSync(join(srv.dataDir, 'keys.json'), 'utf8')) as { vapidPrivateKey: string };
      const sub = push.newSubscription();
      const { error } = await camille.client.rpc('push_subscribe', {
        p_endpoint: sub.endpoint,
        p_p256dh: sub.keys.p256dh,
        p_auth: sub.keys.auth,
        p_time_zone: 'Europe/Paris',
        p_remind_at: '09:00',
      });
      expect(error).toBeNull();
      const listId = newId();
      const taskId = newId();
      await apply(
        camille,
        (id) => listCreate(id, listId, 'Maison'),
        (id) => taskCreate(id, taskId, listId, 'Appeler le dentiste', { due_date: '2031-03-04', due_time: '09:00' }),
        (id) => ({ id, name: 'reminder.set', args: { task_id: taskId, offset_minutes: 0 } }),
      );
      sender = createPushSender({
        db: srv.sql,
        vapid: { publicKey: srv.vapidPublicKey, privateKey: keys.vapidPrivateKey },
        subject: 'mailto:ops@daybook.test',
        now: () => clock,
        testOrigin: push.origin,
        timeoutMs: 60_000,
      });
      clock = Date.parse('2031-03-04T08:00:00.300Z'); // 09:00 in Paris
      expect(await sender.tick()).toMatchObject({ claimed: 1, sent: 1 });
      const got = push.deliveries.filter((d) => d.endpoint === sub.endpoint).map((d) => JSON.parse(d.payload));
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({
        kind: 'reminder',
        title: 'Appeler le dentiste',
        options: {
          tag: `reminder:${taskId}:2031-03-04`,
          body: 'Aujourd’hui à 09:00 · Maison',
          actions: [
            { action: 'complete', title: 'Terminer' },
            { action: 'snooze', title: 'Rappeler dans 10 minutes' },
          ],
        },
      });
    });
  });

  it('answers the Edge Functions’ language RPCs to service_role only', async () => {
    const lucas = await member('pt-BR');
    const plain = await member(null);
    const iat = Math.floor(Date.now() / 1000);
    const service = newClient(srv.url, signJwt({ iss: 'daybook', role: 'service_role', iat, exp: iat + 3600 }, srv.jwtSecret));
    const { data, error } = await service.rpc('push_languages', { p_users: [lucas.userId, plain.userId, lucas.userId] });
    expect(error).toBeNull();
    expect(data).toEqual(
      expect.arrayContaining([
        { user_id: lucas.userId, language: 'pt-BR' },
        { user_id: plain.userId, language: null },
      ]),
    );
    expect(data).toHaveLength(2);
    expect((await lucas.client.rpc('push_languages', { p_users: [lucas.userId] })).error).not.toBeNull();
    expect((await lucas.client.rpc('mail_languages', { p_ids: [] })).error).not.toBeNull();
  });

  it('writes a calendar feed’s words in the profile’s language', async () => {
    const ana = await member('pt-BR');
    const token = newLinkToken();
    const listId = newId();
    await apply(
      ana,
      (id) => listCreate(id, listId, 'Casa'),
      (id) => taskCreate(id, newId(), listId, 'Imposto', { due_date: '2031-04-20', deadline: '2031-04-30' }),
      (id) => ({ id, name: 'feed.create', args: { id: newId(), kind: 'all', name: 'Daybook', token_hash: linkTokenHash(token), options: { language: 'en' } } }),
    );
    const res = await fetch(`${srv.url}/calendar/${token}.ics`);
    expect(res.status).toBe(200);
    const summaries = new ICAL.Component(ICAL.parse(await res.text())).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e).summary);
    expect(summaries).toEqual(expect.arrayContaining(['Imposto', 'Prazo final: Imposto']));
  });
});
