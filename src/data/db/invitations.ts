// The invitations the last pull brought (SPEC §13.1), kept whole in `meta`: a person has few, the
// server sends them whole when they changed, and a table of their own would cost a schema version.
// Beside them, the digest the server gave them: it vouches that they are exactly the server's set,
// so the next pull leaves them out if that set has not changed. Any other write of them (a change
// made on this device, replayed over a pulled set) drops it, and the next pull sends them whole.
import type { Invitation } from '@/domain/model';
import { META } from './identity';
import type { DaybookDb } from './schema';

export async function readInvitations(db: DaybookDb): Promise<Invitation[]> {
  const value = (await db.meta.get(META.invitations))?.value;
  return Array.isArray(value) ? (value as Invitation[]) : [];
}

/** `digest`: the server's, when these are its set as a pull sent it. */
export async function writeInvitations(db: DaybookDb, invitations: Invitation[], digest?: number): Promise<void> {
  if (invitations.length) await db.meta.put({ key: META.invitations, value: invitations });
  else await db.meta.delete(META.invitations);
  if (digest !== undefined) await db.meta.put({ key: META.invitationsDigest, value: digest });
  else await db.meta.delete(META.invitationsDigest);
}
