// Supabase Edge Function (Deno): Auth's "Send Email" hook (supabase/README.md, "Auth mail in the
// person's language"). Auth posts each of its mails here, signed per Standard Webhooks, instead
// of sending its one-language template; this writes the stand-in's mail for it
// (../_shared/auth-mail.ts) in the person's language and sends it over the project's SMTP server,
// answering 200 `{}`, or `{ error: { http_code, message } }`, which Auth shows as a failed send.
//
// Secrets (supabase secrets set …): SEND_EMAIL_HOOK_SECRET (the dashboard's `v1,whsec_…`; deploy
// with --no-verify-jwt: Auth signs the call, it sends no JWT), SMTP_URL (smtps:// only, as for
// send-mail), MAIL_FROM, SITE_URL (the app's origin: the links open its /confirm and
// /reset-password pages), optionally SMTP_CA. SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are
// provided; with them the person's profile language is read (push_languages).
import { handleAuthMailHook, HookError, hookError } from '../_shared/auth-mail-hook.ts';
import { requireSecret, serviceRpc } from '../_shared/cron-call.ts';
import { hostedSmtpUrl, smtpTransport } from '../_shared/mail-smtp.ts';
import { verifyWebhook, WebhookRefused } from '../_shared/standard-webhook.ts';

// The Deno global as far as this file uses it (see send-reminders/index.ts: tsc checks this file
// with Node's types, and the integration test runs it under Node with these stubbed).
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
};

/** The language person_language() gives (profile, else sign-up), null when the row is not there. */
async function profileLanguage(userId: string): Promise<string | null> {
  if (!Deno.env.get('SUPABASE_URL') || !Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')) return null;
  const rows = (await serviceRpc(Deno.env)('push_languages', { p_users: [userId] })) as { language: string | null }[] | null;
  return rows?.[0]?.language ?? null;
}

Deno.serve(async (req: Request) => {
  if (req.method !== 'POST') return hookError(405, 'Method not allowed');
  const body = await req.text();
  let url: string;
  let siteUrl: string;
  try {
    await verifyWebhook(requireSecret(Deno.env, 'SEND_EMAIL_HOOK_SECRET'), req.headers, body);
    url = hostedSmtpUrl(requireSecret(Deno.env, 'SMTP_URL'));
    siteUrl = requireSecret(Deno.env, 'SITE_URL');
  } catch (err) {
    if (err instanceof WebhookRefused) return hookError(401, err.message);
    console.error('auth-mail:', (err as Error).message);
    return hookError(500, (err as Error).message);
  }
  const transport = smtpTransport(url, Deno.env.get('MAIL_FROM') || undefined, Deno.env.get('SMTP_CA') || undefined);
  try {
    await handleAuthMailHook(body, { siteUrl, transport, profileLanguage });
    return Response.json({});
  } catch (err) {
    if (err instanceof HookError) return hookError(err.status, err.message);
    console.error('auth-mail failed:', err instanceof Error ? err.message : err);
    return hookError(500, 'The mail could not be sent; see the function logs');
  } finally {
    transport.close();
  }
});
