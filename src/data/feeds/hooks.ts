// Live calendar-feed reads for Settings (SPEC §19): the person's live feeds, each with its token
// where this device made it, and whether it is still waiting to be sent.
import type { CalendarFeed } from '@/domain/model';
import { readFeeds } from '../db/feeds';
import type { DaybookDb } from '../db/schema';
import { useDb } from '../db/use-db';
import { useLive } from '../live/use-live';
import { readFeedTokens } from './tokens';

export interface HeldFeed extends CalendarFeed {
  /** The token, on the device that made the feed only. */
  token: string | null;
  /** Made here and not yet sent: the feed answers once the server has it. */
  queued: boolean;
}

export async function listFeeds(db: DaybookDb): Promise<HeldFeed[]> {
  const [held, tokens, queued] = await Promise.all([readFeeds(db), readFeedTokens(db), db.outbox.filter((m) => m.name === 'feed.create').toArray()]);
  const waiting = new Set(queued.map((m) => (m.args as { id: string }).id));
  return [...held]
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((f) => ({ ...f, token: tokens[f.id] ?? null, queued: waiting.has(f.id) }));
}

export function useFeeds(): HeldFeed[] | undefined {
  const db = useDb();
  return useLive(db, () => listFeeds(db), [db]);
}
