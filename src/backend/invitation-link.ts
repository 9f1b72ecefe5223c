// Opening an invitation mail's link (SPEC §13.1): the RPC invitation_by_token, as the signed-in
// person (which binds the invitation to them) or anonymously (which only reads it).
import type { SupabaseClient } from '@supabase/supabase-js';
import { type InvitationLink, readInvitationLink } from '@/domain/invitation-link';

export async function openInvitationLink(supabase: SupabaseClient, token: string): Promise<InvitationLink> {
  try {
    const { data, error } = await supabase.rpc('invitation_by_token', { p_token: token });
    if (error) return error.message === 'rate_limited' ? { state: 'rate_limited' } : { state: 'unreachable' };
    return readInvitationLink(data);
  } catch {
    return { state: 'unreachable' };
  }
}

/**
 * "Don't send me invitations" (SPEC §16): the mail's token stops invitation mail to its address.
 * 'stopped', 'unknown' (no mail had that token), or 'unreachable' (offline, or refused: too many tries).
 */
export async function stopInvitationMail(supabase: SupabaseClient, token: string): Promise<'stopped' | 'unknown' | 'unreachable'> {
  try {
    const { data, error } = await supabase.rpc('stop_invitation_mail', { p_token: token });
    if (error || typeof data !== 'object' || data === null) return 'unreachable';
    return (data as { stopped?: unknown }).stopped === true ? 'stopped' : 'unknown';
  } catch {
    return 'unreachable';
  }
}
