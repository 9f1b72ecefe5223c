// feed.create · feed.revoke, as pure applies (SPEC §19). A feed is the acting person's own; the
// device holds their live feeds (`rows.feeds`, whole from the last pull). The token never passes
// through here: the writer makes it, keeps it on this device and sends its hash, which the server
// stores (supabase/schemas/apply_feed.sql).
import { checkFeedOptions, FEED_LIMITS, FEED_MESSAGES, normalizeFeedName } from '@/domain/feeds';
import { FEED_KINDS } from '@/domain/model';
import { refuse, requireList, valid } from './checks';
import type { MutationDef } from './types';

export const feedCreate: MutationDef<'feed.create'> = {
  reads: (args) => ({
    feeds: true,
    lists: args.kind === 'list' && typeof args.target_id === 'string' ? [args.target_id] : [],
    labels: args.kind === 'label' && typeof args.target_id === 'string' ? [args.target_id] : [],
    filters: args.kind === 'filter' && typeof args.target_id === 'string' ? [args.target_id] : [],
  }),
  apply(rows, args, { userId, now }) {
    if (!(FEED_KINDS as readonly unknown[]).includes(args.kind)) refuse('invalid', FEED_MESSAGES.kind, 'kind');
    const target = args.kind === 'all' ? null : (args.target_id ?? null);
    if (args.kind !== 'all') {
      const missing = `That ${args.kind} no longer exists`;
      if (typeof target !== 'string') refuse('invalid', 'target_id is required', 'target_id');
      if (args.kind === 'list') requireList(rows, target, userId, 'viewer', 'target_id');
      if (args.kind === 'label' && (!rows.labels?.get(target) || rows.labels.get(target)?.deleted_at)) refuse('not_found', missing, 'target_id');
      if (args.kind === 'filter' && (!rows.filters?.get(target) || rows.filters.get(target)?.deleted_at)) refuse('not_found', missing, 'target_id');
    }
    const name = valid(() => normalizeFeedName(args.name));
    if (typeof args.token_hash !== 'string' || !/^[0-9a-f]{64}$/.test(args.token_hash)) refuse('invalid', FEED_MESSAGES.tokenMissing, 'token_hash');
    if (rows.feeds?.has(args.id)) return {};
    if ((rows.feeds?.size ?? 0) >= FEED_LIMITS.perPerson) refuse('invalid', FEED_MESSAGES.tooMany, 'id');
    const options = valid(() => checkFeedOptions(args.options ?? {}));
    return { feeds: [{ id: args.id, kind: args.kind, target_id: target, name, options, created_at: now }] };
  },
};

/** Revoking a feed this device does not hold (gone already) changes nothing. */
export const feedRevoke: MutationDef<'feed.revoke'> = {
  reads: () => ({ feeds: true }),
  apply(rows, args) {
    return rows.feeds?.has(args.id) ? { removeFeeds: [args.id] } : {};
  },
};
