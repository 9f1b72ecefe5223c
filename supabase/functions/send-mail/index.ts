// Supabase Edge Function (Deno): the hosted mail sender, run once a minute by pg_cron through
// pg_net (supabase/README.md, "Invitation mail"). The same sender as the stand-in's
// (../_shared/mail-sender.ts: leased claims, one mail at a time, each recorded as it went) over
// the service_role RPCs mail_claim / mail_mark_sent / mail_mark_failed, sending through the
// project's SMTP server with nodemailer.
//
// Secrets (supabase secrets set …): SEND_MAIL_SECRET (pg_cron sends it as a bearer token; deploy
// with --no-verify-jwt so only this check applies), SMTP_URL (smtps://user:password@host:465 —
// Edge Functions may not open ports 25 and 587), MAIL_FROM (e.g. `Daybook <daybook@example.org>`),
// SITE_URL (where the app is served, for the links /invites/<token>). SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY are provided.
import { createClient } from '@supabase/supabase-js';
import { createMailSender } from '../_shared/mail-sender.ts';
import { smtpTransport } from '../_shared/mail-smtp.ts';
import { rpcMailStore } from '../_shared/mail-store.ts';

// The Deno global as far as this file uses it (see send-reminders/index.ts: tsc checks this file
// with Node's types, and the integration test runs it under Node with these stubbed).
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
};

function secret(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`The secret ${name} is not set: supabase secrets set ${name}=…`);
  return value;
}

/** Compares without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

Deno.serve(async (req: Request) => {
  if (req.method !== 'POST') return new Response('Method not allowed', { status: 405 });
  if (!sameText(req.headers.get('authorization') ?? '', `Bearer ${secret('SEND_MAIL_SECRET')}`)) {
    return new Response('Unauthorized', { status: 401 });
  }
  const supabase = createClient(secret('SUPABASE_URL'), secret('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  async function rpc(fn: string, args: Record<string, unknown>): Promise<unknown> {
    const { data, error } = await supabase.rpc(fn, args);
    if (error) throw new Error(`${fn}: ${error.message}`);
    return data;
  }
  const transport = smtpTransport(secret('SMTP_URL'), Deno.env.get('MAIL_FROM') || undefined);
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
