// The tokens of the share links made on this device (SPEC §13.1), in `meta`. A token is never
// sent (the server keeps its hash) and never leaves this device, so a link can be copied only
// where it was made; the person's other devices show the link without it.
import { META } from '../db/identity';
import { readLinks } from '../db/links';
import type { DaybookDb } from '../db/schema';

/** The tokens of links made on this device, by link id. */
export async function readLinkTokens(db: DaybookDb): Promise<Record<string, string>> {
  const value = (await db.meta.get(META.linkTokens))?.value;
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
}

/** Keeps a new link's token, dropping those of links this device no longer holds. */
export async function keepLinkToken(db: DaybookDb, id: string, token: string): Promise<void> {
  const held = new Set((await readLinks(db)).map((l) => l.id));
  const kept = Object.entries(await readLinkTokens(db)).filter(([linkId]) => held.has(linkId));
  await db.meta.put({ key: META.linkTokens, value: Object.fromEntries([...kept, [id, token]]) });
}
