// The device's push subscription on the server (SPEC §11.4): registered with the zone and
// "Remind at" the server's reminder sender fires in, and removed when the person signs out.
// Only the RPCs (supabase/schemas/push_subscriptions_rpc.sql) — PushManager is the app's.
import type { SupabaseClient } from '@supabase/supabase-js';

export interface PushDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** IANA zone, e.g. 'Europe/London'. */
  timeZone: string;
  /** 'HH:MM' */
  remindAt: string;
}

export interface PushRegistry {
  /** Makes or refreshes this device's subscription for the signed-in person. */
  register(device: PushDevice): Promise<void>;
  /** Forgets this device's subscription (the person's own only). */
  unregister(endpoint: string): Promise<void>;
}

export class PushRegistryError extends Error {
  override readonly name = 'PushRegistryError';
}

export function createPushRegistry(supabase: SupabaseClient): PushRegistry {
  return {
    async register(device) {
      const { error } = await supabase.rpc('push_subscribe', {
        p_endpoint: device.endpoint,
        p_p256dh: device.keys.p256dh,
        p_auth: device.keys.auth,
        p_time_zone: device.timeZone,
        p_remind_at: device.remindAt,
      });
      // a refusal's words are in details (daybook_private.refuse); else the message
      if (error) throw new PushRegistryError(error.details || error.message);
    },
    async unregister(endpoint) {
      const { error } = await supabase.rpc('push_unsubscribe', { p_endpoint: endpoint });
      if (error) throw new PushRegistryError(error.details || error.message);
    },
  };
}
