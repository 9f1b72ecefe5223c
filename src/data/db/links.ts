// Share links (SPEC §13.1) in `meta`: the live links of the person's lists as the last pull
// brought them (whole, like invitations), and the tokens of the links made on this device. A
// token is never sent (the server keeps its hash) and never leaves this device, so the link can
// be copied only where it was made; the person's other devices show the link without it.
import type { ShareLink } from '@/domain/model';
import { META } from './identity';
import type { DaybookDb } from './schema';

export async function readLinks(db: DaybookDb): Promise<ShareLink[]> {
  const value = (await db.meta.get(META.links))?.value;
  return Array.isArray(value) ? (value as ShareLink[]) : [];
}

export async function writeLinks(db: DaybookDb, links: ShareLink[]): Promise<void> {
  if (links.length) await db.meta.put({ key: META.links, value: links });
  else await db.meta.delete(META.links);
}

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
