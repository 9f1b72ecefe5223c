// The tokens of the calendar feeds made on this device (SPEC §19), in `meta`, like share links'
// (../links/tokens.ts): never sent (the server keeps their hash), so a feed's address can be
// copied only where it was made; the person's other devices list the feed without it.
import { readFeeds } from '../db/feeds';
import { META } from '../db/identity';
import type { DaybookDb } from '../db/schema';

/** The tokens of feeds made on this device, by feed id. */
export async function readFeedTokens(db: DaybookDb): Promise<Record<string, string>> {
  const value = (await db.meta.get(META.feedTokens))?.value;
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
}

/** Keeps a new feed's token, dropping those of feeds this device no longer holds. */
export async function keepFeedToken(db: DaybookDb, id: string, token: string): Promise<void> {
  const held = new Set((await readFeeds(db)).map((f) => f.id));
  const kept = Object.entries(await readFeedTokens(db)).filter(([feedId]) => held.has(feedId));
  await db.meta.put({ key: META.feedTokens, value: Object.fromEntries([...kept, [id, token]]) });
}
