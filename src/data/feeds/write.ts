// Calendar feeds (SPEC §19), made and revoked through their pure applies (../mutations/feeds.ts).
// Made offline like share links: the token (32 random bytes, base64url) is made here and kept in
// this device's `meta` only; the change carries its SHA-256, which is all the server stores. The
// feed answers once the change has reached the server.
import { newId } from '@/lib/ids';
import type { FeedKind, FeedOptions } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { tokenHash } from '../links/write';
import { commit } from '../write/commit';
import { write } from '../write/transaction';
import { keepFeedToken } from './tokens';

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface NewFeed {
  kind: FeedKind;
  targetId: string | null;
  name: string;
  options: FeedOptions;
}

/** Makes a feed; its id and token (the part of `/calendar/<token>.ics` that opens it). */
async function create(feed: NewFeed, db: DaybookDb = getDb()): Promise<{ id: string; token: string }> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const hash = await tokenHash(token);
  const id = newId();
  const args = { id, kind: feed.kind, ...(feed.kind === 'all' ? {} : { target_id: feed.targetId }), name: feed.name, token_hash: hash, options: feed.options };
  await write(db, async (enqueue) => {
    await commit(db, enqueue, 'feed.create', args);
    await keepFeedToken(db, id, token);
  });
  return { id, token };
}

async function revoke(id: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, (enqueue) => commit(db, enqueue, 'feed.revoke', { id }));
}

export const feeds = { create, revoke };
