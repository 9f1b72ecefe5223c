// Share links (SPEC §13.1), made and revoked by the list's owner through their pure applies
// (../mutations/links.ts). Made offline like any change: the token is made here, on the device
// (32 random bytes, base64url), kept in this device's `meta` only, and the change carries its
// SHA-256, which is all the server stores. The hash is taken before the transaction opens:
// IndexedDB commits a transaction that awaits anything but its own requests.
import { newId } from '@/lib/ids';
import type { LinkDays, Role } from '@/domain/model';
import { getDb } from '../db/database';
import { keepLinkToken } from './tokens';
import type { DaybookDb } from '../db/schema';
import { commit } from '../write/commit';
import { write } from '../write/transaction';

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The hex SHA-256 of the token's UTF-8 bytes, as join_list computes it. */
export async function tokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Makes a link to the list; its token (the part of `/join/<token>` that lets people in). */
async function create(listId: string, role: Exclude<Role, 'owner'>, days: LinkDays, db: DaybookDb = getDb()): Promise<{ id: string; token: string }> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const hash = await tokenHash(token);
  const id = newId();
  await write(db, async (enqueue) => {
    await commit(db, enqueue, 'link.create', { id, list_id: listId, role, expires_in_days: days, token_hash: hash });
    await keepLinkToken(db, id, token);
  });
  return { id, token };
}

async function revoke(listId: string, id: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, (enqueue) => commit(db, enqueue, 'link.revoke', { id, list_id: listId }));
}

export const links = { create, revoke };
