// What the engine keeps about sync in `meta`: the client id, cursors, when it last synced,
// whether this offline spell's toast was shown, and the changes acknowledged ahead of their refusals.
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { META, readIdentity } from '../db/identity';
import { requestCursors } from './cursors';

export async function getClientId(db: DaybookDb = getDb()): Promise<string> {
  const identity = await readIdentity(db);
  if (!identity) throw new Error('Database has no identity yet');
  return identity.clientId;
}

export async function getCursors(db: DaybookDb = getDb()): Promise<Record<string, number>> {
  const value = (await db.meta.get(META.cursors))?.value;
  return value && typeof value === 'object' ? { ...(value as Record<string, number>) } : {};
}

/**
 * The cursors a pull is asked with (cursors.ts): the stored ones and the digests of the sets this
 * device holds, read together.
 */
export async function getRequestCursors(db: DaybookDb = getDb()): Promise<Record<string, number>> {
  const [cursors, invitations, links, profile, feeds] = await db.meta.bulkGet([META.cursors, META.invitationsDigest, META.linksDigest, META.profileDigest, META.feedsDigest]);
  const stored = cursors?.value && typeof cursors.value === 'object' ? (cursors.value as Record<string, number>) : {};
  const digest = (value: unknown) => (typeof value === 'number' ? value : undefined);
  return requestCursors(stored, { invitations: digest(invitations?.value), links: digest(links?.value), profile: digest(profile?.value), feeds: digest(feeds?.value) });
}

export async function setCursors(cursors: Record<string, number>, db: DaybookDb = getDb()): Promise<void> {
  await db.meta.put({ key: META.cursors, value: cursors });
}

/**
 * Ids of changes a pull acknowledged (and so dropped from the outbox) while the refusal stream had
 * not yet passed them: a server that acknowledges a change before the page that brings its
 * refusal (one from before refusal pages, which never does) may still send
 * one of them refused, and the device then records it from the server's name and args rather
 * than take it for a refusal it has already handled. Usually empty: kept only until the stream's
 * cursor passes them, or a page says no refusal waits past it (pull-apply.ts).
 */
export async function getAckedAhead(db: DaybookDb = getDb()): Promise<Set<number>> {
  const value = (await db.meta.get(META.ackedAhead))?.value;
  return new Set(Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : []);
}

export async function setAckedAhead(ids: Set<number>, db: DaybookDb = getDb()): Promise<void> {
  if (ids.size) await db.meta.put({ key: META.ackedAhead, value: [...ids].sort((a, b) => a - b) });
  else await db.meta.delete(META.ackedAhead);
}

export async function getLastSyncedAt(db: DaybookDb = getDb()): Promise<string | null> {
  const value = (await db.meta.get(META.lastSyncedAt))?.value;
  return typeof value === 'string' ? value : null;
}

export async function setLastSyncedAt(iso: string, db: DaybookDb = getDb()): Promise<void> {
  await db.meta.put({ key: META.lastSyncedAt, value: iso });
}

/**
 * Whether "Saved offline" was shown in the offline spell still running: kept in the database so
 * a reload (or a new leader tab) during the spell does not say it again, and the first sync after
 * it still says "Synced N changes".
 */
export async function getOfflineSavedShown(db: DaybookDb = getDb()): Promise<boolean> {
  return (await db.meta.get(META.offlineSavedShown))?.value === true;
}

export async function setOfflineSavedShown(shown: boolean, db: DaybookDb = getDb()): Promise<void> {
  if (shown) await db.meta.put({ key: META.offlineSavedShown, value: true });
  else await db.meta.delete(META.offlineSavedShown);
}

/**
 * The sync epoch: which engine may write sync results into this database. An engine claims it
 * when it starts leading (the number goes up); a run of an engine that claimed before — a tab
 * whose leadership was taken over — finds a newer number inside its write's transaction and
 * stops (LeadershipLost) instead of writing beside the new leader.
 */
export async function claimSyncEpoch(db: DaybookDb): Promise<number> {
  return db.transaction('rw', db.meta, async () => {
    const stored = (await db.meta.get(META.syncEpoch))?.value;
    const epoch = (typeof stored === 'number' ? stored : 0) + 1;
    await db.meta.put({ key: META.syncEpoch, value: epoch });
    return epoch;
  });
}

export class LeadershipLost extends Error {
  override name = 'LeadershipLost';
  constructor() {
    super('Another tab syncs this database now');
  }
}

/** Call inside the write's transaction: throws LeadershipLost when another engine claimed since. */
export async function assertSyncEpoch(db: DaybookDb, epoch: number): Promise<void> {
  if ((await db.meta.get(META.syncEpoch))?.value !== epoch) throw new LeadershipLost();
}
