// Supabase Edge Function (Deno): the hosted reminder sender, run once a minute by pg_cron through
// pg_net (supabase/README.md, "Reminders by Web Push"). The same sender as the stand-in's
// (../_shared/push-sender.ts: leased claims in pages, one push per device, only to known push
// services, no redirects) over the service_role RPCs push_claim_page / push_mark_sent /
// push_release_many / push_drop_subscription.
//
// Secrets (supabase secrets set …): SEND_REMINDERS_SECRET (pg_cron sends it as a bearer token;
// deploy with --no-verify-jwt so only this check applies), VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY,
// VAPID_SUBJECT (mailto: or https:), optionally PUSH_HOSTS (push service hosts besides the known
// ones; add the same rows to daybook_private.push_hosts). SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY are provided. DAYBOOK_TEST_PUSH_ORIGIN is for the tests' fake push
// service only.
import { createClient } from '@supabase/supabase-js';
import { createPushSender } from '../_shared/push-sender.ts';
import { rpcPushStore } from '../_shared/push-store.ts';
import { parsePushHosts, parseTestOrigin } from '../_shared/push-target.ts';

// The Deno global as far as this file uses it: the project's tsc checks this file with Node's
// types (the integration test runs it under Node with these two stubbed), where Deno's lib is
// absent. Under Deno the module-scoped declaration names the same global.
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
  if (!sameText(req.headers.get('authorization') ?? '', `Bearer ${secret('SEND_REMINDERS_SECRET')}`)) {
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
  const sender = createPushSender({
    store: rpcPushStore(rpc),
    vapid: { publicKey: secret('VAPID_PUBLIC_KEY'), privateKey: secret('VAPID_PRIVATE_KEY') },
    subject: secret('VAPID_SUBJECT'),
    pushHosts: parsePushHosts(Deno.env.get('PUSH_HOSTS')),
    testOrigin: parseTestOrigin(Deno.env.get('DAYBOOK_TEST_PUSH_ORIGIN')),
    // one run per minute, within pg_net's 55 s: a run that ends early leaves the rest to the next
    // (15 minutes back), and a run cut off leaves its claims to lapse and go again
    timeoutMs: 8000,
    tickBudgetMs: 30_000,
  });
  try {
    return Response.json(await sender.tick());
  } catch (err) {
    console.error('send-reminders failed:', err instanceof Error ? err.message : err);
    return new Response('The reminder run failed; see the function logs', { status: 500 });
  }
});
