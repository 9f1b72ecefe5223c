// What an invitation mail's link /invites/<token> leads to (SPEC §13.1), as the RPC
// invitation_by_token answers it; `unreachable` when the server could not be asked.
import { LIST_COLORS, type ListColor } from './model';

export type InvitationLink =
  | {
      state: 'open';
      list_id: string;
      list_name: string;
      list_color: ListColor;
      /** The inviter's display name ('' when their account is gone). */
      invited_by: string;
      invited_by_color: ListColor;
      role: 'editor' | 'viewer';
      expires_at: string;
      /** The caller may answer it: they were signed in when they opened it. */
      bound: boolean;
    }
  | { state: 'member'; list_id: string; list_name: string }
  | { state: 'declined' | 'expired'; list_name: string }
  | { state: 'unknown' }
  | { state: 'unreachable' }
  /** Too many wrong tokens from this account or address lately (SPEC §16). */
  | { state: 'rate_limited' };

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Reads the RPC's answer; anything it does not recognise is an unknown link. */
export function readInvitationLink(data: unknown): InvitationLink {
  const d = (data ?? {}) as Record<string, unknown>;
  switch (d.state) {
    case 'open':
      return {
        state: 'open',
        list_id: text(d.list_id),
        list_name: text(d.list_name),
        list_color: (LIST_COLORS as readonly string[]).includes(text(d.list_color)) ? (d.list_color as ListColor) : 'grey',
        invited_by: text(d.invited_by),
        invited_by_color: (LIST_COLORS as readonly string[]).includes(text(d.invited_by_color)) ? (d.invited_by_color as ListColor) : 'grey',
        role: d.role === 'viewer' ? 'viewer' : 'editor',
        expires_at: text(d.expires_at),
        bound: d.bound === true,
      };
    case 'member':
      return { state: 'member', list_id: text(d.list_id), list_name: text(d.list_name) };
    case 'declined':
    case 'expired':
      return { state: d.state, list_name: text(d.list_name) };
    default:
      return { state: 'unknown' };
  }
}
