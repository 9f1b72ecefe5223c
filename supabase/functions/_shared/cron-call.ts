// What each scheduled Edge Function does before its run: pg_cron (through pg_net) calls it with a
// bearer secret — deployed with --no-verify-jwt, so this check is the only one — and the run
// then calls its sender's service_role RPCs.
import { createClient } from '@supabase/supabase-js';

export interface Env {
  get(name: string): string | undefined;
}

export function requireSecret(env: Env, name: string): string {
  const value = env.get(name);
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

/** The answer to anything but pg_cron's POST with the right secret; null for that call. */
export function refuseUnlessCron(req: Request, env: Env, secretName: string): Response | null {
  if (req.method !== 'POST') return new Response('Method not allowed', { status: 405 });
  if (!sameText(req.headers.get('authorization') ?? '', `Bearer ${requireSecret(env, secretName)}`)) {
    return new Response('Unauthorized', { status: 401 });
  }
  return null;
}

/** Calls RPCs as service_role (the project's URL and key are provided to every function). */
export function serviceRpc(env: Env): (fn: string, args: Record<string, unknown>) => Promise<unknown> {
  const supabase = createClient(requireSecret(env, 'SUPABASE_URL'), requireSecret(env, 'SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  return async (fn, args) => {
    const { data, error } = await supabase.rpc(fn, args);
    if (error) throw new Error(`${fn}: ${error.message}`);
    return data;
  };
}
