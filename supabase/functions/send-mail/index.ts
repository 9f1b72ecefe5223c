// Supabase Edge Function (Deno): the hosted mail sender, run once a minute by pg_cron through
// pg_net (supabase/README.md, "Invitation mail"). The same sender as the stand-in's
// (../_shared/mail-sender.ts: leased claims, one mail at a time, each recorded as it went) over
// the service_role RPCs mail_claim / mail_mark_sent / mail_mark_failed, sending through the
// project's SMTP server with nodemailer.
//
// Secrets (supabase secrets set …): SEND_MAIL_SECRET (pg_cron sends it as a bearer token; deploy
// with --no-verify-jwt so only this check applies), SMTP_URL (smtps://user:password@host:465 —
// Edge Functions may not open ports 25 and 587), MAIL_FROM (e.g. `Daybook <daybook@example.org>`),
// SITE_URL (where the app is served, for the links /invites/<token>), optionally SMTP_CA (the PEM
// certificate of the mail server's own CA, when no public CA signed its certificate).
// SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided. An SMTP_URL that is not smtps:// is
// refused at each call, in words, before anything is claimed.
import { refuseUnlessCron, requireSecret, serviceRpc } from '../_shared/cron-call.ts';
import { createMailSender } from '../_shared/mail-sender.ts';
import { hostedSmtpUrl, smtpTransport } from '../_shared/mail-smtp.ts';
import { rpcMailStore } from '../_shared/mail-store.ts';

// The Deno global as far as this file uses it (see send-reminders/index.ts: tsc checks this file
// with Node's types, and the integration test runs it under Node with these stubbed).
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
};

const secret = (name: string) => requireSecret(Deno.env, name);

Deno.serve(async (req: Request) => {
  const refused = refuseUnlessCron(req, Deno.env, 'SEND_MAIL_SECRET');
  if (refused) return refused;
  let url: string;
  try {
    url = hostedSmtpUrl(secret('SMTP_URL'));
  } catch (err) {
    console.error('send-mail:', (err as Error).message);
    return new Response((err as Error).message, { status: 500 });
  }
  const rpc = serviceRpc(Deno.env);
  const transport = smtpTransport(url, Deno.env.get('MAIL_FROM') || undefined, Deno.env.get('SMTP_CA') || undefined);
  const sender = createMailSender({
    store: rpcMailStore(rpc),
    transport,
    siteUrl: secret('SITE_URL'),
    // one run per minute, within pg_net's 55 s: what is left goes in the next run
    budgetMs: 30_000,
  });
  try {
    return Response.json(await sender.run());
  } catch (err) {
    console.error('send-mail failed:', err instanceof Error ? err.message : err);
    return new Response('The mail run failed; see the function logs', { status: 500 });
  } finally {
    transport.close();
  }
});
