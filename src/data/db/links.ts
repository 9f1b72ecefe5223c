// Share links (SPEC §13.1) in `meta`: the live links of the person's lists as the last pull
// brought them (whole, like invitations). Their tokens are kept apart (../links/tokens.ts),
// loaded with the share dialog only.
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
