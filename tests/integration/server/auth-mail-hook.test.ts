// The hosted Send Email hook (supabase/functions/auth-mail/index.ts) run under Node with a stand-in
// for Deno's two globals: Auth's call, signed per Standard Webhooks, becomes the stand-in's mail
// (supabase/functions/_shared/auth-mail.ts) in the person's language, sent over implicit-TLS SMTP
// to a real smtp-server on loopback; a call with a wrong or stale signature sends nothing. The
// profile's language is read from the stand-in's PostgREST slice as service_role. Under Deno
// itself: the type check and module graph in tests/integration/edge-functions/deno-functions.test.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../server/jwt';
import { serverText } from '../../../supabase/functions/_shared/i18n/catalogue';
import { signWebhook } from '../../../supabase/functions/_shared/standard-webhook';
import { signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { newId, pushOk } from '../../helpers/server-sync';
import { type ReceivedMail, selfSignedCert, type SmtpSink, startSmtpSink } from '../../helpers/smtp-sink';

type Handler = (req: Request) => Promise<Response>;

const SECRET = `v1,whsec_${randomBytes(32).toString('base64')}`;
const env: Record<string, string> = {};
let handler: Handler;
const g = globalThis as unknown as { Deno?: unknown; WebSocket?: unknown };

let srv: TestServer;
let smtp: SmtpSink;
beforeAll(async () => {
  g.Deno = {
    env: { get: (name: string) => env[name] },
    serve: (h: Handler) => {
      handler = h;
    },
  };
  g.WebSocket ??= ws;
  await import('../../../supabase/functions/auth-mail/index.ts');
  const tls = selfSignedCert();
  smtp = await startSmtpSink(tls);
  srv = await startTestServer('pglite', { mailSender: false });
  const iat = Math.floor(Date.now() / 1000);
  Object.assign(env, {
    SUPABASE_URL: srv.url,
    SUPABASE_SERVICE_ROLE_KEY: signJwt({ iss: 'daybook', role: 'service_role', iat, exp: iat + 3600 }, srv.jwtSecret),
    SEND_EMAIL_HOOK_SECRET: SECRET,
    SMTP_URL: smtp.url,
    SMTP_CA: tls.cert,
    MAIL_FROM: 'Daybook <auth@daybook.test>',
    SITE_URL: 'https://app.daybook.test',
  });
}, 60_000);
afterAll(async () => {
  delete g.Deno;
  if (g.WebSocket === ws) delete g.WebSocket;
  await srv?.stop();
  await smtp?.close();
});

interface Call {
  user: { id: string; email?: string; new_email?: string; user_metadata?: Record<string, unknown> };
  email_data: Record<string, string>;
}

function payload(action: string, user: Partial<Call['user']> = {}, data: Record<string, string> = {}): Call {
  return {
    user: { id: randomUUID(), email: `p-${newId()}@example.test`, user_metadata: {}, ...user },
    email_data: {
      token: '123456',
      token_hash: `pkce_${randomBytes(16).toString('hex')}`,
      redirect_to: 'https://app.daybook.test/',
      email_action_type: action,
      site_url: 'https://project.supabase.test/auth/v1',
      token_new: '',
      token_hash_new: '',
      ...data,
    },
  };
}

/** Auth's POST: signed with `secret` at `at` (Unix seconds). */
async function call(body: Call, opts: { secret?: string; at?: number; signature?: string } = {}): Promise<Response> {
  const text = JSON.stringify(body);
  const id = `msg_${newId()}`;
  const at = opts.at ?? Math.floor(Date.now() / 1000);
  const signature = opts.signature ?? (await signWebhook(opts.secret ?? SECRET, id, at, text));
  return handler(
    new Request('http://function.test/auth-mail', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(at), 'webhook-signature': signature },
      body: text,
    }),
  );
}

const decodeQ = (s: string) =>
  Buffer.from(s.replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))), 'latin1').toString('utf8');

/** The Subject header with RFC 2047 encoded words undone. */
function subjectOf(mail: ReceivedMail): string {
  const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const raw = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, s: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(s, 'base64').toString('utf8') : decodeQ(s.replace(/_/g, ' ')),
    );
}

/** The message with quoted-printable undone (the links are in its text part). */
const bodyOf = (mail: ReceivedMail) => decodeQ(mail.data);

const sentTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));

describe('auth-mail: Supabase Auth’s Send Email hook', () => {
  it('sends a German user the German confirmation with the link to the app’s /confirm and the token hash', async () => {
    const body = payload('signup', { user_metadata: { language: 'de' } });
    const res = await call(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    const mail = await smtp.waitFor(body.user.email!);
    expect(mail.from).toBe('auth@daybook.test');
    expect(subjectOf(mail)).toBe(serverText('de').t('auth.signup.subject'));
    expect(subjectOf(mail)).toBe('Bestätige deine E-Mail-Adresse für Daybook');
    expect(bodyOf(mail)).toContain(`https://app.daybook.test/confirm?token_hash=${body.email_data.token_hash}&type=signup`);
    expect(sentTo(body.user.email!)).toHaveLength(1);
  });

  it('refuses a wrong signature, another secret, a stale or future timestamp and missing headers, sending nothing', async () => {
    const body = payload('recovery', { user_metadata: { language: 'de' } });
    const now = Math.floor(Date.now() / 1000);
    const refusals = [
      await call(body, { signature: `v1,${randomBytes(32).toString('base64')}` }),
      await call(body, { secret: `v1,whsec_${randomBytes(32).toString('base64')}` }),
      await call(body, { at: now - 6 * 60 }),
      await call(body, { at: now + 6 * 60 }),
      await handler(new Request('http://function.test/auth-mail', { method: 'POST', body: JSON.stringify(body) })),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { http_code: 401, message: expect.any(String) } });
    }
    expect(sentTo(body.user.email!)).toEqual([]);
  });

  it('accepts one matching signature among several, within five minutes', async () => {
    const body = payload('recovery', { user_metadata: { language: 'de' } });
    const text = JSON.stringify(body);
    const at = Math.floor(Date.now() / 1000) - 4 * 60;
    const good = await signWebhook(SECRET, 'msg_rotated', at, text);
    const res = await handler(
      new Request('http://function.test/auth-mail', {
        method: 'POST',
        headers: { 'webhook-id': 'msg_rotated', 'webhook-timestamp': String(at), 'webhook-signature': `v1,${randomBytes(32).toString('base64')} ${good}` },
        body: text,
      }),
    );
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor(body.user.email!);
    expect(subjectOf(mail)).toBe('Setze dein Daybook-Passwort zurück');
    expect(bodyOf(mail)).toContain(`https://app.daybook.test/reset-password?token_hash=${body.email_data.token_hash}&type=recovery`);
  });

  it('writes English without a language, and sends the change of address to the new one', async () => {
    const newEmail = `new-${newId()}@example.test`;
    const body = payload('email_change', { new_email: newEmail });
    expect((await call(body)).status).toBe(200);
    const mail = await smtp.waitFor(newEmail);
    expect(subjectOf(mail)).toBe('Confirm your new e-mail for Daybook');
    expect(bodyOf(mail)).toContain(`https://app.daybook.test/confirm?token_hash=${body.email_data.token_hash}&type=email_change`);
    expect(sentTo(body.user.email!)).toEqual([]);
  });

  it('writes in the profile’s language over the sign-up’s, once the account is there', async () => {
    const person = await signUpUser(srv);
    await pushOk(person.client, newId(), [{ id: 1, name: 'profile.update', args: { language: 'fr' } }]);
    const body = payload('recovery', { id: person.userId, email: person.email, user_metadata: { language: 'de' } });
    expect((await call(body)).status).toBe(200);
    expect(subjectOf(await smtp.waitFor(person.email))).toBe('Réinitialisez votre mot de passe Daybook');
  });

  it('answers a mail Daybook does not send, and a mail server that is down, with a JSON error', async () => {
    const magic = await call(payload('magiclink'));
    expect(magic.status).toBe(400);
    expect(await magic.json()).toEqual({ error: { http_code: 400, message: 'Daybook sends no "magiclink" mail' } });

    const was = env.SMTP_URL!;
    env.SMTP_URL = 'smtps://127.0.0.1:9';
    try {
      const down = await call(payload('signup'));
      expect(down.status).toBe(500);
      expect(await down.json()).toEqual({ error: { http_code: 500, message: 'The mail could not be sent; see the function logs' } });
    } finally {
      env.SMTP_URL = was;
    }
  });
});
