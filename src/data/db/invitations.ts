// The invitations the last pull brought (SPEC §13.1), kept whole in `meta`: a person has few, the
// server sends them whole on every page, and a table of their own would cost a schema version.
import type { Invitation } from '@/domain/model';
import { META } from './identity';
import type { DaybookDb } from './schema';

export async function readInvitations(db: DaybookDb): Promise<Invitation[]> {
  const value = (await db.meta.get(META.invitations))?.value;
  return Array.isArray(value) ? (value as Invitation[]) : [];
}

export async function writeInvitations(db: DaybookDb, invitations: Invitation[]): Promise<void> {
  if (invitations.length) await db.meta.put({ key: META.invitations, value: invitations });
  else await db.meta.delete(META.invitations);
}
