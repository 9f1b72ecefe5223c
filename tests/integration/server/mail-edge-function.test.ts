// The hosted mail sender (supabase/functions/send-mail/index.ts) run under Node with a stand-in
// for Deno's two globals, against the stand-in's PostgREST slice as service_role: it claims the
// outbox through mail_claim, sends over implicit-TLS SMTP (a real smtp-server on loopback, as on
// port 465, its self-signed certificate trusted through SMTP_CA) with the SITE_URL link, sends
// nothing twice, refuses a caller without the cron secret and an SMTP_URL a hosted function may
// not use. The same function under Deno: tests/integration/edge-functions/deno-functions.test.ts.
import ws from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../../server/jwt';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { listCreate, newId, pushOk } from '../../helpers/server-sync';
import { selfSignedCert, type SmtpSink, startSmtpSink } from '../../helpers/smtp-sink';

type Handler = (req: Request) => Promise<Response>;

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
  g.WebSocket ??= ws;
  await import('../../../supabase/functions/send-mail/index.ts');
});
afterAll(() => {
  delete g.Deno;
  if (g.WebSocket === ws) delete g.WebSocket;
});

describe.each(SERVER_KINDS)('send-mail Edge Function over the stand-in on %s', (kind) => {
  let srv: TestServer;
  let smtp: SmtpSink;
  const run = (secret = 'cron-secret-for-tests') =>
    handler(new Request('http://function.test/send-mail', { method: 'POST', headers: { Authorization: `Bearer ${secret}` } }));

  beforeAll(async () => {
    const tls = selfSignedCert();
    smtp = await startSmtpSink(tls);
    srv = await startTestServer(kind, { mailSender: false });
    const iat = Math.floor(Date.now() / 1000);
    Object.assign(env, {
      SUPABASE_URL: srv.url,
      SUPABASE_SERVICE_ROLE_KEY: signJwt({ iss: 'daybook', role: 'service_role', iat, exp: iat + 3600 }, srv.jwtSecret),
      SEND_MAIL_SECRET: 'cron-secret-for-tests',
      SMTP_URL: smtp.url,
      SMTP_CA: tls.cert,
      MAIL_FROM: 'Daybook <invites@daybook.test>',
      SITE_URL: 'https://app.daybook.test',
    });
  });
  afterAll(async () => {
    await srv?.stop();
    await smtp?.close();
  });

  it('sends each waiting invitation once with its link, and refuses a caller without the secret', async () => {
    const alice = await signUpUser(srv);
    const listId = newId();
    const email = `nobody-${newId()}@example.test`;
    await pushOk(alice.client, newId(), [listCreate(1, listId, 'Allotment'), { id: 2, name: 'member.invite', args: { list_id: listId, email, role: 'viewer' } }]);

    expect((await run('wrong')).status).toBe(401);
    expect(smtp.received).toEqual([]);

    const res = await run();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ claimed: 1, sent: 1, retried: 0, dropped: 0 });
    const mail = await smtp.waitFor(email);
    expect(mail.from).toBe('invites@daybook.test');
    expect(mail.data).toMatch(/https:\/\/app\.daybook\.test\/invites\/[0-9a-f]{64}/);
    expect(await (await run()).json()).toEqual({ claimed: 0, sent: 0, retried: 0, dropped: 0 });
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('refuses, in words, an SMTP_URL on a port hosted functions may not open', async () => {
    const was = env.SMTP_URL!;
    env.SMTP_URL = 'smtp://127.0.0.1:587';
    try {
      const res = await run();
      expect(res.status).toBe(500);
      expect(await res.text()).toMatch(/SMTP_URL must be smtps:\/\/.*ports 25 or 587/);
    } finally {
      env.SMTP_URL = was;
    }
  });
});
