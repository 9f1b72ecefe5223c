// link.create · link.revoke, as pure applies (SPEC §13.1). The device holds the live links of the
// lists its person owns (`rows.links`, whole from the last pull). The link's token never passes
// through here: the writer makes it, keeps it on this device and sends its hash, which the server
// stores (supabase/schemas/apply_link.sql).
import { LINK_DAYS } from '@/domain/model';
import { refuse, requireList } from './checks';
import type { MutationDef } from './types';

export const LINKS_PER_LIST = 5;
export const LINK_LIMIT = 'A list has at most 5 live links — revoke one first';
const DAY_MS = 86_400_000;

export const linkCreate: MutationDef<'link.create'> = {
  reads: (args) => ({ lists: [args.list_id], links: true }),
  apply(rows, args, { userId, now }) {
    const list = requireList(rows, args.list_id, userId, 'owner');
    if (list.is_inbox) refuse('invalid', "The Inbox can't be shared");
    if (args.role !== 'editor' && args.role !== 'viewer') refuse('invalid', 'Role must be editor or viewer', 'role');
    if (!(LINK_DAYS as readonly unknown[]).includes(args.expires_in_days)) refuse('invalid', 'A link lasts 1, 7 or 30 days', 'expires_in_days');
    if (typeof args.token_hash !== 'string' || !/^[0-9a-f]{64}$/.test(args.token_hash)) refuse('invalid', "The link's token is missing", 'token_hash');
    const held = rows.links?.get(args.id);
    if (held) {
      if (held.list_id === args.list_id) return {};
      refuse('invalid', 'That link id is already in use', 'id');
    }
    const live = [...(rows.links?.values() ?? [])].filter((l) => l.list_id === args.list_id && l.expires_at > now);
    if (live.length >= LINKS_PER_LIST) refuse('invalid', LINK_LIMIT, 'list_id');
    const expires_at = new Date(Date.parse(now) + args.expires_in_days * DAY_MS).toISOString();
    return { links: [{ id: args.id, list_id: args.list_id, role: args.role, created_at: now, expires_at }] };
  },
};

export const linkRevoke: MutationDef<'link.revoke'> = {
  reads: (args) => ({ lists: [args.list_id], links: true }),
  apply(rows, args, { userId }) {
    requireList(rows, args.list_id, userId, 'owner');
    // revoking a link this device does not hold (gone already) changes nothing here
    return rows.links?.get(args.id)?.list_id === args.list_id ? { removeLinks: [args.id] } : {};
  },
};
