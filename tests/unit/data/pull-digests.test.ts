// Invitations and share links kept with the digest the server gave them (SPEC §9, §13.1): a pull
// that leaves a set out keeps what the device holds; one that brings it replaces it; a pull is
// asked with the digest only while the device holds exactly the server's set, so anything else
// (a change made here, one replayed over a pulled set, a server from before digests, a fresh
// database after sign-out) asks with 0 and is sent the set whole.
import { beforeEach, describe, expect, it } from 'vitest';
import { type Identity, invitations, lists, profile } from '@/data';
import { applyPull, createSyncStore } from '@/data/sync';
import { cursorLists, mergeCursors } from '@/data/sync/cursors';
import { readInvitations } from '@/data/db/invitations';
import { readLinks } from '@/data/db/links';
import { readProfile } from '@/data/db/profile';
import { links } from '@/data/links';
import { readFeeds } from '@/data/db/feeds';
import { feeds } from '@/data/feeds';
import type { DaybookDb } from '@/data/db/schema';
import type { Invitation, PullResult, ShareLink } from '@/domain/model';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

const LATER = '2099-01-01T00:00:00.000Z';

function page(over: Partial<PullResult>): PullResult {
  return { lists: [], members: [], tasks: [], departed: [], visible_lists: [me.inboxId], cursors: {}, last_mutation_id: 0, refused: [], has_more: false, ...over };
}

const incoming = (listId: string): Invitation => ({
  id: `i-${listId}`, list_id: listId, email: 'me@example.test', role: 'editor', status: 'pending', incoming: true, list_name: 'Allotment', expires_at: LATER,
});
const link = (id: string, listId: string): ShareLink => ({ id, list_id: listId, role: 'viewer', created_at: '2025-01-01T10:00:00.000Z', expires_at: LATER });

/** The cursors the engine asks the next pull with. */
const asked = () => createSyncStore(db).cursors();

describe('invitations and links by digest', () => {
  it('a fresh database asks with 0 for both: the server sends them whole', async () => {
    expect(await asked()).toEqual({ refused: 0, notifications: 0, invitations: 0, links: 0, profile: 0, feeds: 0 });
  });

  it('a page that brings them stores them with their digests, and the next pull is asked with those', async () => {
    await applyPull(page({ invitations: [incoming('l1')], links: [], cursors: { [me.inboxId]: 3, refused: 0, invitations: 41, links: 42 } }), db, await asked());
    expect(await readInvitations(db)).toEqual([incoming('l1')]);
    expect(await asked()).toEqual({ refused: 0, notifications: 0, [me.inboxId]: 3, invitations: 41, links: 42, profile: 0, feeds: 0 });
  });

  it('a page that leaves them out keeps what the device holds, and its digests', async () => {
    await applyPull(page({ invitations: [incoming('l1')], links: [link('k1', me.inboxId)], cursors: { invitations: 41, links: 42 } }), db, await asked());
    await applyPull(page({ cursors: { [me.inboxId]: 5, invitations: 41, links: 42 } }), db, await asked());
    expect(await readInvitations(db)).toEqual([incoming('l1')]);
    expect(await readLinks(db)).toEqual([link('k1', me.inboxId)]);
    expect(await asked()).toMatchObject({ invitations: 41, links: 42 });
    // one set changed: only it comes, and only its digest moves
    await applyPull(page({ links: [], cursors: { invitations: 41, links: 43 } }), db, await asked());
    expect(await readInvitations(db)).toEqual([incoming('l1')]);
    expect(await readLinks(db)).toEqual([]);
    expect(await asked()).toMatchObject({ invitations: 41, links: 43 });
  });

  it('sets from a server before digests replace what is held, and the next pull asks for them again', async () => {
    await applyPull(page({ invitations: [incoming('l1')], links: [], cursors: { invitations: 41, links: 42 } }), db, await asked());
    await applyPull(page({ invitations: [], links: [link('k1', me.inboxId)], cursors: {} }), db, await asked());
    expect(await readInvitations(db)).toEqual([]);
    expect(await readLinks(db)).toEqual([link('k1', me.inboxId)]);
    expect(await asked()).toMatchObject({ invitations: 0, links: 0 });
  });

  it('a change made on this device drops the digest of the set it changed', async () => {
    const list = await lists.create({ name: 'Garden' });
    await applyPull(page({ invitations: [incoming('l1')], links: [], cursors: { invitations: 41, links: 42 } }), db, await asked());
    await invitations.decline('l1', db);
    expect(await readInvitations(db)).toEqual([]);
    expect(await asked()).toMatchObject({ invitations: 0, links: 42 });
    await links.create(list.id, 'viewer', 7, db);
    expect(await readLinks(db)).toHaveLength(1);
    expect(await asked()).toMatchObject({ invitations: 0, links: 0 });
  });

  it('a queued change replayed over a pulled set drops its digest: the set held is not the server’s', async () => {
    await invitations.decline('l1', db);
    const sent = await asked();
    await applyPull(page({ invitations: [incoming('l1'), incoming('l2')], cursors: { invitations: 41, links: 42 } }), db, sent);
    // the decline, still queued, takes l1 off again
    expect((await readInvitations(db)).map((i) => i.list_id)).toEqual(['l2']);
    expect(await asked()).toMatchObject({ invitations: 0 });
  });

  it('a digest never becomes a list cursor: nothing is purged for it, nothing rewound', async () => {
    const merged = mergeCursors({ [me.inboxId]: 2 }, { [me.inboxId]: 3, refused: 1, invitations: 41, links: 42 }, { [me.inboxId]: 2, invitations: 0, links: 0 });
    expect(merged).toEqual({ [me.inboxId]: 3, refused: 1 });
    expect(cursorLists({ [me.inboxId]: 3, refused: 1, invitations: 41, links: 42 })).toEqual([me.inboxId]);
    const out = await applyPull(page({ invitations: [], links: [], cursors: { [me.inboxId]: 3, invitations: 41, links: 42 } }), db, await asked());
    expect(out.purgedLists).toEqual([]);
    expect(await db.lists.get(me.inboxId)).toBeDefined();
  });
});

describe('the profile by digest', () => {
  it('a pulled profile is kept with its digest; a name chosen here shows at once on the person’s member rows and drops the digest', async () => {
    await applyPull(page({ profile: { display_name: 'Ana', color: null, language: 'de', week_start: null }, cursors: { profile: 7 } }), db, await asked());
    expect(await readProfile(db)).toEqual({ display_name: 'Ana', color: null, language: 'de', week_start: null });
    expect(await asked()).toMatchObject({ profile: 7 });
    await db.members.put({ list_id: 'l1', user_id: me.userId, email: 'ana.b@example.test', role: 'editor', display_name: 'Ana' });
    await profile.update({ display_name: ' Ana Lima ', color: 'teal' }, db);
    expect(await readProfile(db)).toEqual({ display_name: 'Ana Lima', color: 'teal', language: 'de', week_start: null });
    expect(await db.members.get(['l1', me.userId])).toMatchObject({ display_name: 'Ana Lima', color: 'teal' });
    expect(await asked()).toMatchObject({ profile: 0 });
    // cleared: the e-mail's local part stands in
    await profile.update({ display_name: '' }, db);
    expect(await db.members.get(['l1', me.userId])).toMatchObject({ display_name: 'ana.b' });
  });

  it('a change still queued is replayed over the profile a pull brings', async () => {
    await profile.update({ display_name: 'Bo' }, db);
    await applyPull(page({ profile: { display_name: null, color: 'red', language: null, week_start: 1 }, cursors: { profile: 9 } }), db, await asked());
    expect(await readProfile(db)).toEqual({ display_name: 'Bo', color: 'red', language: null, week_start: 1 });
    expect(await asked()).toMatchObject({ profile: 0 });
  });
});

describe('calendar feeds by digest', () => {
  const feed = { id: 'p1', kind: 'all' as const, target_id: null, name: 'Daybook', options: {}, created_at: '2026-11-28T12:00:00.000Z' };

  it('a page that brings them stores them with their digest; a feed made here asks for them whole again', async () => {
    await applyPull(page({ feeds: [feed], cursors: { feeds: 77 } }), db, await asked());
    expect(await readFeeds(db)).toEqual([feed]);
    expect(await asked()).toMatchObject({ feeds: 77 });
    await feeds.create({ kind: 'all', targetId: null, name: 'Second', options: {} }, db);
    expect((await readFeeds(db)).map((f) => f.name)).toEqual(['Daybook', 'Second']);
    expect(await asked()).toMatchObject({ feeds: 0 });
    // a page without them (the digest matched) keeps what the device holds
    await applyPull(page({ cursors: { feeds: 78 } }), db, await asked());
    expect((await readFeeds(db)).map((f) => f.name)).toEqual(['Daybook', 'Second']);
  });
});
