// Per-database identity in `meta`, made once on first open, plus the user's Inbox.
import Dexie from 'dexie';
import { newId, nowIso } from '@/lib/ids';
import type { List } from '@/domain/model';
import { FIRST_POSITION } from '@/lib/first-position';
import { type DaybookDb, toListRow } from './schema';

export const META = {
  clientId: 'client_id',
  nextMutationId: 'next_mutation_id',
  userId: 'user_id',
  cursors: 'cursors',
  lastSyncedAt: 'last_synced_at',
  offlineSavedShown: 'offline_saved_shown',
  syncEpoch: 'sync_epoch',
  ackedAhead: 'acked_ahead',
  invitations: 'invitations',
  invitationsDigest: 'invitations_digest',
  links: 'links',
  linksDigest: 'links_digest',
  linkTokens: 'link_tokens',
  profile: 'profile',
  profileDigest: 'profile_digest',
  feeds: 'feeds',
  feedsDigest: 'feeds_digest',
  feedTokens: 'feed_tokens',
} as const;

export const LOCAL_DATABASE = 'daybook-local';

export function databaseNameFor(userId: string | null): string {
  return userId ? `daybook-${userId}` : LOCAL_DATABASE;
}

export interface Identity {
  userId: string;
  inboxId: string;
  clientId: string;
}

/**
 * Makes client id, mutation counter, user id and Inbox if missing. The Inbox is local only,
 * with no outbox entry: the server creates every user's Inbox itself, with the same id.
 */
export async function ensureIdentity(db: DaybookDb, userId: string | null): Promise<Identity> {
  const identity = await db.transaction('rw', db.meta, db.lists, async () => {
    const get = async (key: string) => (await db.meta.get(key))?.value;
    let clientId = await get(META.clientId);
    if (typeof clientId !== 'string') {
      clientId = newId();
      await db.meta.put({ key: META.clientId, value: clientId });
    }
    if (typeof (await get(META.nextMutationId)) !== 'number') {
      await db.meta.put({ key: META.nextMutationId, value: 1 });
    }
    let storedUser = await get(META.userId);
    if (typeof storedUser !== 'string') {
      storedUser = userId ?? newId();
      await db.meta.put({ key: META.userId, value: storedUser });
    }
    const uid = storedUser as string;
    if (!(await db.lists.get(uid))) {
      const now = nowIso();
      const inbox: List = {
        id: uid,
        owner_id: uid,
        name: 'Inbox',
        color: 'grey',
        position: FIRST_POSITION,
        is_inbox: true,
        created_at: now,
        updated_at: now,
        deleted_at: null,
        version: 0,
      };
      await db.lists.add(toListRow(inbox));
    }
    return { userId: uid, inboxId: uid, clientId: clientId as string };
  });
  if (db.isOpen()) known.set(db.backendDB(), identity);
  return identity;
}

/**
 * Identity by open connection: client id and user id never change once made, so a write need
 * not read them. Keyed by the IndexedDB connection, not the handle: a handle whose database was
 * deleted and made again opens a new connection, and its 'ready' hook (ensureIdentity) runs again.
 */
const known = new WeakMap<IDBDatabase, Identity>();

/** The identity if this connection has read it already (a copy), without waiting a turn. */
export function knownIdentity(db: DaybookDb): Identity | undefined {
  const hit = db.isOpen() ? known.get(db.backendDB()) : undefined;
  return hit && { ...hit };
}

/** A Dexie promise either way (a settled native one would lose a caller's transaction zone when awaited). */
export function readIdentity(db: DaybookDb): Promise<Identity | undefined> {
  const connection = db.isOpen() ? db.backendDB() : null;
  const hit = connection && known.get(connection);
  if (hit) return Dexie.Promise.resolve({ ...hit });
  return db.meta.bulkGet([META.clientId, META.userId]).then(([client, user]) => {
    if (typeof client?.value !== 'string' || typeof user?.value !== 'string') return undefined;
    const identity = { userId: user.value, inboxId: user.value, clientId: client.value };
    if (connection && db.isOpen() && connection === db.backendDB()) known.set(connection, identity);
    return identity;
  });
}
