// Calendar feeds (SPEC §19) in `meta`: the person's live feeds as the last pull brought them
// (whole, with their digest, like share links: ./links.ts). Their tokens are kept apart
// (../feeds/tokens.ts), loaded with the settings screen only.
import type { CalendarFeed } from '@/domain/model';
import { META } from './identity';
import type { DaybookDb } from './schema';

export async function readFeeds(db: DaybookDb): Promise<CalendarFeed[]> {
  const value = (await db.meta.get(META.feeds))?.value;
  return Array.isArray(value) ? (value as CalendarFeed[]) : [];
}

/** `digest`: the server's, when these are its set as a pull sent it. */
export async function writeFeeds(db: DaybookDb, feeds: CalendarFeed[], digest?: number): Promise<void> {
  if (feeds.length) await db.meta.put({ key: META.feeds, value: feeds });
  else await db.meta.delete(META.feeds);
  if (digest !== undefined) await db.meta.put({ key: META.feedsDigest, value: digest });
  else await db.meta.delete(META.feedsDigest);
}
