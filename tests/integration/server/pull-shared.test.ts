// Invitations and share links in sync_pull (SPEC §9, §13.1) through supabase-js on PGlite and
// PostgreSQL 15: a device that names their digests among its cursors is sent each set only when
// it differs from what it holds, and after any change every device of everyone concerned is sent
// the new set at its next pull; a device that does not name them gets both whole on every page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, ShareLink } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { linkCreate, listCreate, newId, pull, pullAll, pushOk } from '../../helpers/server-sync';

/** A device as the app keeps one: its cursors, and the sets with the digests the server gave them. */
interface Device {
  user: TestUser;
  clientId: string;
  cursors: Record<string, number>;
  invitations: Invitation[];
  links: ShareLink[];
}

/** What a pull (all its pages) sent of the two sets. */
interface Sent {
  invitations: boolean;
  links: boolean;
}

describe.each(SERVER_KINDS)('invitations and links sent when changed, on %s', (kind) => {
  let srv: TestServer;
  let alice: TestUser;

  const device = (user: TestUser): Device => ({ user, clientId: newId(), cursors: { refused: 0, invitations: 0, links: 0 }, invitations: [], links: [] });

  /** Pulls every page as the app does: a set that comes replaces the device's, and its digest is kept. */
  async function sync(d: Device): Promise<Sent> {
    const sent: Sent = { invitations: false, links: false };
    for (let i = 0; i < 100; i++) {
      const { data, error } = await pull(d.user.client, d.clientId, d.cursors);
      if (error || !data) throw new Error(`pull failed: ${error?.message}`);
      expect(typeof data.cursors.invitations).toBe('number');
      expect(typeof data.cursors.links).toBe('number');
      if (data.invitations) {
        d.invitations = data.invitations;
        sent.invitations = true;
      } else expect(data.cursors.invitations).toBe(d.cursors.invitations);
      if (data.links) {
        d.links = data.links;
        sent.links = true;
      } else expect(data.cursors.links).toBe(d.cursors.links);
      d.cursors = { ...d.cursors, ...data.cursors };
      if (!data.has_more) return sent;
    }
    throw new Error('no last page');
  }

  /** The sets as a device from before digests is sent them: whole. */
  async function whole(user: TestUser) {
    const last = (await pullAll(user.client, newId())).at(-1)!;
    return { invitations: last.invitations ?? [], links: last.links ?? [] };
  }

  /** Each device's next pull sends what `changed` says, and leaves the device holding the server's sets. */
  async function expectNext(devices: Device[], changed: Sent) {
    for (const d of devices) {
      expect(await sync(d), d.user.email).toEqual(changed);
      expect({ invitations: d.invitations, links: d.links }).toEqual(await whole(d.user));
      // and the pull after it is caught up
      expect(await sync(d)).toEqual({ invitations: false, links: false });
    }
  }

  const push = (user: TestUser, name: string, args: Record<string, unknown>) => pushOk(user.client, newId(), [{ id: 1, name, args }]);
  async function aliceList(name = 'Allotment') {
    const listId = newId();
    const r = await pushOk(alice.client, newId(), [listCreate(1, listId, name)]);
    expect(r.results[0]?.status).toBe('applied');
    return listId;
  }
  const link = (listId: string) => linkCreate(alice.client, listId);

  beforeAll(async () => {
    srv = await startTestServer(kind);
    alice = await signUpUser(srv);
  });
  afterAll(() => srv?.stop());

  it('a device that holds nothing is sent both with their digests; a caught-up pull leaves both out; one without the keys gets both whole', async () => {
    const bob = await signUpUser(srv);
    const listId = await aliceList();
    await push(alice, 'member.invite', { list_id: listId, email: bob.email, role: 'editor' });
    await link(listId);

    const phone = device(alice);
    expect(await sync(phone)).toEqual({ invitations: true, links: true });
    expect(phone.invitations.filter((i) => i.list_id === listId)).toMatchObject([{ email: bob.email, incoming: false }]);
    expect(phone.links.filter((l) => l.list_id === listId)).toHaveLength(1);
    const { data: caughtUp } = await pull(alice.client, phone.clientId, phone.cursors);
    expect(caughtUp).not.toHaveProperty('invitations');
    expect(caughtUp).not.toHaveProperty('links');
    expect(caughtUp!.cursors).toMatchObject({ invitations: phone.cursors.invitations, links: phone.cursors.links });
    // a digest fits a JavaScript number exactly and is never the 0 of "none held"
    for (const key of ['invitations', 'links']) {
      expect(Number.isSafeInteger(phone.cursors[key])).toBe(true);
      expect(phone.cursors[key]).toBeGreaterThan(0);
    }

    // a device from before digests: both whole on every page, no digest among the cursors
    const { refused: _r, invitations: _i, links: _l, ...lists } = phone.cursors;
    const { data: old } = await pull(alice.client, newId(), lists);
    expect(old!.invitations).toEqual(phone.invitations);
    expect(old!.links).toEqual(phone.links);
    expect(old!.cursors).not.toHaveProperty('invitations');
    expect(old!.cursors).not.toHaveProperty('links');
    // one that names a digest it does not hold is sent the set
    const { data: wrong } = await pull(alice.client, newId(), { ...phone.cursors, invitations: phone.cursors.invitations! + 1 });
    expect(wrong!.invitations).toEqual(phone.invitations);
    expect(wrong).not.toHaveProperty('links');
  });

  it('invite, decline, dismiss, re-invite, accept: every device of both people is sent the new set at its next pull', async () => {
    const bob = await signUpUser(srv);
    const listId = await aliceList();
    const devices = [device(alice), device(alice), device(bob), device(bob)];
    for (const d of devices) await sync(d);
    const [alicePhone, , bobPhone] = devices as [Device, Device, Device, Device];

    await push(alice, 'member.invite', { list_id: listId, email: bob.email, role: 'editor' });
    await expectNext(devices, { invitations: true, links: false });
    expect(bobPhone.invitations.map((i) => i.list_id)).toEqual([listId]);

    await push(bob, 'invitation.decline', { list_id: listId });
    await expectNext(devices, { invitations: true, links: false });
    expect(bobPhone.invitations).toEqual([]);
    expect(alicePhone.invitations.filter((i) => i.list_id === listId)).toMatchObject([{ status: 'declined' }]);

    await push(alice, 'invitation.cancel', { list_id: listId, email: bob.email });
    await expectNext(devices.slice(0, 2), { invitations: true, links: false });
    expect(alicePhone.invitations.filter((i) => i.list_id === listId)).toEqual([]);
    await expectNext(devices.slice(2), { invitations: false, links: false });

    await push(alice, 'member.invite', { list_id: listId, email: bob.email, role: 'viewer' });
    await expectNext(devices, { invitations: true, links: false });
    expect(bobPhone.invitations).toMatchObject([{ list_id: listId, role: 'viewer' }]);

    // re-inviting with another role changes what both see
    await push(alice, 'member.invite', { list_id: listId, email: bob.email, role: 'editor' });
    await expectNext(devices, { invitations: true, links: false });
    expect(bobPhone.invitations).toMatchObject([{ list_id: listId, role: 'editor' }]);

    await push(bob, 'invitation.accept', { list_id: listId });
    await expectNext(devices, { invitations: true, links: false });
    expect(bobPhone.invitations).toEqual([]);
    expect(bobPhone.cursors[listId]).toBeGreaterThan(0);
  });

  it('expiry, a renamed or deleted list: the next pull sends the set without what the person may no longer see', async () => {
    const bob = await signUpUser(srv);
    const [expiring, renamed, deleted] = [await aliceList('Expiring'), await aliceList('Renamed'), await aliceList('Deleted')];
    for (const listId of [expiring, renamed, deleted]) await push(alice, 'member.invite', { list_id: listId, email: bob.email, role: 'editor' });
    const devices = [device(alice), device(bob), device(bob)];
    for (const d of devices) await sync(d);
    const bobPhone = devices[1]!;
    expect(bobPhone.invitations.map((i) => i.list_name).sort()).toEqual(['Deleted', 'Expiring', 'Renamed']);

    await srv.sql.query(`update public.list_invitations set expires_at = now() - interval '1 second' where list_id = $1`, [expiring]);
    await expectNext(devices, { invitations: true, links: false });
    expect(bobPhone.invitations.map((i) => i.list_name).sort()).toEqual(['Deleted', 'Renamed']);

    await push(alice, 'list.update', { id: renamed, patch: { name: 'Garden' } });
    await expectNext(devices.slice(1), { invitations: true, links: false });
    expect(bobPhone.invitations.map((i) => i.list_name).sort()).toEqual(['Deleted', 'Garden']);

    await push(alice, 'list.delete', { id: deleted });
    await expectNext(devices.slice(1), { invitations: true, links: false });
    expect(bobPhone.invitations.map((i) => i.list_name)).toEqual(['Garden']);
  });

  it('link made, revoked and expired: the owner’s devices are sent the new links, the invitations left out', async () => {
    const listId = await aliceList();
    const devices = [device(alice), device(alice)];
    for (const d of devices) await sync(d);
    const phone = devices[0]!;

    const first = await link(listId);
    await expectNext(devices, { invitations: false, links: true });
    expect(phone.links.filter((l) => l.list_id === listId).map((l) => l.id)).toEqual([first.id]);

    const second = await link(listId);
    await expectNext(devices, { invitations: false, links: true });
    await push(alice, 'link.revoke', { id: first.id, list_id: listId });
    await expectNext(devices, { invitations: false, links: true });
    expect(phone.links.filter((l) => l.list_id === listId).map((l) => l.id)).toEqual([second.id]);

    await srv.sql.query(`update public.list_links set expires_at = now() - interval '1 second' where id = $1`, [second.id]);
    await expectNext(devices, { invitations: false, links: true });
    expect(phone.links.filter((l) => l.list_id === listId)).toEqual([]);
  });

  it('joining through a link takes the joiner’s invitation off both people’s devices', async () => {
    const bob = await signUpUser(srv);
    const listId = await aliceList();
    await push(alice, 'member.invite', { list_id: listId, email: bob.email, role: 'viewer' });
    const { token } = await link(listId);
    const devices = [device(alice), device(bob)];
    for (const d of devices) await sync(d);
    expect(devices[1]!.invitations.map((i) => i.list_id)).toEqual([listId]);

    const { error } = await bob.client.rpc('join_list', { p_token: token });
    expect(error).toBeNull();
    await expectNext(devices, { invitations: true, links: false });
    expect(devices[1]!.invitations).toEqual([]);
    expect(devices[1]!.cursors[listId]).toBeGreaterThan(0);
  });

  it('a member removed: what their membership hid is sent to their devices', async () => {
    const bob = await signUpUser(srv);
    const listId = await aliceList();
    await push(alice, 'member.invite', { list_id: listId, email: bob.email, role: 'editor' });
    await push(bob, 'invitation.accept', { list_id: listId });
    const devices = [device(alice), device(bob), device(bob)];
    for (const d of devices) await sync(d);
    // an invitation of Bob's to a list he is on: hidden from him while he is a member
    await srv.sql.query(`insert into public.list_invitations (list_id, email, role, invited_by) values ($1, $2, 'viewer', $3)`, [listId, bob.email, alice.userId]);
    await expectNext(devices.slice(0, 1), { invitations: true, links: false });
    await expectNext(devices.slice(1), { invitations: false, links: false });

    await push(alice, 'member.remove', { list_id: listId, user_id: bob.userId });
    await expectNext(devices.slice(1), { invitations: true, links: false });
    expect(devices[1]!.invitations).toMatchObject([{ list_id: listId, role: 'viewer', incoming: true }]);
  });
});
