// Supabase Edge Function (Deno): the hosted reminder sender, run once a minute by pg_cron through
// pg_net (supabase/README.md, "Reminders by Web Push"). The same sender as the stand-in's
// (../_shared/push-sender.ts: leased claims in pages, one push per device, only to known push
// services, no redirects) over the service_role RPCs push_claim_page / push_mark_sent /
// push_release_many / push_drop_subscription; in the same run, notification pushes (SPEC §17) over
// push_claim_notifications / push_mark_notifications_sent / push_release_notifications.
//
// Secrets (supabase secrets set …): SEND_REMINDERS_SECRET (pg_cron sends it as a bearer token;
// deploy with --no-verify-jwt so only this check applies), VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY,
// VAPID_SUBJECT (mailto: or https:), optionally PUSH_HOSTS (push service hosts besides the known
// ones; add the same rows to daybook_private.push_hosts) and CLAIMS_PER_CALL (below). SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY are provided. DAYBOOK_TEST_PUSH_ORIGIN is for the tests' fake push
// service only.
import { refuseUnlessCron, requireSecret, serviceRpc } from '../_shared/cron-call.ts';
import { createPushSender } from '../_shared/push-sender.ts';
import { rpcNotificationPushStore } from '../_shared/notification-push-store.ts';
import { rpcPushStore } from '../_shared/push-store.ts';
import { parsePushHosts, parseTestOrigin } from '../_shared/push-target.ts';

// The Deno global as far as this file uses it: the project's tsc checks this file with Node's
// types (the integration test runs it under Node with these two stubbed), where Deno's lib is
// absent. Under Deno the module-scoped declaration names the same global.
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
};

const secret = (name: string) => requireSecret(Deno.env, name);

// Reminders one call claims at most: a hosted call gets 2 s of CPU, and encrypting and signing a
// push is most of a call's CPU (BENCHMARKS.md, "the sender under Deno"). A larger minute takes
// several calls (the schedule makes several each minute; supabase/README.md); a call that
// stopped with more due answers `unfinished: true`.
export const CLAIMS_PER_CALL = 1000;
export const PAGE_SIZE = 250;

Deno.serve(async (req: Request) => {
  const refused = refuseUnlessCron(req, Deno.env, 'SEND_REMINDERS_SECRET');
  if (refused) return refused;
  const rpc = serviceRpc(Deno.env);
  const sender = createPushSender({
    store: rpcPushStore(rpc),
    notificationStore: rpcNotificationPushStore(rpc),
    vapid: { publicKey: secret('VAPID_PUBLIC_KEY'), privateKey: secret('VAPID_PRIVATE_KEY') },
    subject: secret('VAPID_SUBJECT'),
    pushHosts: parsePushHosts(Deno.env.get('PUSH_HOSTS')),
    testOrigin: parseTestOrigin(Deno.env.get('DAYBOOK_TEST_PUSH_ORIGIN')),
    // one run per minute, within pg_net's 55 s: a run that ends early leaves the rest to the next
    // (15 minutes back), and a run cut off leaves its claims to lapse and go again
    timeoutMs: 8000,
    tickBudgetMs: 30_000,
    pageSize: PAGE_SIZE,
    maxClaims: Number(Deno.env.get('CLAIMS_PER_CALL')) || CLAIMS_PER_CALL,
  });
  try {
    return Response.json(await sender.tick());
  } catch (err) {
    console.error('send-reminders failed:', err instanceof Error ? err.message : err);
    return new Response('The reminder run failed; see the function logs', { status: 500 });
  }
});
