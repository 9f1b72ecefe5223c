// Supabase Edge Function (Deno): the hosted reminder sender, the stand-in's server/push-sender.ts
// run once a minute by pg_cron through pg_net (supabase/README.md, "Reminders by Web Push").
// The same sending code as the stand-in — web-push for the aes128gcm body and the VAPID header,
// 404/410 drops the subscription, 429/5xx/network gives the claim back — over the service_role
// RPCs push_claim_due / push_release / push_drop_subscription of 20261125300000_push.sql.
//
// Secrets (supabase secrets set …): SEND_REMINDERS_SECRET (pg_cron sends it as a bearer token;
// deploy with --no-verify-jwt so only this check applies), VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY,
// VAPID_SUBJECT (mailto: or https:). SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided.
import { createClient } from '@supabase/supabase-js';
import type { DuePush } from '../../../server/push-payload.ts';
import { createPushSender, type PushStore } from '../../../server/push-sender.ts';

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
  const store: PushStore = {
    // PostgREST gives dates as 'YYYY-MM-DD' and instants as ISO text: the shape DuePush wants
    claim: async (since, now) => (await rpc('push_claim_due', { p_since: since.toISOString(), p_now: now.toISOString() })) as DuePush[],
    release: async (d) => {
      await rpc('push_release', { p_subscription: d.subscription_id, p_task: d.task_id, p_occurrence: d.occurrence, p_fire_at: d.fire_at });
    },
    drop: async (id) => {
      await rpc('push_drop_subscription', { p_subscription: id });
    },
  };
  const sender = createPushSender({
    store,
    vapid: { publicKey: secret('VAPID_PUBLIC_KEY'), privateKey: secret('VAPID_PRIVATE_KEY') },
    subject: secret('VAPID_SUBJECT'),
    // one run per minute; a run that pg_net gave up on is caught up by the next (15 minutes back)
    timeoutMs: 8000,
  });
  try {
    return Response.json(await sender.tick());
  } catch (err) {
    console.error('send-reminders failed:', err instanceof Error ? err.message : err);
    return new Response('The reminder run failed; see the function logs', { status: 500 });
  }
});
