// Live share-link reads for the share dialog (SPEC §13.1): a list's live links, each with its
// token where this device made it, and whether it is still waiting to be sent.
import { useLive } from '../live/use-live';
import type { ShareLink } from '@/domain/model';
import { readLinks } from '../db/links';
import { readLinkTokens } from './tokens';
import type { DaybookDb } from '../db/schema';
import { useDb } from '../db/use-db';

export interface HeldLink extends ShareLink {
  /** The token, on the device that made the link only. */
  token: string | null;
  /** Made here and not yet sent: the link works once the server has it. */
  queued: boolean;
}

export async function listLinks(listId: string, now: string, db: DaybookDb): Promise<HeldLink[]> {
  const [links, tokens, queued] = await Promise.all([
    readLinks(db),
    readLinkTokens(db),
    db.outbox.filter((m) => m.name === 'link.create' && m.args.list_id === listId).toArray(),
  ]);
  const waiting = new Set(queued.map((m) => (m.args as { id: string }).id));
  return links
    .filter((l) => l.list_id === listId && l.expires_at > now)
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((l) => ({ ...l, token: tokens[l.id] ?? null, queued: waiting.has(l.id) }));
}

export function useListLinks(listId: string): HeldLink[] | undefined {
  const db = useDb();
  return useLive(db, () => listLinks(listId, new Date().toISOString(), db), [db, listId]);
}
