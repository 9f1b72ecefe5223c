// Share links (SPEC §13.1) in `meta`: the live links of the person's lists as the last pull
// brought them (whole, like invitations, and with their digest like them: ./invitations.ts).
// Their tokens are kept apart (../links/tokens.ts), loaded with the share dialog only.
import type { ShareLink } from '@/domain/model';
import { META } from './identity';
import type { DaybookDb } from './schema';

export async function readLinks(db: DaybookDb): Promise<ShareLink[]> {
  const value = (await db.meta.get(META.links))?.value;
  return Array.isArray(value) ? (value as ShareLink[]) : [];
}

/** `digest`: the server's, when these are its set as a pull sent it. */
export async function writeLinks(db: DaybookDb, links: ShareLink[], digest?: number): Promise<void> {
  if (links.length) await db.meta.put({ key: META.links, value: links });
  else await db.meta.delete(META.links);
  if (digest !== undefined) await db.meta.put({ key: META.linksDigest, value: digest });
  else await db.meta.delete(META.linksDigest);
}
